import { addMonths, type IsoDate } from '@meridian/pensions';
import type { DemoRecord } from './demo-personas';

/** A DB record's pensionable salaries, dated back from the seeding day as the persona gives them. */
export function withSalaryHistory(
  benefits: Record<string, unknown>,
  record: DemoRecord,
  today: IsoDate,
): Record<string, unknown> {
  if (!record.salaryHistory) return benefits;
  return {
    ...benefits,
    salaryHistory: record.salaryHistory.map(({ monthsAgo, pensionableSalaryPence }) => ({
      from: addMonths(today, -monthsAgo),
      pensionableSalaryPence,
    })),
  };
}
