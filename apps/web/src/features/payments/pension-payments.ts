import type { PensionPayments, Payslip, TaxYearPayments } from '@meridian/contracts';
import { useLoad, type Load } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { downloadAsActiveRecord } from '../../lib/save-file';
import { noneIfNotFound } from '../../lib/service-problem';
import { PAYMENTS_READ } from '../hub';

export type { PensionPayments, Payslip, TaxYearPayments };

const BASE = '/mdp-api/api/members/current';

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

/** A tax year (2025/26) as an address writes it: 2025-26. */
export const taxYearInAddress = (taxYear: string) => taxYear.replace('/', '-');

/** Every payment of a tax year (2025/26), newest first, each with its payslip's id. */
export function useTaxYearPayments(taxYear: string): Load<TaxYearPayments> {
  return useLoad(
    () =>
      http.get<TaxYearPayments>(
        `${BASE}/payments?taxYear=${encodeURIComponent(taxYearInAddress(taxYear))}`,
        recordHeaders(),
      ),
    { key: taxYear },
  );
}

/** One payment's payslip, or 'none' when the record has no such payment. */
export function usePayslip(paymentId: string): Load<Payslip | 'none'> {
  return useLoad(
    () =>
      noneIfNotFound(http.get<Payslip>(`${BASE}/payslips/${encodeURIComponent(paymentId)}`, recordHeaders())),
    { key: paymentId },
  );
}

export const downloadPayslip = (payslip: Pick<Payslip, 'id' | 'paidOn'>) =>
  downloadAsActiveRecord(`${BASE}/payslips/${payslip.id}/pdf`, `payslip-${payslip.paidOn}.pdf`);

/** A P60 as a file: the tax year 2025/26 is 2025-26 in its address and its name. */
export const downloadP60 = (taxYear: string) => {
  const named = taxYearInAddress(taxYear);
  return downloadAsActiveRecord(`${BASE}/p60s/${named}/pdf`, `P60-${named}.pdf`);
};
