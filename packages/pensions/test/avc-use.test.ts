import { describe, expect, it } from 'vitest';
import {
  avcPensionFactor,
  avcUse,
  calculateDbQuote,
  dbLumpSumOption,
  dbMemberSchema,
  dbSchemeSchema,
  getDbSchemeConfig,
  isoDate,
  lumpSumOption,
  maximumLumpSum,
  type DbSchemeConfig,
} from '../src';

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

describe('a scheme that does not take AVCs as cash first (avc.takeAsCashFirst: false)', () => {
  const noCash = { ...basis, avcAsCash: false };

  it('works the cash out on the main pension alone, the whole fund buying extra pension', () => {
    // most cash = 20·P·CF / (3·CF + 20) = 20 × £10,000 × 12 / 56 = £42,857.142… → £42,857.14
    expect(maximumLumpSum(noCash).maximumPence).toBe(4_285_714);
    // £20,000 cash, all by giving up pension: £20,000 / 12 = £1,666.666… → £1,666.66 a year given up
    const option = lumpSumOption(noCash, 2_000_000);
    expect(option).toEqual({
      lumpSumPence: 2_000_000,
      fromAvcPence: 0,
      fromCommutationPence: 2_000_000,
      pensionGivenUpPence: 166_666,
      residualPensionPence: 833_334,
      avcRemainingPence: 3_845_000,
    });
    // the whole £38,450 buys £38,450 / 24 = £1,602.083… → £1,602.08 a year
    expect(avcUse(3_845_000, option, 24)).toEqual({
      fundPence: 3_845_000,
      asCashPence: 0,
      toPensionPence: 3_845_000,
      extraPensionPence: 160_208,
    });
  });
});

describe('a DB quote with an AVC fund, under both settings (worked by hand)', () => {
  // Deferred, 65 on 15 Jun 2026 (NRD): £10,000 a year held at that date (no revaluation, no factor),
  // an AVC fund of £38,450; MDB's commutation factor 12 and AVC pension factor 24 at 65.
  const avcMember = dbMemberSchema.parse({
    status: 'Deferred',
    dateOfBirth: '1961-06-15',
    dateLeftScheme: '2019-09-30',
    benefits: {
      pensionAsAt: '2026-06-15',
      tranches: [{ code: 'POST09', annualPensionPence: 1_000_000 }],
      avcFundPence: 3_845_000,
    },
  });
  const request = { today: isoDate('2026-01-10'), retirementDate: isoDate('2026-06-15') };
  const mdb = getDbSchemeConfig('MDB');
  const figures = (scheme: DbSchemeConfig) => {
    const quote = calculateDbQuote(avcMember, scheme, request);
    return {
      quote,
      options: Object.fromEntries(
        quote.options.map((o) => [
          o.kind,
          [
            o.lumpSumPence,
            o.fromAvcPence,
            o.pensionGivenUpPence,
            o.residualPensionPence,
            o.avcExtraPensionPence,
          ],
        ]),
      ),
    };
  };

  it('cash first (MDB): the full pension keeps the fund as cash; the most cash takes it first', () => {
    const { quote, options } = figures(mdb);
    expect(quote).toMatchObject({
      fullPensionPence: 1_000_000,
      avcFundPence: 3_845_000,
      avcTakenAsCashFirst: true,
      avcPensionFactor: 24,
      // none of it as cash: £38,450 / 24 = £1,602.08 a year
      avcFundAsPensionPence: 160_208,
    });
    expect(options).toEqual({
      // £38,450 cash from the fund, nothing given up, nothing left to buy pension
      'full-pension': [3_845_000, 3_845_000, 0, 1_000_000, 0],
      // £56,589.28: £38,450 from the fund, £18,139.28 / 12 = £1,511.606… → £1,511.60 given up
      'maximum-lump-sum': [5_658_928, 3_845_000, 151_160, 848_840, 0],
    });
    // £20,000 of the member's own: all from the fund; £18,450 left buys £18,450 / 24 = £768.75 a year
    expect(dbLumpSumOption(quote, 2_000_000)).toMatchObject({
      fromAvcPence: 2_000_000,
      pensionGivenUpPence: 0,
      residualPensionPence: 1_000_000,
      avcExtraPensionPence: 76_875,
    });
  });

  it('extra pension only: no cash from the fund, which buys £1,602.08 a year with every option', () => {
    const scheme = dbSchemeSchema.parse({ ...mdb, avc: { takeAsCashFirst: false } });
    const { quote, options } = figures(scheme);
    expect(quote).toMatchObject({
      avcTakenAsCashFirst: false,
      avcPensionFactor: 24,
      avcFundAsPensionPence: 160_208,
    });
    expect(options).toEqual({
      // no cash, the full £10,000 and £38,450 / 24 = £1,602.08 a year more
      'full-pension': [0, 0, 0, 1_000_000, 160_208],
      // £42,857.14 by giving up £42,857.14 / 12 = £3,571.428… → £3,571.42; £6,428.58 left, plus £1,602.08
      'maximum-lump-sum': [4_285_714, 0, 357_142, 642_858, 160_208],
    });
    expect(dbLumpSumOption(quote, 2_000_000)).toMatchObject({
      fromAvcPence: 0,
      pensionGivenUpPence: 166_666,
      avcExtraPensionPence: 160_208,
    });
    expect(quote.assumptions.join(' ')).toContain('this scheme does not pay AVC funds as cash');
  });

  it('is refused in a scheme file without AVC pension factors, which could not show the extra pension', () => {
    const { avcPensionFactors: _factors, ...withoutFactors } = mdb;
    const parsed = dbSchemeSchema.safeParse({ ...withoutFactors, avc: { takeAsCashFirst: false } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['avc', 'takeAsCashFirst'] });
    // and takes AVCs as cash first when the file says nothing
    expect(dbSchemeSchema.parse(withoutFactors).avc).toEqual({ takeAsCashFirst: true });
  });
});
