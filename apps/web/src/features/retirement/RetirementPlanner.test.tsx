import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RetirementPlanner as Plan } from '@meridian/contracts';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { RetirementPlanner } from './RetirementPlanner';
import { AvcExplained, avcExtraText } from './AvcExplained';
import type { DbQuoteOption, DbQuoteView } from './retirement-api';

beforeEach(quietConsole);

const at = (age: number, kind: 'early' | 'late' | 'none', months: number, factor: number) => ({
  age,
  retirementDate: `${1986 + age}-01-15`,
  adjustment: { kind, months, factor },
  fullPensionPence: 2_000_000 + age * 10_000,
  maximumLumpSumPence: 9_000_000,
  maximumLumpSumFromAvcPence: 0,
  pensionWithMaximumLumpSumPence: 1_500_000,
});

const plan = (extra: Partial<Plan> = {}): Plan => ({
  isCalculationSuccessful: true,
  calculatedOn: '2026-06-01',
  dateOfBirth: '1986-01-15',
  range: { from: '2043-01-15', to: '2053-01-15' },
  earliestRetirementDate: '2043-01-15',
  normalRetirementDate: '2051-01-15',
  latestRetirementDate: '2053-01-15',
  normalRetirementAge: 65,
  earliestReason: 'minimum-pension-age',
  normalMinimumPensionAge: 57,
  protectedPensionAge: null,
  avcFundPence: 0,
  avcTakenAsCashFirst: true,
  ages: [at(57, 'early', 96, 0.703), at(65, 'none', 0, 1), at(67, 'late', 24, 1.1025)],
  assumptions: ['Figures are before income tax.'],
  ...extra,
});

describe('the retirement planner', () => {
  it('explains the earliest date and the factors, and gives each age in the table under the chart', async () => {
    stubFetch(() => jsonResponse(200, plan()));
    render(<RetirementPlanner />);
    expect(await screen.findByText(/rises from 55 to 57 on 6 April 2028: for you it is 57/)).toBeTruthy();
    expect(screen.getByText(/At 57 your pension is multiplied by 0.703 \(96 months early\)/)).toBeTruthy();
    expect(screen.getByText(/At 67 your pension is multiplied by 1.1025 \(24 months late\)/)).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Bar chart of your pension a year at each age from 57 to 67: £25,700 at 57, £26,700 at 67/,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AgeDateEarly or late retirementFull pension a yearMost tax-free cashPension a year with the most tax-free cash',
      '5715 Jan 2043Reduced: 96 months early, × 0.703£25,700.00£90,000.00£15,000.00',
      '6515 Jan 2051None: your normal retirement age£26,500.00£90,000.00£15,000.00',
      '6715 Jan 2053Increased: 24 months late, × 1.1025£26,700.00£90,000.00£15,000.00',
    ]);
  });

  it('names a protected pension age, and refuses an age outside the range without asking for figures', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return jsonResponse(200, plan({ earliestReason: 'protected-pension-age', protectedPensionAge: 55 }));
    });
    render(<RetirementPlanner />);
    expect(await screen.findByText(/You have a protected pension age of 55/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Age you would retire at'), { target: { value: '56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my figures' }));
    expect((await screen.findAllByText('Enter an age in whole years from 57 to 67')).length).toBeGreaterThan(
      0,
    );
    expect(asked.filter((url) => url.includes('/v3/retirement/quotes'))).toEqual([]);
  });
});

describe('the AVC fund at a date', () => {
  // £10,000 a year at 65, CF 12, fund £38,450 at £24 a £1 (avc-use.test.ts, worked by hand).
  const option = (kind: DbQuoteOption['kind'], figures: Partial<DbQuoteOption>): DbQuoteOption => ({
    kind,
    lumpSumPence: 0,
    fromAvcPence: 0,
    fromCommutationPence: 0,
    pensionGivenUpPence: 0,
    residualPensionPence: 1_000_000,
    avcRemainingPence: 0,
    avcExtraPensionPence: 0,
    ...figures,
  });
  const quote = (extra: Partial<DbQuoteView>): DbQuoteView =>
    ({
      kind: 'DB',
      avcFundPence: 3_845_000,
      avcPensionFactor: 24,
      avcFundAsPensionPence: 160_208,
      ...extra,
    }) as DbQuoteView;

  it('taken as cash first: the cash from the fund and what the whole fund would buy instead', () => {
    const most = option('maximum-lump-sum', {
      lumpSumPence: 5_658_928,
      fromAvcPence: 3_845_000,
      fromCommutationPence: 1_813_928,
      pensionGivenUpPence: 151_160,
      residualPensionPence: 848_840,
    });
    render(<AvcExplained quote={quote({ avcTakenAsCashFirst: true, options: [most] })} />);
    expect(screen.getByRole('heading', { name: 'Your AVC fund of £38,450.00' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Your AVC fund of £38,450.00' });
    expect(section.textContent).toContain(
      'With the most tax-free cash, £38,450.00 comes from your AVC fund and £18,139.28 from giving up £1,511.60 a year of pension.',
    );
    expect(section.textContent).toContain(
      'all of it would buy £1,602.08 a year (at your age, £24 of AVC fund buys £1 a year of pension).',
    );
    expect(avcExtraText(most)).toBeNull();
  });

  it('where the scheme does not pay AVCs as cash: extra pension only, with every option', () => {
    const most = option('maximum-lump-sum', {
      lumpSumPence: 4_285_714,
      fromCommutationPence: 4_285_714,
      pensionGivenUpPence: 357_142,
      residualPensionPence: 642_858,
      avcRemainingPence: 3_845_000,
      avcExtraPensionPence: 160_208,
    });
    render(<AvcExplained quote={quote({ avcTakenAsCashFirst: false, options: [most] })} />);
    const section = screen.getByRole('region', { name: 'Your AVC fund of £38,450.00' });
    expect(section.textContent).toContain(
      'Your scheme does not pay additional voluntary contributions (AVCs) as tax-free cash',
    );
    expect(screen.getByText('Extra pension from your AVC fund').nextSibling?.textContent).toBe(
      '£1,602.08 a year (at your age, £24 of AVC fund buys £1 a year of pension)',
    );
    expect(section.textContent).not.toContain('As tax-free cash, first.');
    expect(avcExtraText(most)).toBe(
      'plus £1,602.08 a year of extra pension from £38,450.00 of your AVC fund',
    );
    expect(avcExtraText({ ...most, avcExtraPensionPence: null })).toBe(
      '£38,450.00 of your AVC fund buys extra pension, worked out when you apply',
    );
  });

  it('says the planner’s cash leaves the fund out where the scheme does not pay AVCs as cash', async () => {
    stubFetch(() => jsonResponse(200, plan({ avcFundPence: 3_845_000, avcTakenAsCashFirst: false })));
    render(<RetirementPlanner />);
    expect(
      await screen.findByText(
        /Your AVC fund of £38,450.00 buys extra pension on top of these figures: your scheme does not pay it as cash\./,
      ),
    ).toBeTruthy();
  });
});
