import { useEffect, useState } from 'react';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

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

/** The chosen record's pension in payment; null while loading, 'none' when it cannot be read. */
export function usePensionPayments(referenceNumber?: string): PensionPayments | 'none' | null {
  const [payments, setPayments] = useState<PensionPayments | 'none' | null>(null);
  useEffect(() => {
    let current = true;
    http
      .get<PensionPayments>('/mdp-api/api/members/current/pension-payments', {
        headers: activeRecordHeaders(singleAuthData.read()),
      })
      .then((answer) => current && setPayments(answer))
      .catch(() => current && setPayments('none'));
    return () => {
      current = false;
    };
  }, [referenceNumber]);
  return payments;
}
