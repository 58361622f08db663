import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { holdingValuePence, utcDay, type DbBenefits, type DcBenefits } from '@meridian/pensions';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importMemberData, validateDataRows } from '../../src/areas/my-details/member-data-import';
import { describeProblem } from '../../src/areas/my-details/member-import';
import { readImportFile } from '../../src/areas/my-details/member-import-file';
import { members, pensionIncreases, pensionPayments, pensionPayroll } from '../../src/db/schema';
import { pdfText } from '../pdf-text';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp();
/**
 * The documented sample, its price dated today (so it reprices the demo's holdings, priced on the last
 * working day) and its payment on a day the demo payroll never pays.
 */
const sample = () =>
  readFileSync(
    fileURLToPath(new URL('../../../../docs/examples/member-data-import.csv', import.meta.url)),
    'utf8',
  )
    .replace('290.1234,2026-11-27', `290.1234,${utcDay(new Date())}`)
    .replace(',2026-12-01,', ',2001-01-15,');

/** What the sample changes, dry run or not. */
const sampleSummary = {
  ok: true,
  rows: 11,
  membersChanged: 5,
  paymentsAdded: 1,
  payrollsSet: 1,
  increasesSet: 1,
};

async function runImport(text: string, options: { dryRun?: boolean } = {}) {
  const checked = validateDataRows(readImportFile(text, 'csv'), 'csv');
  if (!checked.ok) return checked;
  return importMemberData(ctx.database.db, {
    businessGroup: 'MER',
    rows: checked.rows,
    source: 'test.csv',
    ...options,
  });
}

/** What the rows' own check, before any database, finds wrong in a CSV file: each problem as printed. */
function problemsIn(text: string) {
  const checked = validateDataRows(readImportFile(text, 'csv'), 'csv');
  expect(checked.ok).toBe(false);
  return checked.ok ? [] : checked.problems.map(describeProblem);
}

async function member(referenceNumber: string) {
  const [row] = await ctx.database.db
    .select()
    .from(members)
    .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, referenceNumber)));
  return row!;
}

async function payrollOf(referenceNumber: string) {
  const [row] = await ctx.database.db
    .select()
    .from(pensionPayroll)
    .where(eq(pensionPayroll.referenceNumber, referenceNumber));
  return row;
}

async function paymentCount() {
  const [row] = await ctx.database.db.select({ value: count() }).from(pensionPayments);
  return row!.value;
}

/** Everything the sample's rows touch, to show that a refused file changed none of it. */
const snapshot = async () => ({
  members: await Promise.all(['1000001', '1000002', '1000004', '1000005', '1000006'].map(member)),
  payments: await paymentCount(),
  payroll: await ctx.database.db.select().from(pensionPayroll).orderBy(pensionPayroll.referenceNumber),
  increases: await ctx.database.db.select().from(pensionIncreases).orderBy(pensionIncreases.id),
});

