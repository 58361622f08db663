import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DcCompareResponse, DcOptionFigures, DcOptionsResponse } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { DcComparePage } from './DcComparePage';
import { DcExplorePage } from './DcExplorePage';
import { OptionCard } from './OptionCard';

beforeEach(quietConsole);

const option = (code: DcOptionFigures['code'], figures: Partial<DcOptionFigures> = {}): DcOptionFigures => ({
  code,
  eligible: true,
  notEligibleReason: null,
  choice: { code },
  taxFreeCashPence: 0,
  taxableCashPence: 0,
  cashTaxPence: 0,
  cashAfterTaxPence: 0,
  yearlyIncomePence: 0,
  yearlyIncomeTaxPence: 0,
  yearlyIncomeAfterTaxPence: 0,
  potLeftInvestedPence: 0,
  lumpSumAllowanceUsedPence: 0,
  mpaaApplies: false,
  givesUp: [],
  drawdown: null,
  annuity: null,
  ...figures,
});

const drawdown = option('cash-and-drawdown', {
  choice: { code: 'cash-and-drawdown', taxFreeCashPence: 4_800_000, drawdownIncomePence: 900_000 },
  taxFreeCashPence: 4_800_000,
  cashAfterTaxPence: 4_800_000,
  yearlyIncomePence: 900_000,
  yearlyIncomeTaxPence: 0,
  yearlyIncomeAfterTaxPence: 900_000,
  mpaaApplies: true,
  givesUp: ['A guaranteed income: the pot can run out'],
  drawdown: {
    potPence: 14_400_000,
    yearlyIncomePence: 900_000,
    growthAfterCharges: 0.035,
    charges: 0.004,
    lastsMonths: 240,
    lastsUntilAge: { years: 85, months: 0 },
    potByAge: [
      { age: 65, date: '2027-07-28', potPence: 14_400_000 },
      { age: 66, date: '2028-07-28', potPence: 13_990_000 },
    ],
  },
});
const annuity = option('cash-and-annuity', {
  choice: {
    code: 'cash-and-annuity',
    taxFreeCashPence: 4_800_000,
    annuityLives: 'single',
    annuityEscalation: 'level',
  },
  taxFreeCashPence: 4_800_000,
  yearlyIncomePence: 950_400,
  yearlyIncomeAfterTaxPence: 950_400,
  givesUp: ['Flexibility: an annuity cannot be changed once bought'],
  annuity: {
    potPence: 14_400_000,
    lives: 'single',
    escalation: 'level',
    rate: 0.066,
    yearlyIncomePence: 950_400,
    yearlyIncrease: null,
    ratesAsAt: '2026-01-01',
  },
});
const smallPot = option('small-pot', {
  eligible: false,
  notEligibleReason: 'Your pot is more than £10,000.',
});

const explored: DcOptionsResponse = {
  isCalculationSuccessful: true,
  calculatedOn: '2026-11-28',
  retirementDate: '2027-07-28',
  ageAtRetirement: { years: 65, months: 0 },
  range: { earliestDate: '2026-11-28', latestDate: '2037-07-28' },
  currentPotPence: 18_640_000,
  potPence: 19_200_000,
  taxFreeCash: {
    maximumPence: 4_800_000,
    lumpSumAllowanceRemainingPence: 26_827_500,
    limitedBy: 'quarter-of-pot',
  },
  smallPot: false,
  mpaaPence: 1_000_000,
  tax: {
    regime: 'rest-of-uk',
    regimeReason: 'your address is in England',
    taxYear: '2027/28',
    ratesTaxYear: '2026/27',
    frozenRatesAssumed: true,
    personalAllowancePence: 1_257_000,
    otherIncomePence: 0,
    source: 'HMRC rates and allowances',
  },
  assumptions: ['Growth of 3.5% a year after charges'],
  options: [drawdown, annuity, smallPot],
};

function renderAt(path: string, element: React.ReactNode, route: string) {
  return renderApp(path, {
    routes: [
      { path: route, element },
      { path: '/retirement/dc-options/compare', element: <p>Compare page</p> },
    ],
  }).router;
}

