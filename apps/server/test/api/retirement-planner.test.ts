import { addMonths, addYears, isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { pdfText } from '../pdf-text';
import { validateImport } from '../../src/areas/my-details/member-import';

const ctx = useTestApp({ LOG_LEVEL: 'warn' });

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

const planner = async (agent: BrowserAgent) =>
  (await agent.request({ url: '/mdp-api/api/retirement/planner' })).json();

describe('planning a DB retirement at any age', () => {
  it('models db.active (40, paying in) at each birthday from 57 to 75, with the early and late factors', async () => {
    const agent = await signedIn('db.active');
    const plan = await planner(agent);
    const dateOfBirth = isoDate(plan.dateOfBirth);
    // MDB lets members go at 55, but db.active reaches 55 after 6 April 2028, when the law's age is 57.
    expect(plan).toMatchObject({
      isCalculationSuccessful: true,
      earliestReason: 'minimum-pension-age',
      normalMinimumPensionAge: 57,
      normalRetirementAge: 65,
      protectedPensionAge: null,
      avcFundPence: 0,
      range: { from: addYears(dateOfBirth, 57), to: addYears(dateOfBirth, 75) },
    });
    expect(plan.ages.map((entry: { age: number }) => entry.age)).toEqual([
      57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75,
    ]);
    const at = (age: number) => plan.ages.find((entry: { age: number }) => entry.age === age);
    expect(at(60)).toMatchObject({
      retirementDate: addYears(dateOfBirth, 60),
      adjustment: { kind: 'early', months: 60, factor: 0.802 },
    });
    expect(at(65).adjustment).toEqual({ kind: 'none', months: 0, factor: 1 });
    expect(at(67).adjustment).toEqual({ kind: 'late', months: 24, factor: 1.1025 });
    expect(at(67).fullPensionPence).toBeGreaterThan(at(60).fullPensionPence);
    expect(plan.assumptions.join(' ')).toContain('Future service to the retirement date is added');

    // Any date in the range is quoted, years before the application window opens: the same figures.
    const quote = (
      await agent.request({
        url: `/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${addYears(dateOfBirth, 60)}`,
      })
    ).json();
    expect(quote.fullPensionPence).toBe(at(60).fullPensionPence);
    expect(quote.lumpSum.maximumPence).toBe(at(60).maximumLumpSumPence);
    const tooEarly = await agent.request({
      url: `/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${addYears(dateOfBirth, 56)}`,
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().errors[0].code).toBe('below_minimum_pension_age');
  });

  it('takes db.avc’s £38,450 AVC fund as tax-free cash first at every age', async () => {
    const plan = await planner(await signedIn('db.avc'));
    expect(plan.avcFundPence).toBe(3_845_000);
    expect(plan.ages.length).toBeGreaterThan(0);
    for (const entry of plan.ages) {
      expect(entry.maximumLumpSumFromAvcPence).toBe(3_845_000);
      expect(entry.maximumLumpSumPence).toBeGreaterThan(3_845_000);
    }
  });

  it('gives db.avc the options at a date years away as a PDF, with the AVC fund taken as cash first', async () => {
    const agent = await signedIn('db.avc');
    const plan = await planner(agent);
    const at60 = plan.ages.find((entry: { age: number }) => entry.age === 60);
    const response = await agent.request({
      url: `/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=${at60.retirementDate}`,
    });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Reduced: 60 months early, × 0.802');
    expect(text).toContain('Full pension, with your AVC fund as tax-free cash');
    expect(text).toContain('From your AVC fund £38,450.00');
    expect(text).toContain('Your AVC fund');
    // At 60 MDB's AVC pension factor is 28: £38,450 / 28 = £1,373.214… → £1,373.21 a year (worked by hand).
    expect(text).toContain(
      'As extra pension £1,373.21 a year if none of it is taken as cash (£28 of fund buys £1 a year at your age)',
    );
    expect(text).toMatch(
      /With the most tax-free cash, £38,450\.00 comes from your AVC fund and £[\d,.]+ from giving up/,
    );

    // The quote behind it carries the engine's AVC figures; £10,000 of the member's own cash is all from
    // the fund, the £28,450 left buying £28,450 / 28 = £1,016.07 a year.
    const own = (
      await agent.request({
        url: `/mdp-api/api/v3/retirement/quotes/recalculate-lumpsum?selectedRetirementDate=${at60.retirementDate}&requestedLumpSum=1000000`,
      })
    ).json();
    expect(own).toMatchObject({
      avcTakenAsCashFirst: true,
      avcPensionFactor: 28,
      avcFundAsPensionPence: 137_321,
    });
    expect(
      own.options.find((option: { kind: string }) => option.kind === 'requested-lump-sum'),
    ).toMatchObject({
      lumpSumPence: 1_000_000,
      fromAvcPence: 1_000_000,
      pensionGivenUpPence: 0,
      avcRemainingPence: 2_845_000,
      avcExtraPensionPence: 101_607,
    });
  });

  it('has nothing to model for a pensioner or a DC saver, and needs a signed-in member', async () => {
    for (const username of ['db.pensioner', 'dc.far']) {
      const answer = await (await signedIn(username)).request({ url: '/mdp-api/api/retirement/planner' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        isCalculationSuccessful: false,
        dbCalculationStatus: 'forbidden',
      });
    }
    expect((await ctx.app.inject({ url: '/mdp-api/api/retirement/planner' })).statusCode).toBe(401);
  });
});

describe('service and salary of a DB record', () => {
  it('gives db.active their service to today, salary history and accrual rate', async () => {
    const service = (
      await (await signedIn('db.active')).request({ url: '/mdp-api/api/retirement/service' })
    ).json();
    const today = isoDate(utcDay(new Date()));
    expect(service).toMatchObject({
      pensionableServiceTo: null,
      // joined at 24, 40 years 5 months old today
      pensionableService: { years: 16, months: 5 },
      accrual: { rate: '1/60', salaryPence: 5_200_000, pensionPerYearOfServicePence: 86_667 },
      pensionAsAt: today,
      tranches: [
        { code: 'PRE09', label: 'Pension built up before 6 April 2009', annualPensionPence: 0 },
        { code: 'POST09', label: 'Pension built up from 6 April 2009', annualPensionPence: 1_120_000 },
      ],
    });
    expect(service.salaryHistory).toHaveLength(5);
    expect(service.salaryHistory.at(-1)).toEqual({
      from: addMonths(today, -2),
      to: null,
      pensionableSalaryPence: 5_200_000,
    });
  });

  it('stops db.avc’s service at the leaving date, and has none for a savings pot', async () => {
    const service = (
      await (await signedIn('db.avc')).request({ url: '/mdp-api/api/retirement/service' })
    ).json();
    const left = addMonths(isoDate(utcDay(new Date())), -40);
    expect(service).toMatchObject({ pensionableServiceTo: left, pensionAsAt: left, accrual: null });
    expect(service.salaryHistory.at(-1)).toMatchObject({ to: left, pensionableSalaryPence: 6_800_000 });
    const dc = await (await signedIn('dc.far')).request({ url: '/mdp-api/api/retirement/service' });
    expect(dc.statusCode).toBe(404);
    expect(dc.json().errors[0].code).toBe('no_db_service');
  });

  it('imports a salary history with the member, and names the row and field of one out of order', () => {
    const row = (salaryHistory: unknown) => ({
      referenceNumber: '2000901',
      schemeCode: 'MDB',
      category: 'GEN',
      status: 'Active',
      forenames: 'Ada',
      surname: 'Lovelace',
      gender: 'F',
      dateOfBirth: '1980-12-10',
      dateJoinedScheme: '2005-01-01',
      benefits: {
        tranches: [{ code: 'POST09', annualPensionPence: 900_000 }],
        finalPensionableSalaryPence: 4_500_000,
        accrualRate: '1/60',
        salaryHistory,
      },
    });
    const history = [
      { from: '2024-04-01', pensionableSalaryPence: 4_300_000 },
      { from: '2025-04-01', pensionableSalaryPence: 4_500_000 },
    ];
    const good = validateImport([{ row: 1, record: row(history) }], 'MER', 'json');
    expect(good.ok && good.members[0]!.values.benefits).toMatchObject({ salaryHistory: history });
    const bad = validateImport([{ row: 1, record: row([...history].reverse()) }], 'MER', 'json');
    expect(bad).toEqual({
      ok: false,
      problems: [
        {
          row: 1,
          referenceNumber: '2000901',
          field: 'benefits.salaryHistory[1].from',
          message: 'Each salary must start after the one before it (2025-04-01)',
        },
      ],
    });
  });
});
