import { addDays, type IsoDate } from './dates';
import type { DbBenefits } from './member';
import { roundPence } from './money';
import { completedMonths, type YearsMonths } from './periods';

export interface DbServiceInput {
  status: string;
  dateJoinedScheme?: IsoDate | null;
  datePensionableServiceStarted?: IsoDate | null;
  dateLeftScheme?: IsoDate | null;
  dateRetired?: IsoDate | null;
  benefits: DbBenefits;
}

export interface DbServiceRecord {
  dateJoinedScheme: IsoDate | null;
  pensionableServiceFrom: IsoDate | null;
  /** The leaving or retirement date; null while the member is still building up service. */
  pensionableServiceTo: IsoDate | null;
  /** Complete months from the start to the end of service (today while still building up). */
  pensionableService: YearsMonths | null;
  /** Each salary with the dates it applied; the last runs to the end of service (null: still paid). */
  salaryHistory: { from: IsoDate; to: IsoDate | null; pensionableSalaryPence: number }[];
  /**
   * Each complete year of service adds salary × accrual rate a year of pension (1/60: £52,000 ÷ 60 =
   * £866.67), rounded to the penny. Null without both.
   */
  accrual: { rate: string; salaryPence: number; pensionPerYearOfServicePence: number } | null;
}

/** The service and salary a DB pension is built from, as the record holds them. */
export function dbServiceRecord(member: DbServiceInput, today: IsoDate): DbServiceRecord {
  const from = member.datePensionableServiceStarted ?? member.dateJoinedScheme ?? null;
  const to = member.dateLeftScheme ?? member.dateRetired ?? null;
  const months = from ? completedMonths(from, to ?? today) : null;
  const history = member.benefits.salaryHistory ?? [];
  const { accrualRate, finalPensionableSalaryPence } = member.benefits;
  return {
    dateJoinedScheme: member.dateJoinedScheme ?? null,
    pensionableServiceFrom: from,
    pensionableServiceTo: to,
    pensionableService: months === null ? null : { years: Math.floor(months / 12), months: months % 12 },
    salaryHistory: history.map((entry, index) => ({
      from: entry.from,
      to: index + 1 < history.length ? addDays(history[index + 1]!.from, -1) : to,
      pensionableSalaryPence: entry.pensionableSalaryPence,
    })),
    accrual:
      accrualRate && finalPensionableSalaryPence
        ? {
            rate: accrualRate,
            salaryPence: finalPensionableSalaryPence,
            pensionPerYearOfServicePence: roundPence(finalPensionableSalaryPence / Number(accrualRate.slice(2))),
          }
        : null,
  };
}