describe('members:import --data: rows of member data', () => {
  it('refuses a file whose last row does not suit its member, and changes nothing, not even the good rows', async () => {
    const before = await snapshot();
    // A holding row for a DB record: checked against the record only inside the transaction.
    const text = `${sample().trimEnd()}\nholding,1000002,CASH,10.0000,101.5000,2026-11-27${','.repeat(25)}\n`;
    const result = await runImport(text);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          row: 13,
          referenceNumber: '1000002',
          field: 'kind',
          message: 'A holding row is for a DC record; 1000002 is DB',
        },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const before = await snapshot();
    expect(await runImport(sample(), { dryRun: true })).toEqual(sampleSummary);
    expect(await snapshot()).toEqual(before);
  });

  it('loads service, salary, holding, price, contribution, valuation, charge, investment, payment, payroll and increase rows', async () => {
    const near = (await member('1000005')).benefits as DcBenefits;
    const result = await runImport(sample());
    expect(result).toEqual(sampleSummary);

    const deferred = await member('1000001');
    expect(deferred.dateJoinedScheme).toBe('1994-09-01');

    const active = (await member('1000002')).benefits as DbBenefits;
    expect(active.salaryHistory!.at(-1)).toEqual({ from: '2026-10-01', pensionableSalaryPence: 5_400_000 });
    expect(active.finalPensionableSalaryPence).toBe(5_400_000);

    // dc.near: the cash holding replaced, equity repriced (its price was older), the pot their sum.
    const after = (await member('1000005')).benefits as DcBenefits;
    const holding = (code: string) => after.holdings!.find((h) => h.code === code)!;
    expect(holding('CASH')).toEqual({
      code: 'CASH',
      units: 40_000,
      unitPricePence: 101.5,
      pricedOn: '2026-11-27',
    });
    expect(holding('GLOBAL_EQUITY')).toMatchObject({
      unitPricePence: 290.1234,
      pricedOn: utcDay(new Date()),
    });
    expect(holding('DIVERSIFIED_GROWTH')).toEqual(
      near.holdings!.find((h) => h.code === 'DIVERSIFIED_GROWTH'),
    );
    expect(after.potPence).toBe(
      after.holdings!.reduce((sum, h) => sum + holdingValuePence(h.units, h.unitPricePence), 0),
    );
    expect(after.contributions!.filter((c) => c.paidOn === '2026-11-25')).toEqual([
      { paidOn: '2026-11-25', memberPence: 25_000, employerPence: 37_500 },
    ]);

    const far = (await member('1000006')).benefits as DcBenefits;
    expect(far.valuations!.find((v) => v.on === '2026-10-31')).toEqual({
      on: '2026-10-31',
      potPence: 2_300_000,
    });
    expect(far.charges!.filter((c) => c.on === '2026-10-31')).toEqual([
      { on: '2026-10-31', pence: 425, description: 'Fund management charge' },
    ]);
    expect(far.investment).toEqual({ strategy: 'LIFESTYLE_DRAWDOWN' });

    const [payment] = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(and(eq(pensionPayments.referenceNumber, '1000004'), eq(pensionPayments.paidOn, '2001-01-15')));
    expect(payment).toMatchObject({
      grossPence: 156_250,
      taxPence: 20_560,
      netPence: 135_690,
      taxCode: '1100L',
    });

    expect(await payrollOf('1000004')).toMatchObject({
      annualPensionPence: 1_875_000,
      taxCode: '1100L',
      increaseRule: 'In line with the Consumer Prices Index (CPI) up to 5% a year',
      nextIncreaseOn: '2027-04-01',
      lastIncreaseBasisPoints: 380,
      lastIncreaseOn: '2026-04-01',
    });
    // The seed's increase on the same day replaced, not doubled.
    const increases = await ctx.database.db
      .select()
      .from(pensionIncreases)
      .where(
        and(eq(pensionIncreases.referenceNumber, '1000004'), eq(pensionIncreases.effectiveOn, '2026-04-01')),
      );
    expect(increases).toMatchObject([
      { basisPoints: 380, annualBeforePence: 1_806_358, annualAfterPence: 1_875_000 },
    ]);

    // The same file again: the payment is already held, so the whole file is refused.
    const again = await runImport(sample());
    expect(again).toMatchObject({ ok: false, problems: [{ row: 10, field: 'paidOn' }] });
  });

  it('names each bad row, its member and field, before touching the database', () => {
    const text = [
      'kind,referenceNumber,fundCode,units,unitPricePence,pricedOn,paidOn,grossPence,taxPence,netPence,colour',
      'holding,1000005,CASH,1.23456,101.5,2026-11-27,,,,,',
      'payment,1000004,,,,,2026-12-01,1000,100,950,',
      'bonus,1000004,,,,,,,,,',
      'price,,CASH,,,2026-11-27,,,,,',
      'contribution,1000005,,,,,2026-11-25,,,,blue',
    ].join('\n');
    expect(problemsIn(text)).toEqual([
      'Row 2 (1000005): units: at most 4 decimal places',
      'Row 3 (1000004): netPence: Must be gross less tax: 900',
      'Row 4 (1000004): kind: Must be one of service, salary, holding, price, contribution, valuation, charge, investment, payment, payroll, increase',
      'Row 5: unitPricePence: Missing: every price row needs this field',
      'Row 6 (1000005): memberPence: Missing: every contribution row needs this field',
      'Row 6 (1000005): employerPence: Missing: every contribution row needs this field',
      'Row 6 (1000005): colour: Not a field of a contribution row',
    ]);
  });

  it('refuses a row that leaves its record inconsistent, naming the row', async () => {
    const before = await snapshot();
    const text = [
      'kind,referenceNumber,dateJoinedScheme,dateLeftScheme,fundCode,unitPricePence,pricedOn',
      'service,1000001,,1980-01-01,,,',
      'price,,NOT_A_FUND,,NOT_A_FUND,100,2026-11-27',
    ].join('\n');
    const result = await runImport(text.replace(',NOT_A_FUND,,NOT_A_FUND,', ',,,NOT_A_FUND,'));
    expect(result).toMatchObject({
      ok: false,
      problems: [
        { row: 2, referenceNumber: '1000001', field: 'dateLeftScheme' },
        { row: 3, referenceNumber: null, field: 'fundCode', message: 'Not a fund of a scheme of MER' },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });
});

/** A pensioner's record with no payroll data, as one imported from another administrator's records starts. */
async function clearPayroll(referenceNumber: string) {
  const { db } = ctx.database;
  await db.delete(pensionPayroll).where(eq(pensionPayroll.referenceNumber, referenceNumber));
  await db.delete(pensionPayments).where(eq(pensionPayments.referenceNumber, referenceNumber));
  await db.delete(pensionIncreases).where(eq(pensionIncreases.referenceNumber, referenceNumber));
}

const csv = (header: string[], rows: Record<string, string | number>[]) =>
  [header.join(','), ...rows.map((row) => header.map((field) => row[field] ?? '').join(','))].join('\n');

const payrollHeader = [
  'kind',
  'referenceNumber',
  'annualPensionPence',
  'taxCode',
  'increaseRule',
  'nextIncreaseOn',
  'effectiveOn',
  'percent',
  'annualBeforePence',
  'annualAfterPence',
  'paidOn',
  'grossPence',
  'taxPence',
  'netPence',
  'taxBasis',
  'payReference',
];

const payrollRow = {
  kind: 'payroll',
  referenceNumber: '1000004',
  annualPensionPence: 1_875_000,
  taxCode: '1100L',
  increaseRule: 'CPI up to 5% a year',
  nextIncreaseOn: '2027-04-01',
};

/** An increase row of db.pensioner's pension: its day, percent and yearly pension either side. */
const increaseRow = (
  effectiveOn: string,
  percent: number,
  annualBeforePence: number,
  annualAfterPence: number,
) => ({
  kind: 'increase',
  referenceNumber: '1000004',
  effectiveOn,
  percent,
  annualBeforePence,
  annualAfterPence,
});

/** A payment row of db.pensioner's pension, its net the gross less tax and its pay reference from the day. */
const paymentRow = (
  paidOn: string,
  grossPence: number,
  taxPence: number,
  taxCode: string,
  taxBasis: string,
) => ({
  kind: 'payment',
  referenceNumber: '1000004',
  paidOn,
  grossPence,
  taxPence,
  netPence: grossPence - taxPence,
  taxCode,
  taxBasis,
  payReference: `PR-${paidOn.replaceAll('-', '')}`,
});

/** db.pensioner's pension as another payroll held it: two increases and three payments, one last tax year. */
const pensionerRows = [
  payrollRow,
  // 1,776,163 × 1.017 = 1,806,357.77 and 1,806,358 × 1.038 = 1,874,999.60: each rounds to the after.
  increaseRow('2025-04-01', 1.7, 1_776_163, 1_806_358),
  increaseRow('2026-04-01', 3.8, 1_806_358, 1_875_000),
  paymentRow('2025-11-28', 150_530, 23_800, '1257L M1', 'month1'),
  paymentRow('2026-10-28', 156_250, 20_560, '1100L', 'cumulative'),
  paymentRow('2026-11-27', 156_250, 20_580, '1100L', 'cumulative'),
];

describe('members:import --data: a pensioner’s payroll, payments and increases', () => {
  it('gives an imported pensioner their payments page, payslips and P60s from the rows alone', async () => {
    await clearPayroll('1000004');
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.pensioner');
    const read = (path: string) => agent.request({ url: `/mdp-api/api/members/current/${path}` });
    // Payments without a payroll record show nothing: the payroll row is what says a pension is paid.
    expect((await read('pension-payments')).json().errors[0].code).toBe('no_pension_in_payment');

    expect(await runImport(csv(payrollHeader, pensionerRows))).toEqual({
      ok: true,
      rows: 6,
      membersChanged: 0,
      paymentsAdded: 3,
      payrollsSet: 1,
      increasesSet: 2,
    });
    const answer = await read('pension-payments');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      annualPensionPence: 1_875_000,
      taxCode: '1100L',
      nextPayment: { annualPensionPence: 1_875_000, grossPence: 156_250, taxCode: '1100L' },
      increase: { rule: 'CPI up to 5% a year', nextOn: '2027-04-01', lastPercent: 3.8, lastOn: '2026-04-01' },
      increases: [
        {
          effectiveOn: '2026-04-01',
          percent: 3.8,
          annualBeforePence: 1_806_358,
          annualAfterPence: 1_875_000,
        },
        {
          effectiveOn: '2025-04-01',
          percent: 1.7,
          annualBeforePence: 1_776_163,
          annualAfterPence: 1_806_358,
        },
      ],
      taxCodes: [
        { taxCode: '1100L', basis: 'cumulative', fromPaidOn: '2026-10-28' },
        { taxCode: '1257L M1', basis: 'month1', fromPaidOn: '2025-11-28' },
      ],
      p60TaxYears: ['2025/26'],
    });
    expect(body.lastPayments.map((payment: { paidOn: string }) => payment.paidOn)).toEqual([
      '2026-11-27',
      '2026-10-28',
      '2025-11-28',
    ]);

    // The latest payslip: this tax year's two payments to date.
    const latest = body.lastPayments[0];
    const slip = (await read(`payslips/${latest.id}`)).json();
    expect(slip).toMatchObject({
      paidOn: '2026-11-27',
      payReference: 'PR-20261127',
      taxCode: '1100L',
      taxBasis: 'cumulative',
      taxYear: '2026/27',
      grossPence: 156_250,
      taxPence: 20_580,
      netPence: 135_670,
      yearToDate: { grossPence: 312_500, taxPence: 41_140 },
    });
    const pdf = await read(`payslips/${latest.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const shown of [
      'Pension payslip',
      'PR-20261127',
      '£1,562.50',
      '£205.80',
      '£1,356.70',
      '1100L, cumulative',
    ])
      expect(text).toContain(shown);
    const p60 = await read('p60s/2025-26/pdf');
    expect(p60.statusCode, p60.body).toBe(200);
    expect(await pdfText(p60.rawPayload)).toContain('Pension paid\n£1,505.30');
  });

  it('replaces the payroll record and a same-day increase on a second import', async () => {
    await clearPayroll('1000004');
    expect(await runImport(csv(payrollHeader, pensionerRows.slice(0, 3)))).toMatchObject({ ok: true });
    const rows = [
      { ...payrollRow, annualPensionPence: 1_900_000, taxCode: '1185L', nextIncreaseOn: '2028-04-01' },
      { ...pensionerRows[2]!, percent: 5, annualAfterPence: 1_896_676 },
    ];
    expect(await runImport(csv(payrollHeader, rows))).toMatchObject({
      ok: true,
      payrollsSet: 1,
      increasesSet: 1,
    });
    expect(await payrollOf('1000004')).toMatchObject({
      annualPensionPence: 1_900_000,
      taxCode: '1185L',
      nextIncreaseOn: '2028-04-01',
      lastIncreaseBasisPoints: 500,
      lastIncreaseOn: '2026-04-01',
    });
    const increases = await ctx.database.db
      .select({ effectiveOn: pensionIncreases.effectiveOn, basisPoints: pensionIncreases.basisPoints })
      .from(pensionIncreases)
      .where(eq(pensionIncreases.referenceNumber, '1000004'))
      .orderBy(pensionIncreases.effectiveOn);
    expect(increases).toEqual([
      { effectiveOn: '2025-04-01', basisPoints: 170 },
      { effectiveOn: '2026-04-01', basisPoints: 500 },
    ]);
  });

  it('names a bad payroll or increase row and changes nothing', async () => {
    const problems = problemsIn(
      csv(payrollHeader, [
        { ...payrollRow, taxCode: 'nope!', nextIncreaseOn: '' },
        { ...pensionerRows[1]!, percent: 1.755, annualAfterPence: 1_900_000 },
        { ...pensionerRows[2]!, annualAfterPence: 1_900_000 },
      ]),
    );
    expect(problems).toEqual([
      'Row 2 (1000004): taxCode: A tax code such as 1257L or 1257L M1',
      'Row 2 (1000004): nextIncreaseOn: Missing: every payroll row needs this field',
      'Row 3 (1000004): percent: at most 2 decimal places',
      'Row 4 (1000004): annualAfterPence: Must be annualBeforePence increased by 3.8% (1875000), to within 100 pence',
    ]);

    // Rows that pass on their own but not against their members: nothing of the good rows is written.
    await clearPayroll('1000004');
    const before = await snapshot();
    const result = await runImport(
      csv(payrollHeader, [
        { ...payrollRow, referenceNumber: '1000002' },
        pensionerRows[1]!,
        { ...payrollRow, referenceNumber: '1000005' },
        pensionerRows[3]!,
      ]),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          row: 2,
          referenceNumber: '1000002',
          field: 'kind',
          message: 'A payroll row is for a pensioner; 1000002 is Active',
        },
        {
          row: 3,
          referenceNumber: '1000004',
          field: 'kind',
          message:
            'An increase row is for a pension on the payroll: 1000004 has no payroll record (add a payroll row)',
        },
        {
          row: 4,
          referenceNumber: '1000005',
          field: 'kind',
          message: 'A payroll row is for a DB record; 1000005 is DC',
        },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });
});

const dcHeader = [
  'kind',
  'referenceNumber',
  'fundCode',
  'units',
  'unitPricePence',
  'pricedOn',
  'choice',
  'strategy',
  'on',
  'chargePence',
  'description',
];

describe('members:import --data: charges taken and a fund switch applied', () => {
  it('records charges taken, once however often they are sent, and My pension’s year counts them', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('dc.far');
    const year = async () =>
      (await agent.request({ url: '/mdp-api/api/members/current/dc-pot' })).json().lastYear;
    const before = await year();
    const held = ((await member('1000006')).benefits as DcBenefits).charges!;
    const monthEnd = held.at(-1)!;
    const rows = [
      {
        kind: 'charge',
        referenceNumber: '1000006',
        on: before.to,
        chargePence: 1_234,
        description: 'Switch dealing charge',
      },
      {
        kind: 'charge',
        referenceNumber: '1000006',
        on: monthEnd.on,
        chargePence: 999,
        description: monthEnd.description,
      },
    ];
    for (const _time of [1, 2])
      expect(await runImport(csv(dcHeader, rows))).toMatchObject({ ok: true, rows: 2, membersChanged: 1 });

    const charges = ((await member('1000006')).benefits as DcBenefits).charges!;
    expect(charges).toHaveLength(held.length + 1);
    expect(charges.filter((charge) => charge.on >= monthEnd.on)).toEqual([
      { on: monthEnd.on, pence: 999, description: 'Fund management charge' },
      { on: before.to, pence: 1_234, description: 'Switch dealing charge' },
    ]);
    expect((await year()).chargesPence).toBe(before.chargesPence + 1_234 + 999 - monthEnd.pence);

    expect(problemsIn(csv(dcHeader, [{ ...rows[0]!, chargePence: -1, description: '<b>fee</b>' }]))).toEqual([
      'Row 2 (1000006): chargePence: Too small: expected number to be >=0',
      'Row 2 (1000006): description: The description must not contain < or HTML',
    ]);
    const snapshotBefore = await snapshot();
    expect(await runImport(csv(dcHeader, [{ ...rows[0]!, referenceNumber: '1000002' }]))).toMatchObject({
      ok: false,
      problems: [{ row: 2, field: 'kind', message: 'A charge row is for a DC record; 1000002 is DB' }],
    });
    expect(await snapshot()).toEqual(snapshotBefore);
  });

  it('applies an FSW1 switch: self-selected funds are the holdings, sold funds go, then back to a lifestyle strategy', async () => {
    const today = utcDay(new Date());
    const holding = (fundCode: string, units: number) => ({
      kind: 'holding',
      referenceNumber: '1000005',
      fundCode,
      units,
      unitPricePence: 290.1234,
      pricedOn: today,
    });
    const selfSelect = { kind: 'investment', referenceNumber: '1000005', choice: 'self_select' };
    // dc.near leaves its lifestyle strategy for the global equity fund alone.
    const rows = [
      selfSelect,
      holding('GLOBAL_EQUITY', 60_000),
      holding('DIVERSIFIED_GROWTH', 0),
      holding('CASH', 0),
    ];
    expect(await runImport(csv(dcHeader, rows))).toMatchObject({ ok: true, membersChanged: 1 });
    const switched = (await member('1000005')).benefits as DcBenefits;
    const valuePence = holdingValuePence(60_000, 290.1234);
    expect(switched.holdings).toEqual([
      { code: 'GLOBAL_EQUITY', units: 60_000, unitPricePence: 290.1234, pricedOn: today },
    ]);
    expect(switched.investment).toEqual({ funds: [{ code: 'GLOBAL_EQUITY', valuePence }] });
    expect(switched.potPence).toBe(valuePence);
    // Sent again, nothing moves; a new price moves the self-selected fund's value with the pot.
    expect(await runImport(csv(dcHeader, rows))).toMatchObject({ ok: true });
    expect((await member('1000005')).benefits).toEqual(switched);
    const price = { kind: 'price', fundCode: 'GLOBAL_EQUITY', unitPricePence: 300, pricedOn: today };
    expect(await runImport(csv(dcHeader, [price]))).toMatchObject({ ok: true });
    const repriced = (await member('1000005')).benefits as DcBenefits;
    expect(repriced.investment).toEqual({ funds: [{ code: 'GLOBAL_EQUITY', valuePence: 18_000_000 }] });
    expect(repriced.potPence).toBe(18_000_000);

    const lifestyle = {
      kind: 'investment',
      referenceNumber: '1000005',
      choice: 'lifestyle',
      strategy: 'LIFESTYLE_ANNUITY',
    };
    expect(await runImport(csv(dcHeader, [lifestyle]))).toMatchObject({ ok: true, membersChanged: 1 });
    expect((await member('1000005')).benefits).toEqual({
      ...repriced,
      investment: { strategy: 'LIFESTYLE_ANNUITY' },
    });

    expect(
      problemsIn(
        csv(dcHeader, [
          { ...lifestyle, strategy: '' },
          { ...selfSelect, strategy: 'LIFESTYLE_CASH' },
          { ...selfSelect, choice: 'index' },
        ]),
      ),
    ).toEqual([
      'Row 2 (1000005): strategy: Missing: a lifestyle investment row names the strategy',
      'Row 3 (1000005): strategy: A self_select investment row names no strategy: its funds are the holdings',
      'Row 4 (1000005): choice: Invalid option: expected one of "lifestyle"|"self_select"',
    ]);
    const snapshotBefore = await snapshot();
    expect(
      await runImport(
        csv(dcHeader, [{ ...lifestyle, strategy: 'LIFESTYLE_GOLD' }, holding('GLOBAL_EQUITY', 0)]),
      ),
    ).toEqual({
      ok: false,
      problems: [
        {
          row: 2,
          referenceNumber: '1000005',
          field: 'strategy',
          message: 'Not a strategy of MDC (LIFESTYLE_DRAWDOWN, LIFESTYLE_ANNUITY, LIFESTYLE_CASH)',
        },
        {
          row: 3,
          referenceNumber: '1000005',
          field: 'units',
          message: 'Every fund held would be sold: a switch also gives the holdings it bought',
        },
      ],
    });
    expect(await snapshot()).toEqual(snapshotBefore);
  });
});
