import { describe, expect, it } from 'vitest';
import { isoDate, nextPayment, type NextPaymentInput } from '../src';

const d = isoDate;

/**
 * A pension of £18,063.58 a year until 1 April 2026, then £18,750.00 (3.8% on): £1,505.30 a month, then
 * £1,562.50. The code 1100L (cumulative) frees £11,009 a year: m twelfths of it, rounded up to the penny,
 * by tax month m. Rates 2026/27, rest of the UK: 20% on the first £37,700.
 */
const increase2026 = { effectiveOn: d('2026-04-01'), annualAfterPence: 1_875_000 };
const lastYear = { paidOn: d('2026-03-27'), grossPence: 150_530, taxPence: 15_000 };

const input = (overrides: Partial<NextPaymentInput>): NextPaymentInput => ({
  paidOn: d('2026-04-28'),
  annualPensionPence: 1_806_358,
  taxCode: '1100L',
  increases: [increase2026],
  payments: [lastYear],
  ...overrides,
});

describe('the next pension payment, worked by hand', () => {
  it('after an increase not yet paid, in a new tax year: the pension after it, taxed from nothing to date', () => {
    // £18,750 / 12 = £1,562.50. Month 1 of 2026/27, March's payment is last year's: free pay £917.42
    // (£11,009 / 12 = £917.416… rounded up), taxable £1,562.50 − £917.42 = £645.08 → £645, tax £129.00.
    expect(nextPayment(input({}))).toEqual({
      paidOn: '2026-04-28',
      annualPensionPence: 1_875_000,
      grossPence: 156_250,
      taxCode: '1100L',
      taxBasis: 'cumulative',
      taxPence: 12_900,
      netPence: 143_350,
    });
  });

  it('mid-year with the increase already paid: the payroll’s pension, the tax year to date counted', () => {
    // April and May paid £1,562.50 each and took £129.00 each. June is month 3: pay to date £4,687.50,
    // free pay £2,752.25 (three twelfths of £11,009), taxable £1,935 → £387.00 due, less £258.00 = £129.00.
    const paid = [
      lastYear,
      { paidOn: d('2026-04-28'), grossPence: 156_250, taxPence: 12_900 },
      { paidOn: d('2026-05-28'), grossPence: 156_250, taxPence: 12_900 },
    ];
    const next = nextPayment(
      input({ paidOn: d('2026-06-26'), annualPensionPence: 1_875_000, payments: paid }),
    );
    expect(next).toMatchObject({ annualPensionPence: 1_875_000, grossPence: 156_250, taxPence: 12_900 });

    // A new code from HMRC, 1257L, catches up: free pay to month 3 £3,144.75 (three twelfths of
    // £12,579), taxable £4,687.50 − £3,144.75 = £1,542.75 → £1,542, £308.40 due, less £258.00 = £50.40.
    expect(
      nextPayment(
        input({ paidOn: d('2026-06-26'), annualPensionPence: 1_875_000, taxCode: '1257L', payments: paid }),
      ),
    ).toMatchObject({
      grossPence: 156_250,
      taxCode: '1257L',
      taxBasis: 'cumulative',
      taxPence: 5_040,
      netPence: 151_210,
    });

    // An emergency code on the month 1 basis stands alone: BR M1 takes 20% of £1,562 = £312.40.
    expect(
      nextPayment(
        input({ paidOn: d('2026-06-26'), annualPensionPence: 1_875_000, taxCode: 'BR M1', payments: paid }),
      ),
    ).toMatchObject({ taxBasis: 'month1', taxPence: 31_240, netPence: 125_010 });
  });

  it('an increase effective after the pay date is not in it; nor is one before the last payment', () => {
    // Paid 27 March 2026, before the 1 April increase: £18,063.58 / 12 = £1,505.298… → £1,505.30.
    const march = nextPayment(input({ paidOn: d('2026-03-27'), payments: [] }));
    expect(march).toMatchObject({ annualPensionPence: 1_806_358, grossPence: 150_530 });
    // A payroll whose pension was set after an increase already paid keeps its own figure.
    const corrected = nextPayment(
      input({
        paidOn: d('2026-05-28'),
        annualPensionPence: 1_860_000,
        payments: [{ paidOn: d('2026-04-28'), grossPence: 156_250, taxPence: 12_900 }],
      }),
    );
    expect(corrected).toMatchObject({ annualPensionPence: 1_860_000, grossPence: 155_000 });
  });

  it('a first payment takes an increase effective by its date; a code PAYE cannot read leaves the tax open', () => {
    expect(nextPayment(input({ payments: [] }))).toMatchObject({ grossPence: 156_250, taxPence: 12_900 });
    expect(nextPayment(input({ taxCode: 'Q100' }))).toEqual({
      paidOn: '2026-04-28',
      annualPensionPence: 1_875_000,
      grossPence: 156_250,
      taxCode: 'Q100',
      taxBasis: null,
      taxPence: null,
      netPence: null,
    });
  });
});
