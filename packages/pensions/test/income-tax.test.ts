import { describe, expect, it } from 'vitest';
import {
  incomeTaxBasisFor,
  incomeTaxPence,
  incomeTaxYears,
  isoDate,
  personalAllowancePence,
  taxOnTopPence,
  taxRegimeForAddress,
  taxYearOf,
} from '../src';

/**
 * Rates used, 2026/27 (packages/pensions/tax/income-tax.json):
 * - rest of UK (HMRC, Income Tax rates and Personal Allowances): Personal Allowance £12,570, down £1 for every
 *   £2 of income over £100,000; taxable income 20% to £37,700, 40% to £125,140, 45% above.
 * - Scotland (Scottish Budget 2026 to 2027, collected by HMRC): on taxable income 19% to £3,967 (income
 *   £12,571–£16,537), 20% to £16,956 (to £29,526), 21% to £31,092 (to £43,662), 42% to £62,430 (to £75,000),
 *   45% to £125,140, 48% above.
 */
const y2026 = incomeTaxBasisFor(isoDate('2026-09-01')).rates;
const y2025 = incomeTaxBasisFor(isoDate('2025-09-01')).rates;
const pounds = (value: number) => Math.round(value * 100);

describe('income tax estimate', () => {
  it('names the tax year a date falls in: 6 April to 5 April', () => {
    expect(taxYearOf(isoDate('2026-04-05'))).toBe('2025/26');
    expect(taxYearOf(isoDate('2026-04-06'))).toBe('2026/27');
    expect(taxYearOf(isoDate('2099-12-31'))).toBe('2099/00');
  });

  it('selects the figures by tax year, the newest configured (frozen) for later years', () => {
    expect(incomeTaxYears().map((y) => y.taxYear)).toEqual(['2025/26', '2026/27']);
    expect(incomeTaxBasisFor(isoDate('2026-04-05'))).toMatchObject({
      taxYear: '2025/26',
      frozenRatesAssumed: false,
    });
    expect(incomeTaxBasisFor(isoDate('2031-01-01'))).toMatchObject({
      taxYear: '2030/31',
      rates: { taxYear: '2026/27' },
      frozenRatesAssumed: true,
    });
  });

  it('charges nothing up to the Personal Allowance', () => {
    expect(incomeTaxPence(pounds(12_570), y2026, 'rest-of-uk')).toBe(0);
    expect(incomeTaxPence(pounds(12_570), y2026, 'scotland')).toBe(0);
    expect(incomeTaxPence(0, y2026, 'rest-of-uk')).toBe(0);
  });

  it('rest of UK, £20,000: (20,000 − 12,570) × 20% = £1,486', () => {
    expect(incomeTaxPence(pounds(20_000), y2026, 'rest-of-uk')).toBe(pounds(1_486));
  });

  it('rest of UK, £50,000: taxable 37,430 all at 20% = £7,486', () => {
    expect(incomeTaxPence(pounds(50_000), y2026, 'rest-of-uk')).toBe(pounds(7_486));
  });

  it('rest of UK, £110,000: allowance 12,570 − (10,000 ÷ 2) = 7,570; 37,700 × 20% + 64,730 × 40% = £33,432', () => {
    expect(personalAllowancePence(pounds(110_000), y2026)).toBe(pounds(7_570));
    expect(incomeTaxPence(pounds(110_000), y2026, 'rest-of-uk')).toBe(pounds(33_432));
  });

  it('rest of UK, £139,800 (no allowance): 7,540 + 87,440 × 40% + 14,660 × 45% = £49,113', () => {
    expect(personalAllowancePence(pounds(139_800), y2026)).toBe(0);
    expect(incomeTaxPence(pounds(139_800), y2026, 'rest-of-uk')).toBe(pounds(49_113));
  });

  it('the allowance tapers to nothing at £125,140 and an odd penny over the threshold is halved down', () => {
    expect(personalAllowancePence(pounds(125_140), y2026)).toBe(0);
    expect(personalAllowancePence(pounds(100_000) + 1, y2026)).toBe(pounds(12_570));
    expect(personalAllowancePence(pounds(100_000) + 3, y2026)).toBe(pounds(12_570) - 1);
  });

  it('Scotland 2026/27, £20,000: 3,967 × 19% + 3,463 × 20% = 753.73 + 692.60 = £1,446.33', () => {
    expect(incomeTaxPence(pounds(20_000), y2026, 'scotland')).toBe(144_633);
  });

  it('Scotland 2026/27, £50,000: 753.73 + 12,989 × 20% + 14,136 × 21% + 6,338 × 42% = £8,982.05', () => {
    expect(incomeTaxPence(pounds(50_000), y2026, 'scotland')).toBe(898_205);
  });

  it('Scotland 2025/26, £20,000: 2,827 × 19% + 4,603 × 20% = 537.13 + 920.60 = £1,457.73', () => {
    expect(incomeTaxPence(pounds(20_000), y2025, 'scotland')).toBe(145_773);
  });

  it('rounds the total down to the penny: £12,570.07 rest of UK is 7p × 20% = 1.4p → 1p', () => {
    expect(incomeTaxPence(pounds(12_570) + 7, y2026, 'rest-of-uk')).toBe(1);
  });

  it('taxes a pension on top of other income: £7,409.40 on a £12,547.60 State Pension is £1,477.40', () => {
    // (12,547.60 + 7,409.40 − 12,570) × 20% = 7,387 × 20% = 1,477.40; the State Pension alone pays none.
    expect(taxOnTopPence(740_940, 1_254_760, y2026, 'rest-of-uk')).toBe(147_740);
  });

  describe('Scottish rates when the address is in Scotland', () => {
    it.each([
      ['EH1 1YZ', 'scotland'],
      ['g12 8qq', 'scotland'],
      ['AB101AA', 'scotland'],
      ['TD1 1AA', 'scotland'],
      ['ZE1 0AA', 'scotland'],
      ['TD15 1AA', 'rest-of-uk'],
      ['GL1 1AA', 'rest-of-uk'],
      ['SW1A 1AA', 'rest-of-uk'],
      ['BT1 1AA', 'rest-of-uk'],
      ['CA1 1AA', 'rest-of-uk'],
    ])('%s → %s', (postcode, regime) => {
      expect(taxRegimeForAddress({ postcode, countryCode: 'GB' }).regime).toBe(regime);
    });

    it('uses rest-of-UK rates with no address or one abroad, Scottish for the country Scotland', () => {
      expect(taxRegimeForAddress(null).regime).toBe('rest-of-uk');
      expect(taxRegimeForAddress({ postcode: 'EH1 1YZ', countryCode: 'FR' }).regime).toBe('rest-of-uk');
      expect(taxRegimeForAddress({ postcode: '', countryCode: 'GB-SCT' }).regime).toBe('scotland');
    });
  });
});
