import { describe, expect, it } from 'vitest';
import { isoDate, payeTaxPence, readTaxCode, taxMonthOf, type PayePeriod } from '../src';

/** A pension of £18,750 a year paid monthly: £1,562.50 each month. */
const MONTHLY = 156_250;

const period = (overrides: Partial<PayePeriod> & Pick<PayePeriod, 'paidOn'>): PayePeriod => ({
  taxCode: '1257L',
  basis: 'cumulative',
  grossPence: MONTHLY,
  grossToDatePence: 0,
  taxToDatePence: 0,
  ...overrides,
  paidOn: overrides.paidOn,
});

describe('tax codes', () => {
  it('reads the allowance, the regime and the basis', () => {
    expect(readTaxCode('1257L')).toEqual({
      code: { kind: 'allowance', regime: 'rest-of-uk', freePayPence: 1_257_900 },
      basis: 'cumulative',
    });
    expect(readTaxCode('S1257L M1')).toEqual({
      code: { kind: 'allowance', regime: 'scotland', freePayPence: 1_257_900 },
      basis: 'month1',
    });
    expect(readTaxCode('1257LX')?.basis).toBe('month1');
    expect(readTaxCode('K475')?.code).toEqual({ kind: 'added', regime: 'rest-of-uk', addedPayPence: 475_900 });
    expect(readTaxCode('BR')?.code).toEqual({ kind: 'flat', regime: 'rest-of-uk', band: 0 });
    expect(readTaxCode('D0')?.code).toEqual({ kind: 'flat', regime: 'rest-of-uk', band: 1 });
    expect(readTaxCode('NT')?.code).toEqual({ kind: 'no-tax' });
    expect(readTaxCode('0T')?.code).toEqual({ kind: 'allowance', regime: 'rest-of-uk', freePayPence: 0 });
    for (const bad of ['', 'L', '12345L', 'Q100', '1257Z', 'K']) expect(readTaxCode(bad), bad).toBeNull();
  });

  it('counts tax months from 6 April', () => {
    expect(taxMonthOf(isoDate('2026-04-06'))).toBe(1);
    expect(taxMonthOf(isoDate('2026-05-05'))).toBe(1);
    expect(taxMonthOf(isoDate('2026-05-06'))).toBe(2);
    expect(taxMonthOf(isoDate('2026-11-28'))).toBe(8);
    expect(taxMonthOf(isoDate('2027-03-06'))).toBe(12);
    expect(taxMonthOf(isoDate('2027-04-05'))).toBe(12);
  });
});

describe('PAYE on a monthly pension, worked by hand (2026/27, rest of the UK: 20% on the first £37,700)', () => {
  it('month 1 on 1257L: free pay £1,048.25, taxable £514 (whole pounds), tax £102.80', () => {
    // 1257L frees £12,579 a year: £1,048.25 a month. £1,562.50 - £1,048.25 = £514.25, taxed on £514.
    expect(payeTaxPence(period({ paidOn: isoDate('2026-04-28') }))).toBe(10_280);
  });

  it('cumulative: month 2 takes the tax due to date less the tax already paid', () => {
    // To date: pay £3,125.00, free pay £2,096.50, taxable £1,028 → £205.60 due; £102.80 paid → £102.80.
    expect(
      payeTaxPence(
        period({ paidOn: isoDate('2026-05-28'), grossToDatePence: MONTHLY, taxToDatePence: 10_280 }),
      ),
    ).toBe(10_280);
  });

  it('a new code from month 3 (1100L) catches up on the months taxed on the emergency code', () => {
    // Months 1 and 2 on 1257L M1 took £102.80 each. 1100L frees £11,009 a year. To month 3: pay
    // £4,687.50, free pay £2,752.25 (three twelfths of £11,009), taxable £1,935 → £387.00 due, less
    // £205.60 paid = £181.40. Month 4: pay £6,250.00, free pay £3,669.67 (rounded up to the penny),
    // taxable £2,580 → £516.00 due, less £387.00 = £129.00.
    expect(
      payeTaxPence(
        period({
          taxCode: '1100L',
          paidOn: isoDate('2026-06-28'),
          grossToDatePence: 2 * MONTHLY,
          taxToDatePence: 20_560,
        }),
      ),
    ).toBe(18_140);
    expect(
      payeTaxPence(
        period({
          taxCode: '1100L',
          paidOn: isoDate('2026-07-28'),
          grossToDatePence: 3 * MONTHLY,
          taxToDatePence: 38_700,
        }),
      ),
    ).toBe(12_900);
  });

  it('month 1 basis ignores the year to date', () => {
    expect(
      payeTaxPence(
        period({
          taxCode: '1257L M1',
          basis: 'month1',
          paidOn: isoDate('2026-11-28'),
          grossToDatePence: 7 * MONTHLY,
          taxToDatePence: 0,
        }),
      ),
    ).toBe(10_280);
  });

  it('refunds when a higher allowance arrives part way through the year', () => {
    // Month 6 on 1257L after five months taxed at £150 each (£750): pay to date £9,375.00, free pay
    // £6,289.50, taxable £3,085 → £617.00 due; £750 paid, so £133.00 comes back.
    expect(
      payeTaxPence(
        period({
          paidOn: isoDate('2026-09-28'),
          grossToDatePence: 5 * MONTHLY,
          taxToDatePence: 75_000,
        }),
      ),
    ).toBe(-13_300);
  });

  it('a pension over the basic rate band to date is taxed at 40% above the band’s twelfths', () => {
    // £6,000 in month 1 on 1257L: taxable £4,951 (£6,000 - £1,048.25, whole pounds). The band to date is
    // £3,142 (£37,700 / 12 rounded up): £3,142 at 20% = £628.40, £1,809 at 40% = £723.60; £1,352.00.
    expect(payeTaxPence(period({ paidOn: isoDate('2026-04-28'), grossPence: 600_000 }))).toBe(135_200);
  });

  it('BR, D0 and NT take every pound at one rate or none; a K code adds pay and takes at most half', () => {
    const april = isoDate('2026-04-28');
    expect(payeTaxPence(period({ taxCode: 'BR', paidOn: april }))).toBe(31_240); // £1,562 × 20%
    expect(payeTaxPence(period({ taxCode: 'D0', paidOn: april }))).toBe(62_480); // £1,562 × 40%
    expect(payeTaxPence(period({ taxCode: 'NT', paidOn: april }))).toBe(0);
    // K475 adds £4,759 a year: £396.59 (rounded up) in month 1. Taxable £1,959 → £391.80.
    expect(payeTaxPence(period({ taxCode: 'K475', paidOn: april }))).toBe(39_180);
    // K9999 would take £3,329.60 of a £1,562.50 payment: no more than half (£781.25) is taken.
    expect(payeTaxPence(period({ taxCode: 'K9999', paidOn: april }))).toBe(78_125);
  });

  it('Scottish codes use the Scottish bands', () => {
    // S1257L, month 1, 2026/27: taxable £514; the starter band to date is £331 (£3,967 / 12 rounded up):
    // £331 at 19% = £62.89, £183 at 20% = £36.60; £99.49.
    expect(payeTaxPence(period({ taxCode: 'S1257L', paidOn: isoDate('2026-04-28') }))).toBe(9_949);
  });
});
