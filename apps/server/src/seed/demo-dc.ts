import {
  addDays,
  addMonths,
  dcBenefitsSchema,
  previousWorkingDay,
  unitsForValue,
  type IsoDate,
} from '@meridian/pensions';
import type { DemoRecord } from './demo-personas';

/** Monthly contributions kept: two years, so the last 12 months are a part of what is held. */
const CONTRIBUTION_MONTHS = 24;

/**
 * A DC record's benefits with its funds as units priced on the last working day before `today`, and
 * a contribution at the end of each of the last two years' months; checked against the member schema,
 * so the funds add up to the pot.
 */
export function demoDcBenefits(record: DemoRecord, today: IsoDate): Record<string, unknown> {
  if (!record.dc) return record.benefits;
  const pricedOn = previousWorkingDay(addDays(today, -1), 'england-and-wales');
  const benefits = {
    ...record.benefits,
    holdings: record.dc.funds.map((fund) => ({
      code: fund.code,
      units: unitsForValue(fund.valuePence, fund.unitPricePence),
      unitPricePence: fund.unitPricePence,
      pricedOn,
    })),
    contributions: Array.from({ length: CONTRIBUTION_MONTHS }, (_, index) => ({
      paidOn: addDays(addMonths(today, -index), -1),
      memberPence: record.dc!.memberMonthlyPence,
      employerPence: record.dc!.employerMonthlyPence,
    })),
  };
  dcBenefitsSchema.parse(benefits);
  return benefits;
}
