import { isCalculationUnavailable } from '@meridian/contracts';
import { FiguresUnavailable } from '../../components/FiguresUnavailable';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad, type Load } from '../../components/useLoad';
import { http, recordKeyOf, type PersonalDetails } from '../../lib/api';
import { noneIfNotFound } from '../../lib/service-problem';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { useTextResolver } from '../content';
import {
  formatCurrency,
  formatCurrencyPerYear,
  formatDate,
  formatPeriod,
  linePrecision,
} from '../../lib/format';
import { GuaranteedTransferRow, PensionInPaymentRows } from './PositionExtras';
import { SummaryRow } from '../../components/SummaryRow';

interface TimeToRetirement {
  calculatedOn: string;
  normalRetirementDate: string;
  timeToNormalRetirement: string;
  targetRetirementDate: string | null;
  timeToTargetRetirement: string | null;
}

interface DbQuoteSummary {
  kind: 'DB';
  calculatedOn: string;
  effectiveDate: string;
  fullPensionPence: number;
  avcFundPence: number;
  options: Array<{ kind: string; lumpSumPence: number; residualPensionPence: number }>;
  assumptions: string[];
}

interface DcQuoteSummary {
  kind: 'DC';
  calculatedOn: string;
  effectiveDate: string;
  projection: { potPence: number; potTodaysMoneyPence: number };
  assumptions: string[];
}

type Figures = { time: TimeToRetirement; quote: DbQuoteSummary | DcQuoteSummary } | 'none' | 'unavailable';

const schemeTypeLabel = { DB: 'Defined benefit (final salary)', DC: 'Defined contribution (savings pot)' };

const TIME_TO_RETIREMENT_READ = '/mdp-api/api/members/current/time-to-retirement';
const QUOTES_READ = '/mdp-api/api/v3/retirement/quotes';

const figuresOf = (time: TimeToRetirement, quote: DbQuoteSummary | DcQuoteSummary): Figures =>
  isCalculationUnavailable(time) || isCalculationUnavailable(quote) ? 'unavailable' : { time, quote };

/** The figures when the hub's first reads already have both answers (undefined otherwise). */
function answeredFigures(): Figures | undefined {
  const headers = activeRecordHeaders(singleAuthData.read());
  const time = http.answered<TimeToRetirement>(TIME_TO_RETIREMENT_READ, { headers });
  const quote = http.answered<DbQuoteSummary | DcQuoteSummary>(QUOTES_READ, { headers });
  return time && quote ? figuresOf(time, quote) : undefined;
}

/** A record the rules cannot quote simply has no forecast to show. */
function readFigures(): Promise<Figures> {
  const headers = activeRecordHeaders(singleAuthData.read());
  return noneIfNotFound(
    Promise.all([
      http.get<TimeToRetirement>(TIME_TO_RETIREMENT_READ, { headers }),
      http.get<DbQuoteSummary | DcQuoteSummary>(QUOTES_READ, { headers }),
    ]).then(([time, quote]) => figuresOf(time, quote)),
  );
}

/**
 * Headline retirement figures for the chosen record, each stating the date and assumptions behind
 * it; a pensioner's record has none to read. Drawn with the hub's first render when its first reads
 * have them, so the summary does not grow.
 */
function useRetirementFigures(details: PersonalDetails): Load<Figures> {
  const quotable = details.status !== 'Pensioner';
  return useLoad(async () => (quotable ? readFigures() : 'none'), {
    key: recordKeyOf(details),
    initial: quotable ? answeredFigures() : 'none',
  });
}

type Quoted = Exclude<Figures, 'none' | 'unavailable'>;

function RetirementRows({ time, quote }: Quoted) {
  const { words } = useTextResolver();
  if (quote.kind === 'DC') {
    const target = time.targetRetirementDate ?? time.normalRetirementDate;
    const timeTo = time.timeToTargetRetirement ?? time.timeToNormalRetirement;
    const { potPence, potTodaysMoneyPence } = quote.projection;
    const potPrecision = linePrecision([potPence, potTodaysMoneyPence]);
    return (
      <>
        <SummaryRow term="Target retirement date">
          {formatDate(target)} (in {formatPeriod(timeTo, words)})
        </SummaryRow>
        <SummaryRow term={`Your pot at ${formatDate(quote.effectiveDate)}`}>
          {formatCurrency(potPence, potPrecision)} ({formatCurrency(potTodaysMoneyPence, potPrecision)} in
          today’s money)
        </SummaryRow>
      </>
    );
  }
  const maximum = quote.options.find((option) => option.kind === 'maximum-lump-sum');
  const maximumPrecision = maximum && linePrecision([maximum.lumpSumPence, maximum.residualPensionPence]);
  return (
    <>
      <SummaryRow term="Normal retirement date">
        {formatDate(time.normalRetirementDate)} (in {formatPeriod(time.timeToNormalRetirement, words)})
      </SummaryRow>
      <SummaryRow term={`Pension from ${formatDate(quote.effectiveDate)}`}>
        {formatCurrencyPerYear(quote.fullPensionPence, words)}
        {quote.effectiveDate < time.normalRetirementDate &&
          ' (taken early, before your normal retirement date)'}
      </SummaryRow>
      {maximum && (
        <SummaryRow term="Or the most tax-free cash">
          {formatCurrency(maximum.lumpSumPence, maximumPrecision)} and{' '}
          {formatCurrencyPerYear(maximum.residualPensionPence, words, maximumPrecision)}
        </SummaryRow>
      )}
      {quote.avcFundPence > 0 && (
        <SummaryRow term="Your AVC fund">{formatCurrency(quote.avcFundPence)}</SummaryRow>
      )}
    </>
  );
}

/** This member's position: the record shown and, where the rules can work them out, its retirement figures. */
export function RetirementSummary({ details }: { details: PersonalDetails }) {
  const read = useRetirementFigures(details);
  const figures = read.data;
  const quoted = figures && figures !== 'none' && figures !== 'unavailable' ? figures : null;
  return (
    <section aria-labelledby="position-heading" className="hub-summary">
      <h2 id="position-heading">Your {details.schemeName} record</h2>
      <dl className="summary-list">
        <SummaryRow term="Type of pension">{schemeTypeLabel[details.schemeType]}</SummaryRow>
        <SummaryRow term="Membership status">{details.status}</SummaryRow>
        <SummaryRow term="Reference number">{details.referenceNumber}</SummaryRow>
        {details.status === 'Pensioner' && <PensionInPaymentRows recordKey={recordKeyOf(details)} />}
        {quoted && <RetirementRows {...quoted} />}
        {details.schemeType === 'DB' && details.status !== 'Pensioner' && (
          <GuaranteedTransferRow recordKey={recordKeyOf(details)} />
        )}
      </dl>
      <LoadFailed what="show your pension figures" load={read} />
      {!figures && !read.failure && <p className="page-loading">Working out your pension options</p>}
      {figures === 'unavailable' && <FiguresUnavailable />}
      {quoted && (
        <details className="assumptions">
          <summary>How we worked this out</summary>
          <p>
            These are estimates worked out on {formatDate(quoted.quote.calculatedOn)}. They are not
            guaranteed.
          </p>
          <ul>
            {quoted.quote.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
