import { useEffect, useState } from 'react';
import { http } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { formatCurrency, formatCurrencyPerYear, formatDate, formatPeriod } from '../content/format';

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

type Figures = { time: TimeToRetirement; quote: DbQuoteSummary | DcQuoteSummary } | 'none';

/** Headline retirement figures for the chosen record, each stating the date and assumptions behind it. */
export function RetirementSummary({ referenceNumber }: { referenceNumber: string }) {
  const [figures, setFigures] = useState<Figures | null>(null);
  useEffect(() => {
    let current = true;
    const headers = activeRecordHeaders(singleAuthData.read());
    Promise.all([
      http.get<TimeToRetirement>('/mdp-api/api/members/current/time-to-retirement', { headers }),
      http.get<DbQuoteSummary | DcQuoteSummary>('/mdp-api/api/v3/retirement/quotes', { headers }),
    ])
      .then(([time, quote]) => current && setFigures({ time, quote }))
      // Pensioners and records the rules cannot quote simply have no forecast to show.
      .catch(() => current && setFigures('none'));
    return () => {
      current = false;
    };
  }, [referenceNumber]);

  if (figures === null) return <p className="page-loading">Working out your pension options</p>;
  if (figures === 'none') return null;
  const { time, quote } = figures;
  const maximum =
    quote.kind === 'DB' ? quote.options.find((option) => option.kind === 'maximum-lump-sum') : undefined;
  return (
    <section aria-labelledby="retirement-heading" className="retirement-summary">
      <h2 id="retirement-heading">Your retirement</h2>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Normal retirement date</dt>
          <dd>
            {formatDate(time.normalRetirementDate)} (in {formatPeriod(time.timeToNormalRetirement)})
          </dd>
        </div>
        {quote.kind === 'DB' ? (
          <>
            <div className="summary-row">
              <dt>Pension from {formatDate(quote.effectiveDate)}</dt>
              <dd>{formatCurrencyPerYear(quote.fullPensionPence)}</dd>
            </div>
            {maximum && (
              <div className="summary-row">
                <dt>Or the most tax-free cash</dt>
                <dd>
                  {formatCurrency(maximum.lumpSumPence)} and{' '}
                  {formatCurrencyPerYear(maximum.residualPensionPence)}
                </dd>
              </div>
            )}
          </>
        ) : (
          <div className="summary-row">
            <dt>Your pot at {formatDate(quote.effectiveDate)}</dt>
            <dd>
              {formatCurrency(quote.projection.potPence)} (
              {formatCurrency(quote.projection.potTodaysMoneyPence)} in today’s money)
            </dd>
          </div>
        )}
      </dl>
      <details className="assumptions">
        <summary>How we worked this out</summary>
        <p>These are estimates worked out on {formatDate(quote.calculatedOn)}. They are not guaranteed.</p>
        <ul>
          {quote.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
