/** Fixed rules of the retirement journey (spec e.1). */
export const PROCESSING_PERIOD_DAYS = 37; // 30 days' processing + a 7-day minimum submission window
export const DEFAULT_LATEST_RETIREMENT_AGE = 75;
export const OVER_LATEST_MARGIN_MONTHS = 1.24;
export const CONFIRMATION_DAYS = 14;
export const DC_RETIREMENT_DATE_MONTHS = 6;
export const DC_JOURNEY_EXPIRY_DAYS = 90;
export const RETIREMENT_JOURNEY_EXPIRY_DAYS = 90;
export const DC_PROCESSING_DAYS = 21;
export const GMP_AGES = Object.freeze({ M: 65, F: 60 });

/** Tax facts (2024/25 onwards). */
export const LUMP_SUM_ALLOWANCE_PENCE = 26_827_500;
export const TAX_FREE_PROPORTION = 0.25;
/** Money Purchase Annual Allowance once a DC pot is flexibly accessed. */
export const MPAA_PENCE = 1_000_000;
/** A pot of this or less may be taken as a small-pot lump sum (no MPAA, no Lump Sum Allowance used). */
export const SMALL_POT_LIMIT_PENCE = 1_000_000;
/**
 * Safeguarded (DB) benefits with a transfer value over this need advice from an FCA-authorised adviser
 * before they are transferred (Pension Schemes Act 2015, s.48). A scheme may set a lower threshold.
 */
export const TRANSFER_ADVICE_THRESHOLD_PENCE = 3_000_000;
/** HMRC valuation factor for a scheme pension when testing the 25% limit. */
export const DB_VALUATION_FACTOR = 20;

/** Stamped on every quote with the scheme version so a stored quote says what produced it. */
export const ENGINE_VERSION = 'meridian-pensions/1.0';
