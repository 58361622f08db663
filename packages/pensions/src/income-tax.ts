import { z } from 'zod';
import type { IsoDate } from './dates';
import rawRates from '../tax/income-tax.json';

export type TaxRegime = 'rest-of-uk' | 'scotland';

const bandSchema = z.object({
  name: z.string().min(1),
  /** Upper limit of taxable income (after the Personal Allowance) in whole pounds; null for the top band. */
  upTo: z.number().int().positive().nullable(),
  percent: z.number().min(0).max(100),
});

const bandsSchema = z
  .array(bandSchema)
  .min(1)
  .superRefine((bands, ctx) => {
    bands.forEach((band, i) => {
      const last = i === bands.length - 1;
      if ((band.upTo === null) !== last)
        ctx.addIssue({ code: 'custom', message: 'only the last band has no upper limit', path: [i] });
      const before = bands[i - 1]?.upTo;
      if (band.upTo !== null && before != null && band.upTo <= before)
        ctx.addIssue({ code: 'custom', message: 'band limits must ascend', path: [i] });
    });
  });

const taxYearSchema = z.object({
  /** e.g. 2026/27: 6 April 2026 to 5 April 2027. */
  taxYear: z.string().regex(/^\d{4}\/\d{2}$/),
  personalAllowance: z.number().int().min(0),
  /** Adjusted net income above which the allowance goes down £1 for every £2. */
  taperThreshold: z.number().int().positive(),
  source: z.string().min(1),
  regimes: z.object({ 'rest-of-uk': bandsSchema, scotland: bandsSchema }),
});

const ratesFileSchema = z.object({
  note: z.string(),
  years: z
    .array(taxYearSchema)
    .min(1)
    .superRefine((years, ctx) => {
      for (let i = 1; i < years.length; i++) {
        if (years[i]!.taxYear <= years[i - 1]!.taxYear)
          ctx.addIssue({ code: 'custom', message: 'tax years must ascend', path: [i] });
      }
    }),
});

export type IncomeTaxYear = z.infer<typeof taxYearSchema>;

let configured: readonly IncomeTaxYear[] | undefined;

/** The dated income tax figures (packages/pensions/tax/income-tax.json), validated on first use. */
export function incomeTaxYears(): readonly IncomeTaxYear[] {
  configured ??= Object.freeze(ratesFileSchema.parse(rawRates).years);
  return configured;
}

/** The tax year a date falls in: 6 April to 5 April, named like 2026/27. */
export function taxYearOf(date: IsoDate): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-06' ? year : year - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

export interface IncomeTaxBasis {
  /** The tax year the date falls in. */
  taxYear: string;
  /** The figures used: that year's, else the newest configured (thresholds assumed frozen), else the oldest. */
  rates: IncomeTaxYear;
  frozenRatesAssumed: boolean;
}

export function incomeTaxBasisFor(date: IsoDate, years = incomeTaxYears()): IncomeTaxBasis {
  const taxYear = taxYearOf(date);
  const rates = years.findLast((y) => y.taxYear <= taxYear) ?? years[0]!;
  return { taxYear, rates, frozenRatesAssumed: rates.taxYear !== taxYear };
}

/** The Personal Allowance after the taper: down £1 for every £2 of income over the threshold, never below 0. */
export function personalAllowancePence(incomePence: number, rates: IncomeTaxYear): number {
  const allowance = rates.personalAllowance * 100;
  const over = incomePence - rates.taperThreshold * 100;
  return over <= 0 ? allowance : Math.max(0, allowance - Math.floor(over / 2));
}

/**
 * Income tax on a year's income (all of it non-savings income such as pension and earnings): the
 * Personal Allowance taken off, then each band's rate on the part of taxable income within it. The
 * bands' pence × whole percentages add up exactly as integers; the total is rounded down to the penny.
 */
export function incomeTaxPence(incomePence: number, rates: IncomeTaxYear, regime: TaxRegime): number {
  if (incomePence <= 0) return 0;
  let taxable = incomePence - personalAllowancePence(incomePence, rates);
  let from = 0;
  let hundredths = 0;
  for (const band of rates.regimes[regime]) {
    if (taxable <= 0) break;
    const width = band.upTo === null ? taxable : Math.min(taxable, band.upTo * 100 - from);
    hundredths += width * band.percent;
    taxable -= width;
    from = band.upTo === null ? from : band.upTo * 100;
  }
  return Math.floor(hundredths / 100);
}

/** Tax on income added on top of other income in the same year: the tax it adds. */
export function taxOnTopPence(
  addedPence: number,
  otherIncomePence: number,
  rates: IncomeTaxYear,
  regime: TaxRegime,
): number {
  return (
    incomeTaxPence(otherIncomePence + addedPence, rates, regime) -
    incomeTaxPence(otherIncomePence, rates, regime)
  );
}

/**
 * Postcode areas wholly or mainly in Scotland. TD15 (Berwick-upon-Tweed) is in England, so the TD area
 * counts as Scottish except that district.
 */
const SCOTTISH_AREAS = new Set('AB DD DG EH FK G HS IV KA KW KY ML PA PH TD ZE'.split(' '));
const ENGLISH_DISTRICTS_IN_SCOTTISH_AREAS = new Set(['TD15']);

export interface TaxRegimeDecision {
  regime: TaxRegime;
  reason: string;
}

/**
 * Scottish income tax applies to Scottish taxpayers (main home in Scotland); HMRC decides. As an estimate:
 * an address whose country is Scotland, or a UK address whose postcode area is in Scotland, is Scottish;
 * anything else (including no address, or one outside the UK) uses the rest-of-UK rates.
 */
export function taxRegimeForAddress(
  address: { postcode?: string | null; countryCode?: string | null } | null | undefined,
): TaxRegimeDecision {
  if (!address) return { regime: 'rest-of-uk', reason: 'No address on record: rest-of-UK rates used.' };
  const country = (address.countryCode ?? '').trim().toUpperCase();
  if (country === 'GB-SCT' || country === 'SCOTLAND')
    return { regime: 'scotland', reason: 'Your address is in Scotland: Scottish rates used.' };
  if (country && !['GB', 'UK', 'GBR'].includes(country))
    return { regime: 'rest-of-uk', reason: 'Your address is outside the UK: rest-of-UK rates used.' };
  const outward = (address.postcode ?? '').trim().toUpperCase().split(/\s+/)[0] ?? '';
  const district = outward.length > 4 ? outward.slice(0, -3) : outward;
  const area = /^[A-Z]{1,2}/.exec(district)?.[0] ?? '';
  if (SCOTTISH_AREAS.has(area) && !ENGLISH_DISTRICTS_IN_SCOTTISH_AREAS.has(district))
    return {
      regime: 'scotland',
      reason: `Your postcode (${area} area) is in Scotland: Scottish rates used.`,
    };
  return {
    regime: 'rest-of-uk',
    reason: 'Your address is in the UK outside Scotland: rest-of-UK rates used.',
  };
}
