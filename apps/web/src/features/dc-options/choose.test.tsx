import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DcOptionFigures, DcQuoteSelection, DcQuoteSelectionResponse } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { chooseHref, readChooseForm, selectionFromQuery } from './choose-form';
import { DcChoosePage } from './DcChoosePage';

beforeEach(quietConsole);

const choice = {
  code: 'cash-and-drawdown' as const,
  taxFreeCashPence: 4_800_000,
  drawdownIncomePence: 900_000,
};
const selection: DcQuoteSelection = { retirementDate: '2027-07-28', choice };

const option = (taxFreeCashPence: number): DcOptionFigures => ({
  code: 'cash-and-drawdown',
  eligible: true,
  notEligibleReason: null,
  choice: { ...choice, taxFreeCashPence },
  taxFreeCashPence,
  taxableCashPence: 0,
  cashTaxPence: 0,
  cashAfterTaxPence: taxFreeCashPence,
  yearlyIncomePence: 900_000,
  yearlyIncomeTaxPence: 0,
  yearlyIncomeAfterTaxPence: 900_000,
  potLeftInvestedPence: 0,
  lumpSumAllowanceUsedPence: taxFreeCashPence,
  mpaaApplies: true,
  givesUp: ['A guaranteed income: the pot can run out'],
  drawdown: null,
  annuity: null,
});

const answer = (
  taxFreeCashPence: number,
  payments = [{ paidOn: '2027-07-28', amountPence: taxFreeCashPence }],
) =>
  ({
    calculatedOn: '2026-11-28',
    retirementDate: '2027-07-28',
    potPence: 19_200_000,
    taxFreeCash: { minimumPence: 0, maximumPence: 4_800_000, limitedBy: 'quarter-of-pot' },
    instalments: { allowed: true, secondPaidOn: '2028-01-28' },
    payments,
    option: option(taxFreeCashPence),
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
  }) satisfies DcQuoteSelectionResponse;

describe('the choose form', () => {
  const figures = answer(4_800_000);
  const values = { taxFreeCash: '12,000.55', instalments: 'one' as const, secondInstalment: '' };

  it('reads pounds and pence into the selection, with a second instalment where the scheme pays one', () => {
    expect(readChooseForm(values, selection, figures)).toEqual({
      ok: true,
      selection: { ...selection, choice: { ...choice, taxFreeCashPence: 1_200_055 } },
    });
    expect(
      readChooseForm({ ...values, instalments: 'two', secondInstalment: '2000' }, selection, figures),
    ).toMatchObject({ ok: true, selection: { secondInstalmentPence: 200_000 } });
  });

  it('refuses with the contract’s schema what the server would: over the most, instalments not allowed or too large', () => {
    expect(readChooseForm({ ...values, taxFreeCash: '48000.01' }, selection, figures)).toEqual({
      ok: false,
      errors: [{ field: 'taxFreeCash', message: 'Tax-free cash must be £48,000.00 or less' }],
    });
    expect(readChooseForm({ ...values, taxFreeCash: '12k' }, selection, figures)).toMatchObject({
      ok: false,
      errors: [{ field: 'taxFreeCash' }],
    });
    expect(
      readChooseForm({ ...values, instalments: 'two', secondInstalment: '12000.55' }, selection, figures),
    ).toMatchObject({
      ok: false,
      errors: [{ field: 'secondInstalment', message: /less than your tax-free cash/ }],
    });
    const oneOnly = { ...figures, instalments: { allowed: false, secondPaidOn: null } };
    expect(
      readChooseForm({ ...values, instalments: 'two', secondInstalment: '1' }, selection, oneOnly),
    ).toMatchObject({ ok: true, selection: { choice: { taxFreeCashPence: 1_200_055 } } });
  });

  it('carries the option in its address, and refuses an address that names none', () => {
    const href = chooseHref('2027-07-28', choice);
    expect(selectionFromQuery(new URL(href, 'https://x').searchParams)).toEqual(selection);
    expect(selectionFromQuery(new URLSearchParams('retirementDate=2027-07-28&choice={'))).toBeNull();
    expect(selectionFromQuery(new URLSearchParams('choice={"code":"lottery"}'))).toBeNull();
  });
});

