import {
  addDays,
  addMonths,
  dateParts,
  dcBenefitsSchema,
  fundChargePercent,
  getDcSchemeConfig,
  lastDayOfMonth,
  POT_HISTORY_YEARS,
  previousWorkingDay,
  unitsForValue,
  type IsoDate,
  type PotCharge,
  type PotValuation,
} from '@meridian/pensions';
import type { DemoRecord } from './demo-personas';

/** Demo markets: a year of monthly returns (about 4.5% over the year), repeated back in time. */
const MONTHLY_RETURNS = [
  0.021, -0.013, 0.008, 0.015, -0.024, 0.011, 0.006, 0.019, -0.007, 0.012, 0.009, -0.012,
];

interface DemoPotPast {
  valuations: PotValuation[];
  charges: PotCharge[];
  /** Months of contributions the history holds (the pot's age in months, at most five years). */
  months: number;
}

/**
 * A pot's past worked back from today's value: each month end's value is the next one's less the
 * month's contribution and plus its charge (a twelfth of the funds' yearly charges, taken at the
 * month end), undone by that month's return. It stops at five years, or where the pot would have
 * held less than a month's contribution: the month the member joined.
 */
export function demoPotPast(
  potPence: number,
  valuedOn: IsoDate,
  monthlyPence: number,
  annualChargePercent: number,
): DemoPotPast {
  const valuations: PotValuation[] = [];
  const charges: PotCharge[] = [];
  const chargeOn = (valuePence: number) => Math.round((valuePence * annualChargePercent) / 100 / 12);
  let later = potPence;
  let laterCharge = 0;
  let months = 0;
  while (months < 12 * POT_HISTORY_YEARS) {
    const monthEnd = addMonths(valuedOn, -(months + 1));
    const { year, month } = dateParts(monthEnd);
    const rate = MONTHLY_RETURNS[months % MONTHLY_RETURNS.length]!;
    const value = Math.round((later + laterCharge - monthlyPence) / (1 + rate));
    months += 1;
    if (value < monthlyPence) break;
    const on = lastDayOfMonth(year, month);
    const charge = chargeOn(value);
    valuations.push({ on, potPence: value });
    charges.push({ on, pence: charge, description: 'Fund management charge' });
    later = value;
    laterCharge = charge;
  }
  return { valuations: valuations.reverse(), charges: charges.reverse(), months };
}

/**
 * A DC record's benefits with its funds as units priced on the last working day before `today`, a
 * contribution on the price date each month the pot has existed (up to five years), and
 * the pot's month-end values and charges over those years (at each fund's charge as the record's scheme
 * lists it, which the pot page shows); checked against the member schema, so the funds add up to the pot.
 */
export function demoDcBenefits(record: DemoRecord, today: IsoDate): Record<string, unknown> {
  if (!record.dc) return record.benefits;
  const { dc } = record;
  const pricedOn = previousWorkingDay(addDays(today, -1), 'england-and-wales');
  const potPence = dc.funds.reduce((sum, fund) => sum + fund.valuePence, 0);
  const scheme = getDcSchemeConfig(record.schemeCode, today);
  const weightedCharge =
    dc.funds.reduce((sum, fund) => sum + fund.valuePence * (fundChargePercent(scheme, fund.code) ?? 0), 0) /
    potPence;
  const monthlyPence = dc.memberMonthlyPence + dc.employerMonthlyPence;
  const past = demoPotPast(potPence, pricedOn, monthlyPence, weightedCharge);
  const benefits = {
    ...record.benefits,
    holdings: dc.funds.map((fund) => ({
      code: fund.code,
      units: unitsForValue(fund.valuePence, fund.unitPricePence),
      unitPricePence: fund.unitPricePence,
      pricedOn,
    })),
    contributions: Array.from({ length: past.months }, (_, index) => ({
      paidOn: addMonths(pricedOn, -index),
      memberPence: dc.memberMonthlyPence,
      employerPence: dc.employerMonthlyPence,
    })),
    valuations: past.valuations,
    charges: past.charges,
  };
  dcBenefitsSchema.parse(benefits);
  return benefits;
}
