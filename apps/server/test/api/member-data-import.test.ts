import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { holdingValuePence, utcDay, type DbBenefits, type DcBenefits } from '@meridian/pensions';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importMemberData, validateDataRows } from '../../src/areas/my-details/member-data-import';
import { describeProblem } from '../../src/areas/my-details/member-import';
import { readImportFile } from '../../src/areas/my-details/member-import-file';
import { members, pensionPayments } from '../../src/db/schema';
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

async function member(referenceNumber: string) {
  const [row] = await ctx.database.db
    .select()
    .from(members)
    .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, referenceNumber)));
  return row!;
}

async function paymentCount() {
  const [row] = await ctx.database.db.select({ value: count() }).from(pensionPayments);
  return row!.value;
}

/** Everything the sample's rows touch, to show that a refused file changed none of it. */
const snapshot = async () => ({
  members: await Promise.all(['1000001', '1000002', '1000004', '1000005', '1000006'].map(member)),
  payments: await paymentCount(),
});

describe('members:import --data: rows of member data', () => {
  it('refuses a file whose last row does not suit its member, and changes nothing, not even the good rows', async () => {
    const before = await snapshot();
    // A holding row for a DB record: checked against the record only inside the transaction.
    const text = `${sample().trimEnd()}\nholding,1000002,CASH,10.0000,101.5000,2026-11-27,,,,,,,,,,,,,,\n`;
    const result = await runImport(text);
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          row: 9,
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
    expect(await runImport(sample(), { dryRun: true })).toEqual({
      ok: true,
      rows: 7,
      membersChanged: 5,
      paymentsAdded: 1,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('loads service, salary, holding, price, contribution, valuation and payment rows', async () => {
    const near = (await member('1000005')).benefits as DcBenefits;
    const result = await runImport(sample());
    expect(result).toEqual({ ok: true, rows: 7, membersChanged: 5, paymentsAdded: 1 });

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

    // The same file again: the payment is already held, so the whole file is refused.
    const again = await runImport(sample());
    expect(again).toMatchObject({ ok: false, problems: [{ row: 8, field: 'paidOn' }] });
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
    const checked = validateDataRows(readImportFile(text, 'csv'), 'csv');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map(describeProblem)).toEqual([
      'Row 2 (1000005): units: at most 4 decimal places',
      'Row 3 (1000004): netPence: Must be gross less tax: 900',
      'Row 4 (1000004): kind: Must be one of service, salary, holding, price, contribution, valuation, payment',
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
