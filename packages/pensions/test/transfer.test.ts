import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateTransferValue,
  CalculationError,
  daysLeftToPay,
  dbMemberSchema,
  getDbSchemeConfig,
  guaranteeDaysLeft,
  isoDate,
  parseSchemeConfig,
  partialTransferByResidualPension,
  partialTransferByValue,
  statementEntitlement,
  transferGuaranteedUntil,
} from '../src';

const d = isoDate;
const mdb = getDbSchemeConfig('MDB');
const bdb = getDbSchemeConfig('BDB');

const deferred = dbMemberSchema.parse({
  status: 'Deferred',
  dateOfBirth: '1973-09-01',
  dateLeftScheme: '2022-10-01',
  benefits: {
    tranches: [
      { code: 'PRE09', annualPensionPence: 420_000 },
      { code: 'POST09', annualPensionPence: 1_310_000 },
    ],
    avcFundPence: 3_845_000,
  },
});

describe('cash equivalent transfer value (example 9)', () => {
  const quote = calculateTransferValue(deferred, mdb, { today: d('2026-01-10') });

  it('revalues each tranche to the guarantee date and applies the factor for age 52y 4m', () => {
    // 3 complete years (2023–2025): PRE09 1.05 × 1.05 × 1.017 = 1.1212425 → 1.121243; 420,000 × that = 470,922.06
    // POST09 1.025² × 1.017 = 1.068485625 → 1.068486; 1,310,000 × that = 1,399,716.66
    // factors between ages 50 and 55, 2 4/12 of 5 years along: 15.8 + 1.8 × 0.46667 = 16.64; 14.6 + 1.9 × 0.46667 = 15.4867
    expect(quote.tranches).toEqual([
      {
        code: 'PRE09',
        label: expect.any(String),
        pensionPence: 470_922,
        factor: 16.64,
        transferValuePence: 7_836_142,
      },
      {
        code: 'POST09',
        label: expect.any(String),
        pensionPence: 1_399_717,
        factor: 15.4867,
        transferValuePence: 21_676_997,
      },
    ]);
    expect(quote.transferValuePence).toBe(29_513_139);
    expect(quote.pensionPence).toBe(1_870_639);
    expect(quote.ageAtGuaranteeDate).toEqual({ years: 52, months: 4 });
    expect(quote.statutoryRight).toBe(true);
  });

  it('is guaranteed for three months beginning with the guarantee date', () => {
    expect(quote.guaranteeDate).toBe('2026-01-10');
    expect(quote.guaranteedUntil).toBe('2026-04-09');
    expect(transferGuaranteedUntil(d('2025-11-30'))).toBe('2026-02-28'); // no 30 February: month end
    expect(transferGuaranteedUntil(d('2025-12-01'))).toBe('2026-02-28');
    expect(transferGuaranteedUntil(d('2023-12-01'))).toBe('2024-02-29');
  });

  it('splits a partial transfer by value across tranches', () => {
    // 10,000,000 shared in proportion to 7,836,142 : 21,676,997 → 2,655,136.75 and 7,344,863.25; the spare penny
    // goes to the larger remainder. Residual pension = pension × (CETV − part) / CETV.
    const partial = partialTransferByValue(quote, 10_000_000);
    expect(partial.tranches).toEqual([
      {
        code: 'PRE09',
        transferValuePence: 2_655_137,
        transferredPensionPence: 159_564,
        residualPensionPence: 311_358,
      },
      {
        code: 'POST09',
        transferValuePence: 7_344_863,
        transferredPensionPence: 474_269,
        residualPensionPence: 925_448,
      },
    ]);
    expect(partial.residualPensionPence).toBe(1_236_806);
  });

  it('works out the value to transfer for a chosen residual pension', () => {
    // keep £10,000 a year: 251,743.92 : 748,256.08 → 251,744 and 748,256 kept;
    // (470,922 − 251,744) × 16.64 = 3,647,121.92; (1,399,717 − 748,256) × 15.4867 = 10,088,981.2
    const partial = partialTransferByResidualPension(quote, 1_000_000);
    expect(partial.tranches.map((t) => [t.residualPensionPence, t.transferValuePence])).toEqual([
      [251_744, 3_647_122],
      [748_256, 10_088_981],
    ]);
    expect(partial.transferValuePence).toBe(13_736_103);
  });

  it('meets the full transfer at both ends', () => {
    expect(partialTransferByValue(quote, quote.transferValuePence).residualPensionPence).toBe(0);
    expect(partialTransferByValue(quote, 0).residualPensionPence).toBe(quote.pensionPence);
    expect(partialTransferByResidualPension(quote, 0).transferValuePence).toBe(quote.transferValuePence);
    expect(partialTransferByResidualPension(quote, quote.pensionPence).transferValuePence).toBe(0);
  });

  it('rejects amounts out of range and schemes without partial transfers', () => {
    expect(() => partialTransferByValue(quote, quote.transferValuePence + 1)).toThrow(CalculationError);
    expect(() => partialTransferByResidualPension(quote, quote.pensionPence + 1)).toThrow(CalculationError);
    const bluewater = calculateTransferValue(deferred, bdb, { today: d('2026-01-10') });
    expect(() => partialTransferByValue(bluewater, 1)).toThrow(/does not allow partial transfers/);
  });

  it('loses the statutory right within a year of NRD', () => {
    expect(calculateTransferValue(deferred, mdb, { today: d('2037-09-01') }).statutoryRight).toBe(true);
    expect(
      calculateTransferValue(deferred, mdb, { today: d('2037-09-02'), guaranteeDate: d('2037-09-02') })
        .statutoryRight,
    ).toBe(false);
  });

  it('keeps residual pensions within 0 and the full pension, both ways', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (share) => {
        const byValue = partialTransferByValue(quote, Math.floor(quote.transferValuePence * share));
        const byPension = partialTransferByResidualPension(quote, Math.floor(quote.pensionPence * share));
        for (const partial of [byValue, byPension]) {
          for (const [i, t] of partial.tranches.entries()) {
            expect(t.residualPensionPence).toBeGreaterThanOrEqual(0);
            expect(t.residualPensionPence).toBeLessThanOrEqual(quote.tranches[i]!.pensionPence);
            expect(t.transferValuePence).toBeLessThanOrEqual(quote.tranches[i]!.transferValuePence);
          }
        }
        // both directions agree: transferring the value for a kept pension keeps (about) that pension
        const back = partialTransferByValue(quote, byPension.transferValuePence);
        expect(Math.abs(back.residualPensionPence - byPension.residualPensionPence)).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('statement of entitlement: one free in 12 months', () => {
  const today = d('2026-11-28');

  it('is free with no statement in the last 12 months, and costs the scheme’s charge before a year has passed', () => {
    expect(mdb.transfer.extraStatementChargePence).toBe(25_000);
    expect(statementEntitlement(mdb, [], today)).toEqual({
      freeNow: true,
      nextFreeOn: null,
      issuedInLast12Months: 0,
      chargePence: 0,
    });
    // issued 28 Nov 2025: free again from 28 Nov 2026, today
    expect(statementEntitlement(mdb, [d('2025-11-28')], today).freeNow).toBe(true);
    // issued 29 Nov 2025: not free until 29 Nov 2026, tomorrow; £250 today
    expect(statementEntitlement(mdb, [d('2025-11-29')], today)).toEqual({
      freeNow: false,
      nextFreeOn: '2026-11-29',
      issuedInLast12Months: 1,
      chargePence: 25_000,
    });
    expect(statementEntitlement(bdb, [d('2026-10-28')], today).chargePence).toBe(15_000);
  });

  it('offers no second statement in 12 months where the scheme sets no charge, and refuses a charge of 0', () => {
    const { extraStatementChargePence: _charge, ...noCharge } = mdb.transfer;
    const uncharged = parseSchemeConfig({ ...structuredClone(mdb), transfer: structuredClone(noCharge) });
    if (uncharged.kind !== 'DB') throw new TypeError('MDB is a DB scheme');
    expect(statementEntitlement(uncharged, [], today)).toMatchObject({ freeNow: true, chargePence: 0 });
    expect(statementEntitlement(uncharged, [d('2026-10-28')], today)).toEqual({
      freeNow: false,
      nextFreeOn: '2027-10-28',
      issuedInLast12Months: 1,
      chargePence: null,
    });
    expect(() =>
      parseSchemeConfig({
        ...structuredClone(mdb),
        transfer: { ...structuredClone(mdb.transfer), extraStatementChargePence: 0 },
      }),
    ).toThrow(/extraStatementChargePence.*0 would make them all free/s);
  });

  it('is free again a year after the latest statement in the 12 months', () => {
    const issued = [d('2024-06-01'), d('2026-01-15'), d('2026-10-28')];
    expect(statementEntitlement(mdb, issued, today)).toMatchObject({
      nextFreeOn: '2027-10-28',
      issuedInLast12Months: 2,
    });
    // 29 February: a year on is 28 February
    expect(statementEntitlement(mdb, [d('2024-02-29')], d('2025-02-27')).nextFreeOn).toBe('2025-02-28');
  });

  it('counts the days left of the 6 months to pay, in UTC days, none on the day and after it', () => {
    // 28 Nov 2026 to 28 May 2027: 2 + 31 + 31 + 28 + 31 + 30 + 28
    expect(daysLeftToPay(d('2027-05-28'), today)).toBe(181);
    expect(daysLeftToPay(today, today)).toBe(0);
    expect(daysLeftToPay(d('2026-11-01'), today)).toBe(0);
  });

  it('counts the days of the guarantee left, today and the last day included', () => {
    // 28 Nov 2026 to 27 Jan 2027: 3 days of November, 31 of December, 27 of January
    expect(guaranteeDaysLeft(d('2027-01-27'), today)).toBe(61);
    expect(guaranteeDaysLeft(today, today)).toBe(1);
    expect(guaranteeDaysLeft(d('2026-11-27'), today)).toBe(0);
  });
});
