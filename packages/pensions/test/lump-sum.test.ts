import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CalculationError,
  LUMP_SUM_ALLOWANCE_PENCE,
  lumpSumAllowanceRemaining,
  lumpSumOption,
  maximumLumpSum,
} from '../src';

describe('maximum lump sum', () => {
  it('is 20·P·CF / (3·CF + 20) without AVCs', () => {
    // P = £10,000, CF = 12: 20 × 1,000,000 × 12 / 56 = 4,285,714.29p → rounded down
    expect(
      maximumLumpSum({
        fullPensionPence: 1_000_000,
        commutationFactor: 12,
        avcFundPence: 0,
        lumpSumAllowanceRemainingPence: LUMP_SUM_ALLOWANCE_PENCE,
      }),
    ).toEqual({ maximumPence: 4_285_714, hmrcLimitPence: 4_285_714, limitedBy: 'hmrc-25-percent' });
  });

  it('is 20·(P·CF + A) / (3·CF + 20) with an AVC fund A', () => {
    // P = £10,000, CF = 12, A = £5,000: 20 × (12,000,000 + 500,000) / 56 = 4,464,285.71p
    const max = maximumLumpSum({
      fullPensionPence: 1_000_000,
      commutationFactor: 12,
      avcFundPence: 500_000,
      lumpSumAllowanceRemainingPence: LUMP_SUM_ALLOWANCE_PENCE,
    });
    expect(max.maximumPence).toBe(4_464_285);
  });

  it('is (20P + A) / 4 when the AVC fund alone passes the limit', () => {
    // P = £1,000, A = £10,000: 3A = 3,000,000 > 20P = 2,000,000 → (2,000,000 + 1,000,000) / 4
    const max = maximumLumpSum({
      fullPensionPence: 100_000,
      commutationFactor: 12,
      avcFundPence: 1_000_000,
      lumpSumAllowanceRemainingPence: LUMP_SUM_ALLOWANCE_PENCE,
    });
    expect(max.maximumPence).toBe(750_000);
  });

  it('is capped by the remaining Lump Sum Allowance (£268,275 less used)', () => {
    const remaining = lumpSumAllowanceRemaining(26_000_000);
    expect(remaining).toBe(827_500);
    expect(lumpSumAllowanceRemaining(30_000_000)).toBe(0);
    expect(
      maximumLumpSum({
        fullPensionPence: 1_000_000,
        commutationFactor: 12,
        avcFundPence: 0,
        lumpSumAllowanceRemainingPence: remaining,
      }),
    ).toEqual({ maximumPence: 827_500, hmrcLimitPence: 4_285_714, limitedBy: 'lump-sum-allowance' });
  });
});

describe('lump sum options', () => {
  const basis = {
    fullPensionPence: 1_000_000,
    commutationFactor: 12,
    avcFundPence: 500_000,
    lumpSumAllowanceRemainingPence: LUMP_SUM_ALLOWANCE_PENCE,
  };

  it('takes AVC cash first, then gives up pension rounded down', () => {
    // £20,000: £5,000 from AVCs, £15,000 commuted at 12 → £1,250 a year given up
    expect(lumpSumOption(basis, 2_000_000)).toEqual({
      lumpSumPence: 2_000_000,
      fromAvcPence: 500_000,
      fromCommutationPence: 1_500_000,
      pensionGivenUpPence: 125_000,
      residualPensionPence: 875_000,
      avcRemainingPence: 0,
    });
    // £1,000 less than the AVC fund: no pension given up, £4,000 of AVC left
    expect(lumpSumOption(basis, 100_000)).toMatchObject({
      pensionGivenUpPence: 0,
      avcRemainingPence: 400_000,
    });
    // £5,001: £1 commuted → 100p / 12 = 8.33p a year given up, rounded down to 8p
    expect(lumpSumOption(basis, 500_100).pensionGivenUpPence).toBe(8);
  });

  it('rejects amounts outside £0 to the maximum', () => {
    expect(() => lumpSumOption(basis, 4_464_286)).toThrow(CalculationError);
    expect(() => lumpSumOption(basis, -1)).toThrow(CalculationError);
    expect(() => lumpSumOption(basis, 10.5)).toThrow(CalculationError);
  });

  const anyBasis = fc.record({
    fullPensionPence: fc.integer({ min: 0, max: 20_000_000 }),
    commutationFactor: fc.double({ min: 5, max: 30, noNaN: true }),
    avcFundPence: fc.integer({ min: 0, max: 50_000_000 }),
    lumpSumAllowanceRemainingPence: fc.integer({ min: 0, max: LUMP_SUM_ALLOWANCE_PENCE }),
  });

  it('never exceeds its caps, never leaves a negative pension, and passes the 25% test on rounded figures', () => {
    fc.assert(
      fc.property(anyBasis, fc.double({ min: 0, max: 1, noNaN: true }), (b, share) => {
        const max = maximumLumpSum(b);
        expect(max.maximumPence).toBeLessThanOrEqual(b.lumpSumAllowanceRemainingPence);
        const p = b.fullPensionPence;
        const cf = b.commutationFactor;
        const a = b.avcFundPence;
        const formula = 3 * a <= 20 * p ? (20 * (p * cf + a)) / (3 * cf + 20) : (20 * p + a) / 4;
        expect(max.maximumPence).toBeLessThanOrEqual(formula + 1e-6);
        for (const amount of [max.maximumPence, Math.floor(max.maximumPence * share), 0]) {
          const option = lumpSumOption(b, amount);
          expect(option.residualPensionPence).toBeGreaterThanOrEqual(0);
          expect(option.avcRemainingPence).toBeGreaterThanOrEqual(0);
          expect(option.fromAvcPence + option.fromCommutationPence).toBe(amount);
          // cash ≤ ¼ × (20 × pension kept + cash + AVC left to buy pension)
          expect(3 * amount).toBeLessThanOrEqual(
            20 * option.residualPensionPence + option.avcRemainingPence + 1e-6,
          );
        }
      }),
    );
  });
});
