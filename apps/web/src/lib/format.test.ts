import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatCurrencyPerYear,
  formatDate,
  formatFileSize,
  formatNumber,
  formatPeriod,
  formatSortCode,
  formatTime,
  formatValue,
  linePrecision,
} from './format';

describe('formats', () => {
  it('shows amounts under £10,000 to the penny, with en-GB grouping and two decimals', () => {
    expect(formatCurrency(123456)).toBe('£1,234.56');
    expect(formatCurrency(999999)).toBe('£9,999.99');
    expect(formatCurrency(500)).toBe('£5.00');
    expect(formatCurrency(5)).toBe('£0.05');
    expect(formatCurrency(-2550)).toBe('-£25.50');
    expect(formatCurrency(12.6)).toBe('£0.13');
  });

  it('rounds amounts of £10,000 or more to the nearest pound', () => {
    expect(formatCurrency(1000000)).toBe('£10,000');
    expect(formatCurrency(1875000)).toBe('£18,750');
    expect(formatCurrency('26827449')).toBe('£268,274');
    expect(formatCurrency(26827450)).toBe('£268,275');
    expect(formatCurrency('100000000')).toBe('£1,000,000');
    expect(formatCurrency(-1234567)).toBe('-£12,346');
    expect(formatCurrencyPerYear(1250050)).toBe('£12,501 a year');
  });

  it('gives the amounts of one line one precision: whole pounds if any is rounded, else pence', () => {
    expect(linePrecision([3908412, 586264])).toBe('whole');
    expect(linePrecision([586264, 117253, '999999'])).toBe('display');
    expect(linePrecision([-1000000, 5])).toBe('whole');
    expect(linePrecision([undefined, 'x', 586264])).toBe('display');
    expect(formatCurrency(586264, linePrecision([3908412, 586264]))).toBe('£5,863');
    expect(formatCurrencyPerYear(586264, undefined, 'whole')).toBe('£5,863 a year');
  });

  it('shows any amount to the penny when asked for the exact figure', () => {
    expect(formatCurrency(26827449, 'exact')).toBe('£268,274.49');
    expect(formatCurrency(1000000, 'exact')).toBe('£10,000.00');
    expect(formatCurrency('x', 'exact')).toBe('-');
  });

  it('shows a chart scale in whole pounds, whatever the size', () => {
    expect(formatCurrency(0, 'whole')).toBe('£0');
    expect(formatCurrency(250000, 'whole')).toBe('£2,500');
    expect(formatCurrency(145970, 'whole')).toBe('£1,460');
  });

  it('shows dates as dd MMM yyyy in UTC', () => {
    expect(formatDate('1964-01-03')).toBe('03 Jan 1964');
    expect(formatDate('2026-09-30T23:30:00Z')).toBe('30 Sep 2026');
    expect(formatDate('2026-03-01T00:30:00+01:00')).toBe('28 Feb 2026');
  });

  it('shows times as HH:mm', () => {
    expect(formatTime('09:05:59')).toBe('09:05');
    expect(formatTime('2026-01-15T14:07:00Z')).toBe('14:07');
    expect(formatTime('2026-07-15T14:07:00Z')).toBe('15:07');
    expect(formatTime('2026-07-15')).toBe('-');
  });

  it('shows sort codes in pairs', () => {
    expect(formatSortCode('404784')).toBe('40-47-84');
    expect(formatSortCode('40 47 84')).toBe('40-47-84');
    expect(formatSortCode('4047')).toBe('-');
  });

  it('rounds numbers to two decimals, half away from zero as the number reads, with commas', () => {
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(-1.005)).toBe('-1.01');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(100 / 3)).toBe('33.33');
    expect(formatNumber('-2.50')).toBe('-2.5');
    expect(formatNumber(0.004)).toBe('0');
    expect(formatNumber(-0.004)).toBe('0');
    expect(formatNumber(1e-7)).toBe('0');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatCurrency(-0.4)).toBe('£0.00');
    expect(formatCurrency(1e17, 'exact')).toBe('£1,000,000,000,000,000.00');
  });

  it('reads as Intl.NumberFormat en-GB would, without paying for Intl on the page', () => {
    const twoPlaces = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const wholePounds = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      maximumFractionDigits: 0,
    });
    let seed = 20261126;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let index = 0; index < 5000; index += 1) {
      const magnitude = 10 ** Math.floor(next() * 12);
      const value = Math.round((next() - 0.3) * magnitude * 1000) / 1000;
      if (Math.abs(value) >= 0.005) expect(formatNumber(value)).toBe(twoPlaces.format(value));
      const pence = Math.round(value);
      if (pence === 0) continue;
      expect(formatCurrency(pence, 'exact')).toBe(pounds.format(pence / 100));
      const display =
        Math.abs(pence) >= 1_000_000
          ? wholePounds.format(Math.round(pence / 100))
          : pounds.format(pence / 100);
      expect(formatCurrency(pence)).toBe(display);
    }
  });

  it('shows file sizes in base 1000 units', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1540)).toBe('1.5 KB');
    expect(formatFileSize(999_960)).toBe('1 MB');
    expect(formatFileSize(2_400_000)).toBe('2.4 MB');
    expect(formatFileSize(3_000_000_000)).toBe('3 GB');
    expect(formatFileSize(5_500_000_000_000)).toBe('5.5 TB');
    expect(formatFileSize(7_000_000_000_000_000)).toBe('7,000 TB');
  });

  it('shows periods as their two largest non-zero units', () => {
    expect(formatPeriod('0Y11M0W5D')).toBe('11 months, 5 days');
    expect(formatPeriod('1Y0M2W3D')).toBe('1 year, 2 weeks');
    expect(formatPeriod('P2Y1M')).toBe('2 years, 1 month');
    expect(formatPeriod('0Y0M0W1D')).toBe('1 day');
    expect(formatPeriod('0Y0M0W0D')).toBe('-');
  });

  it('shows missing or unreadable values as a dash', () => {
    for (const value of [null, undefined, '', 'soon', Number.NaN]) {
      expect(formatCurrency(value)).toBe('-');
      expect(formatDate(value)).toBe('-');
      expect(formatFileSize(value)).toBe('-');
      expect(formatPeriod(value)).toBe('-');
    }
    expect(formatDate('03/01/1964')).toBe('-');
    expect(formatValue(null, 'text')).toBe('-');
    expect(formatValue('  ', 'currency')).toBe('-');
  });

  it('formats a value by its format name, labels through the lookup given', () => {
    expect(formatValue(123456, 'currencyPerYear')).toBe('£1,234.56 a year');
    expect(formatValue('Deferred', 'text')).toBe('Deferred');
    expect(formatValue('status_deferred', 'label', (key) => `<${key}>`)).toBe('<status_deferred>');
    expect(formatValue(1234.5, 'number')).toBe('1,234.5');
  });
});
