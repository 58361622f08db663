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
  residualPensionPence: number;
}

export interface DbQuoteView {
  kind: 'DB';
  calculatedOn: string;
  effectiveDate: string;
  fullPensionPence: number;
  lumpSum: { minimumPence: number; maximumPence: number };
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
