import type { DbService, RetirementPlanner } from '@meridian/contracts';
import { http } from '../../lib/api';
import { asActiveRecord } from '../../lib/save-file';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

export interface RetirementWindow {
  retirementDate: string;
  dateOfBirth: string;
  availableRetirementDateRange: { from: string; to: string };
}

/** `retirement/options?age=`: the figures for retiring on that birthday (pence a year). */
export type RetirementOptionsAtAge =
  | {
      isCalculationSuccessful: true;
      age: number;
      retirementDate: string;
      fullPensionYearlyIncome: number;
      maxLumpSum: number;
      maxLumpSumYearlyIncome: number;
    }
  | { isCalculationSuccessful: false };

export interface DbQuoteOption {
  kind: 'full-pension' | 'maximum-lump-sum' | 'requested-lump-sum';
  lumpSumPence: number;
  /** The part of the cash paid from the AVC fund, before any pension is given up. */
  fromAvcPence: number;
  fromCommutationPence: number;
  pensionGivenUpPence: number;
  residualPensionPence: number;
  /** AVC fund not taken as cash. */
  avcRemainingPence: number;
  /**
   * The extra pension a year that AVC fund buys, on top of `residualPensionPence` (0 when all of it is cash);
   * null when the scheme works it out on the application.
   */
  avcExtraPensionPence?: number | null;
}

/** `retirement/planner`, or why there is nothing to model. */
export type RetirementPlan = RetirementPlanner | { isCalculationSuccessful: false; message: string };

export interface DbQuoteView {
  kind: 'DB';
  calculatedOn: string;
  effectiveDate: string;
  ageAtRetirement: { years: number; months: number };
  tranches: {
    code: string;
    label: string;
    heldPence: number;
    revaluationFactor: number;
    revaluedPence: number;
    futureAccrualPence: number;
    fullPensionPence: number;
  }[];
  /** An active member's service to the retirement date (or NRD): salary × months ÷ 12 × accrual rate. */
  futureService?: {
    to: string;
    months: number;
    salaryPence: number;
    accrualRate: string;
    pensionPence: number;
  } | null;
  adjustment: RetirementPlanner['ages'][number]['adjustment'];
  fullPensionPence: number;
  commutationFactor: number;
  avcFundPence: number;
  /** Whether the scheme takes the AVC fund as tax-free cash first (else it buys extra pension only). */
  avcTakenAsCashFirst?: boolean;
  /** £ of AVC fund per £1 a year of extra pension at this age; null when the scheme has no table. */
  avcPensionFactor?: number | null;
  /** The extra pension a year the whole fund would buy; null when the scheme works it out on the application. */
  avcFundAsPensionPence?: number | null;
  lumpSumAllowanceRemainingPence: number;
  retirementDates: { earliest: string; normal: string; latest: string };
  lumpSum: {
    minimumPence: number;
    maximumPence: number;
    limitedBy: 'hmrc-25-percent' | 'lump-sum-allowance';
  };
  options: DbQuoteOption[];
  assumptions: string[];
  /** The member's own tax-free cash kept for this date, if any. */
  enteredLumpSumPence: number | null;
}

const headers = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });
const journeyBase = (type: string) => `/mdp-api/api/journeys/${encodeURIComponent(type)}`;

/** DB retirement: the window, the figures by age, quotes, and the application and formal quote they start. */
export const retirementApi = {
  window: () => http.get<RetirementWindow>('/mdp-api/api/v2/retirement/retirement-date', headers()),
  /** The pension at each birthday from the earliest date the rules allow to the latest, to plan with. */
  planner: () => http.get<RetirementPlan>('/mdp-api/api/retirement/planner', headers()),
  /** A DB record's service and salary. */
  service: () => http.get<DbService>('/mdp-api/api/retirement/service', headers()),
  optionsAtAge: (age: number) =>
    http.get<RetirementOptionsAtAge>('/mdp-api/api/retirement/options', { ...headers(), query: { age } }),
  /** The options for a date as a PDF, naming the active record as the library's download links do. */
  summaryPdfPath: (selectedRetirementDate: string) =>
    asActiveRecord(
      `/mdp-api/api/retirement/options/summary-pdf?${new URLSearchParams({ selectedRetirementDate }).toString()}`,
    ),
  quote: (selectedRetirementDate: string, requestedLumpSum?: number) =>
    http.get<DbQuoteView>('/mdp-api/api/v3/retirement/quotes', {
      ...headers(),
      query: { selectedRetirementDate, ...(requestedLumpSum !== undefined && { requestedLumpSum }) },
    }),
  /** The quote with the member's own tax-free cash, not kept. */
  recalculateLumpSum: (selectedRetirementDate: string, requestedLumpSum: number) =>
    http.get<DbQuoteView>('/mdp-api/api/v3/retirement/quotes/recalculate-lumpsum', {
      ...headers(),
      query: { selectedRetirementDate, requestedLumpSum },
    }),
  /** Keeps the member's own tax-free cash for the date: later quotes for it include the amount. */
  keepLumpSum: (selectedRetirementDate: string, requestedLumpSum: number) =>
    http.post<void>('/mdp-api/api/v3/retirement/quotes/submit-recalculated-lumpsum', {
      ...headers(),
      query: { selectedRetirementDate, requestedLumpSum },
    }),
  clearLumpSum: () => http.put<void>('/mdp-api/api/v3/retirement/quotes/clear-lumpsum', headers()),
  /** Starts the application from the quote the member chose: the engine locks it as its figures. */
  startFromQuote: (
    type: string,
    choice: { retirementDate: string; selectedQuoteName: string; requestedLumpSumPence?: number },
  ) => http.post<void>(`${journeyBase(type)}/start-db-core-journey`, { ...headers(), body: choice }),
  /** Asks the scheme for a formal quote; while one is open, the same case is answered. */
  requestQuote: (type: string) =>
    http.post<{ caseNumber: string; submissionDate: string }>(`${journeyBase(type)}/submit-case`, headers()),
};
