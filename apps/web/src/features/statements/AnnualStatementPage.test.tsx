import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnnualStatement } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { AnnualStatementPage } from './AnnualStatementPage';

beforeEach(quietConsole);

const document = { id: '7f0c4b3e-8a51-4b1f-9d5e-2f6a1c9b0d21', name: 'pension-illustration-2026-27.pdf' };
const smpi: AnnualStatement = {
  kind: 'DC',
  statementYear: '2026/27',
  statementDate: '2026-11-29',
  document,
  assumptions: ['Worked out under AS TM1 v5.1, the actuarial standard for these illustrations.'],
  basis: {
    version: 'AS TM1 v5.1',
    effectiveFrom: '2024-04-06',
    source: 'FRC',
    annuityBasis: 'A level pension for your life alone.',
  },
  targetRetirementAge: 65,
  retirementDate: '2027-07-28',
  ageAtRetirement: { years: 65, months: 0 },
  currentPotPence: 18_640_000,
  monthlyContributionPence: 62_500,
  funds: [
    {
      code: 'BW_ANNUITY_MATCH',
      name: 'Annuity Match Fund',
      volatilityPercent: 10.4,
      volatilityGroup: 3,
      accumulationRate: 0.045,
      rateFrom: 'scheme-stated',
      charge: 0.002,
    },
  ],
  projectedPotPence: 19_595_673,
  projectedPotTodaysMoneyPence: 19_275_735,
  contributionsPence: 500_000,
  inflation: 0.025,
  contributionIncrease: 0.025,
  annuityRate: 0.078938,
  annuity: {
    factor: 12.1615,
    interestRate: 0.05,
    giltYield: 0.0494,
    yieldAsAt: '2026-01-31',
    referenceDate: '2026-02-15',
    yieldSource: 'Sharing Pensions',
    mortality: 'ONS National life tables, UK, 2022 to 2024, men’s and women’s rates averaged',
    paymentsPerYear: 12,
    guaranteeYears: 5,
    expenseAllowance: 0.04,
    pensionPer10000Pence: 78_938,
  },
  annualPensionTodaysMoneyPence: 944_511,
};

/** As Example D2 (statements.test.ts): £32,722.22 at 65, a spouse's or partner's pension of 50%. */
const dbStatement: AnnualStatement = {
  kind: 'DB',
  statementYear: '2026/27',
  statementDate: '2026-11-29',
  document: null,
  assumptions: [],
  deferredSince: null,
  accrued: [
    {
      code: 'POST09',
      label: 'Pension built up from 6 April 2009',
      heldPence: 1_120_000,
      pensionPence: 1_120_000,
    },
  ],
  accruedPensionPence: 1_120_000,
  normalRetirementDate: '2050-12-01',
  normalRetirementAge: 65,
  projectedPensionPence: 3_272_222,
  maximumLumpSumPence: 14_023_808,
  residualPensionPence: 2_103_571,
  avcFundPence: 0,
  survivorPensionPence: 1_636_111,
  survivorPensionPercent: 50,
  spouseOrPartnerOnRecord: false,
};

const renderAt = () =>
  renderApp('/my-pension/annual-statement', {
    routes: [{ path: '/my-pension/annual-statement', element: <AnnualStatementPage /> }],
  });

describe('Your annual statement', () => {
  it('shows the SMPI to the penny, each fund’s rate, the assumptions and the PDF in documents', async () => {
    stubFetch(() => jsonResponse(200, smpi));
    renderAt();
    expect(await screen.findByText('Statement year 2026/27. Figures as at 29 Nov 2026.')).toBeTruthy();
    expect(screen.getByText('A pension in today’s money of').nextSibling?.textContent).toBe(
      '£9,445.11 a year',
    );
    expect(screen.getByText('In today’s money').nextSibling?.textContent).toBe('£192,757.35');
    // The annuity basis that prices the pension: its interest rate and date, mortality and factor.
    expect(screen.getByText('Annuity interest rate').nextSibling?.textContent).toBe(
      '5% a year, from the gilt yield of 4.94% on 31 Jan 2026',
    );
    expect(screen.getByText('How long people live').nextSibling?.textContent).toBe(smpi.annuity.mortality);
    expect(screen.getByText('Annuity factor').nextSibling?.textContent).toBe(
      '12.1615 at age 65: £10,000 of pot buys £789.38 a year',
    );
    const funds = screen.getByRole('table', { name: 'Your funds’ growth rates' });
    expect(within(funds).getByRole('row', { name: /Annuity Match Fund/ }).textContent).toContain(
      '4.5% (the scheme’s stated rate)',
    );
    expect(screen.getByText(smpi.assumptions[0]!)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Download your statement (PDF)' }).getAttribute('href'),
    ).toContain(`/mdp-api/api/members/current/documents/${document.id}/download`);
  });

  it('before this year’s statement is sent: today’s figures and a PDF made on request, nothing in documents', async () => {
    stubFetch(() => jsonResponse(200, { ...smpi, document: null }));
    renderAt();
    expect(await screen.findByText(/We have not sent your statement for 2026\/27 yet/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download your statement (PDF)' });
    expect(link.getAttribute('href')).toContain('/mdp-api/api/members/current/annual-statement/pdf');
    expect(screen.queryByRole('link', { name: 'your documents' })).toBeNull();
  });

  it('words the survivor’s pension for a spouse or partner the member may have, where the record shows none', async () => {
    stubFetch(() => jsonResponse(200, dbStatement));
    renderAt();
    const row = await screen.findByText('A pension for a spouse or partner you may have at your death');
    expect(row.nextSibling?.textContent).toBe(
      '£16,361.11 a year (50% of your pension). Our records show no spouse or partner for you',
    );
    expect(screen.queryByText('Spouse’s or partner’s pension')).toBeNull();
  });

  it('names the spouse’s or partner’s pension where the record shows one', async () => {
    stubFetch(() => jsonResponse(200, { ...dbStatement, spouseOrPartnerOnRecord: true }));
    renderAt();
    const named = await screen.findByText('Spouse’s or partner’s pension');
    expect(named.nextSibling?.textContent).toBe('£16,361.11 a year (50% of your pension)');
    expect(screen.queryByText(/you may have at your death/)).toBeNull();
  });

  it('tells a pensioner there is no statement and where their payments are', async () => {
    stubFetch(() => jsonResponse(404, { errors: [{ code: 'no_annual_statement', message: 'None' }] }));
    renderAt();
    expect(await screen.findByText(/There is no annual statement for this pension/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your pension payments' })).toBeTruthy();
  });

  it('says in the service’s words when an illustration waits for its year’s assumptions', async () => {
    const notReady =
      'Your pension illustration for 2027/28 is not ready yet: we are waiting for a figure it needs. Please check again later.';
    stubFetch(() => jsonResponse(400, { errors: [{ code: 'illustration_not_ready', message: notReady }] }));
    renderAt();
    expect(await screen.findByText(notReady)).toBeTruthy();
    expect(screen.queryByText(/Sorry, we cannot/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