describe('the choose page', () => {
  const open = () =>
    renderApp(chooseHref('2027-07-28', choice), {
      routes: [{ path: '/retirement/dc-options/choose', element: <DcChoosePage /> }],
    });

  it('moves the slider with the typed amount and works the figures out again with two instalments', async () => {
    const sent: unknown[] = [];
    stubFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as DcQuoteSelection;
      sent.push(body);
      const taxFree = body.choice.taxFreeCashPence!;
      return jsonResponse(
        200,
        answer(
          taxFree,
          body.secondInstalmentPence
            ? [
                { paidOn: '2027-07-28', amountPence: taxFree - body.secondInstalmentPence },
                { paidOn: '2028-01-28', amountPence: body.secondInstalmentPence },
              ]
            : undefined,
        ),
      );
    });
    open();
    const slider = await screen.findByLabelText('Tax-free cash: slide to choose');
    expect(slider.getAttribute('aria-valuetext')).toBe('£48,000');
    const typed = screen.getByLabelText('Or type an amount in pounds and pence (£)');
    fireEvent.change(typed, { target: { value: '12345.67' } });
    expect((slider as HTMLInputElement).value).toBe('12300');
    fireEvent.change(slider, { target: { value: '20000' } });
    expect((typed as HTMLInputElement).value).toBe('20000.00');
    fireEvent.click(screen.getByLabelText('In two instalments'));
    fireEvent.change(screen.getByLabelText('Second instalment, paid on 28 Jan 2028'), {
      target: { value: '5000.50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update the figures' }));
    expect(await screen.findByText('Instalment 2')).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      ...selection,
      choice: { ...choice, taxFreeCashPence: 2_000_000 },
      secondInstalmentPence: 500_050,
    });
    expect(screen.getByText('Instalment 1').nextSibling?.textContent).toBe('£14,999.50 on 28 Jul 2027');
  });

  it('tells a typing slip in the error summary without asking the server', async () => {
    let asked = 0;
    stubFetch(() => {
      asked += 1;
      return jsonResponse(200, answer(4_800_000));
    });
    open();
    fireEvent.change(await screen.findByLabelText('Or type an amount in pounds and pence (£)'), {
      target: { value: '50000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update the figures' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Tax-free cash must be £48,000.00 or less' }),
    ).toBeTruthy();
    expect(asked).toBe(1);
  });

  it('requests a formal quote and confirms its reference, linking My requests', async () => {
    stubFetch((url) =>
      url.endsWith('/formal-quote')
        ? jsonResponse(201, { caseNumber: 'DCQ-7', submissionDate: '2026-11-28T12:00:00.000Z' })
        : jsonResponse(200, answer(4_800_000)),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Request a formal quote' }));
    expect(await screen.findByRole('heading', { name: 'Formal quote requested' })).toBeTruthy();
    expect(screen.getByText('DCQ-7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My requests' })).toBeTruthy();
  });

  it('applies for the option: starts the DC application with the selection and opens its first page', async () => {
    const started: unknown[] = [];
    stubFetch((url, init) => {
      if (url.endsWith('/start-dc-journey')) {
        started.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/dcretirementapplication/definition'))
        return jsonResponse(200, {
          type: 'dcretirementapplication',
          firstPage: 'dca_guidance',
          pages: [{ key: 'dca_guidance', slug: '/retirement/dc-apply/guidance' }],
        });
      if (url.endsWith('/dcretirementapplication/data'))
        return jsonResponse(200, { status: 'Started', currentPageKey: 'dca_guidance' });
      if (url.includes('access-key')) return jsonResponse(500, {});
      return jsonResponse(200, answer(4_800_000));
    });
    renderApp(chooseHref('2027-07-28', choice), {
      routes: [
        { path: '/retirement/dc-options/choose', element: <DcChoosePage /> },
        { path: '/retirement/dc-apply/guidance', element: <h1>Pension Wise guidance</h1> },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for this option' }));
    expect(await screen.findByRole('heading', { name: 'Pension Wise guidance' })).toBeTruthy();
    expect(started).toEqual([selection]);
  });

  it('offers no application for leaving the pot invested, which pays nothing', async () => {
    stubFetch(() => jsonResponse(200, answer(4_800_000)));
    renderApp(chooseHref('2027-07-28', { code: 'leave-invested' }), {
      routes: [{ path: '/retirement/dc-options/choose', element: <DcChoosePage /> }],
    });
    expect(await screen.findByRole('button', { name: 'Request a formal quote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply for this option' })).toBeNull();
  });

  it('says why an application cannot start, in the error summary', async () => {
    stubFetch((url) =>
      url.endsWith('/start-dc-journey')
        ? jsonResponse(403, {
            errors: [
              { code: 'journey_not_open', message: 'Apply to take your pension pot is not open to you.' },
            ],
          })
        : jsonResponse(200, answer(4_800_000)),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply for this option' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(/not open to you/)).toBeTruthy();
  });

  it('says so when a formal quote is already asked for', async () => {
    stubFetch((url) =>
      url.endsWith('/formal-quote')
        ? jsonResponse(409, { errors: [{ code: 'formal_quote_in_progress', message: 'Open' }] })
        : jsonResponse(200, answer(4_800_000)),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Request a formal quote' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(/already asked for a formal quote/)).toBeTruthy();
  });
});