describe('an option', () => {
  it('shows its cash, income after tax, what it gives up, the MPAA warning and the pot by age as a chart and a table', () => {
    render(<OptionCard option={drawdown} mpaaPence={1_000_000} />);
    const card = screen.getByRole('region', { name: 'Tax-free cash and a flexible income (drawdown)' });
    expect(within(card).getByText('Tax-free cash').nextSibling?.textContent).toBe('£48,000');
    expect(within(card).getByText('Yearly income after estimated tax').nextSibling?.textContent).toContain(
      '£9,000.00 a year',
    );
    expect(within(card).getByText('Drawdown').nextSibling?.textContent).toContain(
      'lasting until you are about 85 if it grows 3.5% a year after charges of 0.4% a year',
    );
    expect(within(card).getByText('A guaranteed income: the pot can run out')).toBeTruthy();
    expect(within(card).getByText(/no more than £10,000 a year can then be paid in/)).toBeTruthy();
    expect(within(card).getByRole('img', { name: /£144,000 at 65, £139,900 at 66/ })).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'Your drawdown pot on each birthday' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('says why it cannot be taken, with no figures', () => {
    render(<OptionCard option={smallPot} mpaaPence={1_000_000} />);
    expect(screen.getByText('Your pot is more than £10,000.')).toBeTruthy();
    expect(screen.queryByText('Tax-free cash')).toBeNull();
  });
});

describe('the explore page', () => {
  it('shows the options and refuses a typing slip in the error summary without asking the server', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return jsonResponse(200, explored);
    });
    renderAt('/retirement/dc-options', <DcExplorePage />, '/retirement/dc-options');
    expect(await screen.findByRole('heading', { name: 'Your options on 28 Jul 2027' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tax-free cash, in pounds'), { target: { value: '48k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').getAttribute('href')).toBe('#taxFreeCash');
    // one read of the options (the other, the address of My pension for the back link)
    expect(asked.filter((url) => !url.includes('/content/url'))).toHaveLength(1);
  });

  it('shows the server’s refusal of an amount on its field', async () => {
    stubFetch((url) =>
      url.includes('taxFreeCashPence')
        ? jsonResponse(400, { errors: [{ code: 'lump_sum_out_of_range', message: 'Too much' }] })
        : jsonResponse(200, explored),
    );
    renderAt('/retirement/dc-options', <DcExplorePage />, '/retirement/dc-options');
    await screen.findByRole('heading', { name: 'Your options on 28 Jul 2027' });
    fireEvent.change(screen.getByLabelText('Tax-free cash, in pounds'), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures' }));
    expect(
      await screen.findByRole('link', { name: 'Tax-free cash must be no more than £48,000.00' }),
    ).toBeTruthy();
  });

  it('tells a member whose record is not a savings pot that the options are not for it', async () => {
    stubFetch(() => jsonResponse(400, { errors: [{ code: 'not_a_dc_record', message: 'Not DC' }] }));
    renderAt('/retirement/dc-options', <DcExplorePage />, '/retirement/dc-options');
    expect(await screen.findByText(/the record you are seeing is not one/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show the figures' })).toBeNull();
  });

  it('asks for 2 or 3 options to compare, then opens compare with their choices', async () => {
    stubFetch(() => jsonResponse(200, explored));
    const router = renderAt(
      '/retirement/dc-options?otherIncomePence=1254760',
      <DcExplorePage />,
      '/retirement/dc-options',
    );
    await screen.findByRole('heading', { name: 'Your options on 28 Jul 2027' });
    const compare = screen.getByRole('button', { name: 'Compare the options you chose' });
    fireEvent.click(compare);
    expect(await screen.findByRole('link', { name: 'Choose 2 or 3 options to compare' })).toBeTruthy();
    const boxes = screen.getAllByLabelText('Compare this option');
    fireEvent.click(boxes[0]!);
    fireEvent.click(boxes[1]!);
    fireEvent.click(compare);
    await screen.findByText('Compare page');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('retirementDate')).toBe('2027-07-28');
    expect(query.get('otherIncomePence')).toBe('1254760');
    expect(JSON.parse(query.get('options')!)).toEqual([drawdown.choice, annuity.choice]);
  });
});

const compared: DcCompareResponse = {
  ...explored,
  household: 'single',
  standards: {
    year: '2024/25',
    source: 'PLSA Retirement Living Standards',
    levels: [
      { level: 'minimum', singlePence: 1_440_000, couplePence: 2_220_000 },
      { level: 'moderate', singlePence: 3_130_000, couplePence: 4_330_000 },
      { level: 'comfortable', singlePence: 4_330_000, couplePence: 6_000_000 },
    ],
  },
  options: [drawdown, annuity].map((figures) => ({
    ...figures,
    reaches: null,
    againstStandards: [
      {
        level: 'minimum' as const,
        standardPence: 1_440_000,
        differencePence: figures.yearlyIncomeAfterTaxPence - 1_440_000,
      },
      {
        level: 'moderate' as const,
        standardPence: 3_130_000,
        differencePence: figures.yearlyIncomeAfterTaxPence - 3_130_000,
      },
      {
        level: 'comfortable' as const,
        standardPence: 4_330_000,
        differencePence: figures.yearlyIncomeAfterTaxPence - 4_330_000,
      },
    ],
  })),
};

describe('the compare page', () => {
  it('sets the options side by side against the living standards', async () => {
    let sent: unknown;
    stubFetch((_url, init) => {
      sent = JSON.parse(String(init.body));
      return jsonResponse(200, compared);
    });
    const query = new URLSearchParams({
      retirementDate: '2027-07-28',
      options: JSON.stringify([drawdown.choice, annuity.choice]),
      lumpSumAllowanceUsedPence: '1000000',
    });
    renderAt(`/retirement/dc-options/compare?${query}`, <DcComparePage />, '/retirement/dc-options/compare');
    const table = await screen.findByRole('table', { name: 'Your options side by side' });
    expect(sent).toEqual({
      retirementDate: '2027-07-28',
      household: 'single',
      lumpSumAllowanceUsedPence: 1_000_000,
      options: [drawdown.choice, annuity.choice],
    });
    const minimum = within(table).getByRole('row', { name: /Against the minimum standard/ });
    expect(
      within(minimum)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['£5,400.00 a year short', '£4,896.00 a year short']);
    expect(within(table).getAllByRole('cell', { name: 'Below the minimum standard' })).toHaveLength(2);
  });

  it('says there is nothing to compare when the address holds no options', async () => {
    stubFetch(() => jsonResponse(200, compared));
    renderAt(
      '/retirement/dc-options/compare?options=oops',
      <DcComparePage />,
      '/retirement/dc-options/compare',
    );
    expect(await screen.findByText(/There are no options to compare/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
