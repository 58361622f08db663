import { useLoad, type Load } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { noneIfNotFound } from '../../lib/service-problem';
import { PAYMENTS_READ } from '../hub';

export interface PaymentFigures {
  grossPence: number;
  taxPence: number;
  netPence: number;
}

export interface PensionPayments {
  annualPensionPence: number;
  taxCode: string;
  nextPaymentOn: string;
  currentPayment: PaymentFigures | null;
  lastPayments: Array<PaymentFigures & { paidOn: string }>;
  increase: { rule: string; nextOn: string; lastPercent: number | null; lastOn: string | null };
}

const readPayments = () => noneIfNotFound(http.get<PensionPayments>(PAYMENTS_READ, recordHeaders()));

/**
 * The chosen record's pension in payment, or 'none' when the service says no pension is paid on it;
 * a read that failed (busy, offline) ends in `failure`. An answer already read (the hub asks with its
 * first reads) is there from the first render.
 */
export function usePensionPayments(recordKey = ''): Load<PensionPayments | 'none'> {
  return useLoad(readPayments, {
    key: recordKey,
    initial: http.answered<PensionPayments>(PAYMENTS_READ, recordHeaders()),
  });
}
