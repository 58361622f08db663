import { Link } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { useTextResolver } from '../content';
import { formatCurrency, formatCurrencyPerYear, formatDate, linePrecision } from '../../lib/format';
import { usePensionPayments } from '../payments';
import { TRANSFER_QUOTE_READ } from './hub-reads';
import { SummaryRow } from '../../components/SummaryRow';

/** A pensioner's summary: the pension being paid and the next payment, gross, tax and net. */
export function PensionInPaymentRows({ recordKey }: { recordKey: string }) {
  const read = usePensionPayments(recordKey);
  const payments = read.data;
  const { words } = useTextResolver();
  if (read.failure)
    return (
      <SummaryRow term="Pension being paid">
        <LoadFailed what="show your payments" load={read} />
      </SummaryRow>
    );
  if (!payments) return <SummaryRow term="Pension being paid">Loading</SummaryRow>;
  if (payments === 'none') return null;
  const next = payments.nextPayment;
  const paid = (pence: number) =>
    formatCurrency(pence, linePrecision([next.netPence, next.grossPence, next.taxPence]));
  return (
    <>
      <SummaryRow term="Pension being paid">
        {formatCurrencyPerYear(next.annualPensionPence, words)}
      </SummaryRow>
      <SummaryRow term="Next payment">
        {formatDate(next.paidOn)}
        {next.netPence !== null && next.taxPence !== null
          ? `: ${paid(next.netPence)} paid to you (${paid(next.grossPence)} before ${paid(next.taxPence)} tax)`
          : `: ${paid(next.grossPence)} before tax`}
      </SummaryRow>
      <SummaryRow term="Payments">
        <Link to="/pension-payments">See your payments and yearly increase</Link>
      </SummaryRow>
    </>
  );
}

interface TransferQuoteSummary {
  guaranteed: boolean;
  issuedOn: string | null;
  guaranteedUntil: string;
  transferValuePence: number;
}

const readTransferQuote = () => http.get<TransferQuoteSummary>(TRANSFER_QUOTE_READ, recordHeaders());

/**
 * The guaranteed transfer value issued to the member, while it holds; nothing when none holds. A read
 * that failed says so, as the member may hold one.
 */
export function GuaranteedTransferRow({ recordKey }: { recordKey: string }) {
  // Drawn with the hub's first render when its first reads have it, so the summary does not grow.
  const read = useLoad(readTransferQuote, {
    key: recordKey,
    initial: http.answered<TransferQuoteSummary>(TRANSFER_QUOTE_READ, recordHeaders()),
  });
  if (read.failure)
    return (
      <SummaryRow term="Transfer value">
        <LoadFailed what="show your transfer value" load={read} />
      </SummaryRow>
    );
  const quote = read.data;
  if (!quote?.guaranteed || !quote.issuedOn) return null;
  return (
    <SummaryRow term="Guaranteed transfer value">
      {formatCurrency(quote.transferValuePence)}, guaranteed until {formatDate(quote.guaranteedUntil)} (quote
      issued {formatDate(quote.issuedOn)}).{' '}
      <Link to={webAppPaths.transferValue}>See your transfer value</Link>
    </SummaryRow>
  );
}
