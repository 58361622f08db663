import { describe, expect, it } from 'vitest';
import { avcPensionFactor, avcUse, getDbSchemeConfig, lumpSumOption, maximumLumpSum } from '../src';

/**
 * An AVC fund of £38,450 beside a full pension of £10,000 a year at 65 (commutation factor 12, AVC
 * pension factor 24: £24 of fund buys £1 a year). Worked by hand:
 *   most cash = 20·(P·CF + A) / (3·CF + 20) = 20 × (£120,000 + £38,450) / 56 = £56,589.2857… → £56,589.28
 */
const basis = {
  fullPensionPence: 1_000_000,
  commutationFactor: 12,
  avcFundPence: 3_845_000,
  lumpSumAllowanceRemainingPence: 26_827_500,
};

describe('an AVC fund in a DB pension', () => {
  it('is taken as tax-free cash first, the rest buying extra pension', () => {
    expect(maximumLumpSum(basis).maximumPence).toBe(5_658_928);
    // £20,000 cash, all of it from the AVC fund: £18,450 left buys £18,450 / 24 = £768.75 a year
    expect(avcUse(3_845_000, lumpSumOption(basis, 2_000_000), 24)).toEqual({
      fundPence: 3_845_000,
      asCashPence: 2_000_000,
      toPensionPence: 1_845_000,
      extraPensionPence: 76_875,
    });
    // the most cash takes the whole fund first (and gives up pension for the other £18,139.28)
    expect(avcUse(3_845_000, lumpSumOption(basis, 5_658_928), 24)).toEqual({
      fundPence: 3_845_000,
      asCashPence: 3_845_000,
      toPensionPence: 0,
      extraPensionPence: 0,
    });
  });

  it('is all extra pension with no cash: £38,450 / 24 = £1,602.083… a year, rounded down', () => {
    expect(avcUse(3_845_000, lumpSumOption(basis, 0), 24).extraPensionPence).toBe(160_208);
  });

  it('leaves the extra pension to the scheme where it has no AVC pension factor', () => {
    expect(avcUse(3_845_000, lumpSumOption(basis, 0), null)).toMatchObject({
      toPensionPence: 3_845_000,
      extraPensionPence: null,
    });
  });

  it('uses the scheme’s AVC pension factor for the age, interpolated by months', () => {
    const mdb = getDbSchemeConfig('MDB');
    expect(avcPensionFactor(mdb, { years: 65, months: 0 })).toBe(24);
    // halfway from 60 (28) to 65 (24)
    expect(avcPensionFactor(mdb, { years: 62, months: 6 })).toBe(26);
    expect(avcPensionFactor(getDbSchemeConfig('BDB'), { years: 65, months: 0 })).toBeNull();
  });
});
