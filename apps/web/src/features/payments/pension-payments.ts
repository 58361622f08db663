import { useEffect, useState } from 'react';
import { http, recordHeaders } from '../../lib/api';
import { PAYMENTS_READ } from '../hub/hub-reads';

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


/**
 * The chosen record's pension in payment; null while loading, 'none' when it cannot be read. An answer
 * already read (the hub asks with its first reads) is there from the first render.
 */
export function usePensionPayments(referenceNumber?: string): PensionPayments | 'none' | null {
  const [payments, setPayments] = useState<PensionPayments | 'none' | null>(
    () => http.answered<PensionPayments>(PAYMENTS_READ, recordHeaders()) ?? null,
  );
  useEffect(() => {
    let current = true;
    http
      .get<PensionPayments>(PAYMENTS_READ, recordHeaders())
      .then((answer) => current && setPayments(answer))
      .catch(() => current && setPayments('none'));
    return () => {
      current = false;
    };
  }, [referenceNumber]);
  return payments;
}
