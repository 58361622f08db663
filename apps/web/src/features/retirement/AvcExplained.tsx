import { useId } from 'react';
import { formatCurrency } from '../../lib/format';
import type { DbQuoteOption, DbQuoteView } from './retirement-api';

const pounds = (pence: number) => formatCurrency(pence, 'exact');

/** What an option's AVC fund not taken as cash buys, as the engine worked it out; null when all of it is cash. */
export function avcExtraText(option: DbQuoteOption): string | null {
  if (option.avcRemainingPence === 0) return null;
  return option.avcExtraPensionPence == null
    ? `${pounds(option.avcRemainingPence)} of your AVC fund buys extra pension, worked out when you apply`
    : `plus ${pounds(option.avcExtraPensionPence)} a year of extra pension from ${pounds(option.avcRemainingPence)} of your AVC fund`;
}

/**
 * The AVC fund and how it can be taken, with the engine's figures at a date: as tax-free cash first
 * (reducing the pension given up) and the extra pension what is left buys, or, where the scheme does
 * not pay AVCs as cash, the extra pension alone.
 */
export function AvcExplained({ quote }: { quote: DbQuoteView }) {
  const titleId = useId();
  const most = quote.options.find((option) => option.kind === 'maximum-lump-sum')!;
  const factor = quote.avcPensionFactor;
  const allAsPension =
    quote.avcFundAsPensionPence == null
      ? null
      : `${pounds(quote.avcFundAsPensionPence)} a year (at your age, £${factor} of AVC fund buys £1 a year of pension)`;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>Your AVC fund of {pounds(quote.avcFundPence)}</h3>
      {quote.avcTakenAsCashFirst === false ? (
        <>
          <p>
            Your scheme does not pay additional voluntary contributions (AVCs) as tax-free cash: all of your
            AVC fund buys extra pension, on top of the pension from the scheme.
          </p>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>Extra pension from your AVC fund</dt>
              <dd>{allAsPension ?? 'Worked out when you apply'}</dd>
            </div>
          </dl>
          <p>Any tax-free cash comes from giving up some of your pension from the scheme.</p>
        </>
      ) : (
        <>
          <p>
            Your additional voluntary contributions (AVCs) can be taken in two ways, and you can mix them:
          </p>
          <ul>
            <li>
              <strong>As tax-free cash, first.</strong> The scheme pays tax-free cash from your AVC fund
              before it asks you to give up any pension, so you give up less pension for the same cash. With
              the most tax-free cash, {pounds(most.fromAvcPence)} comes from your AVC fund and{' '}
              {pounds(most.fromCommutationPence)} from giving up {pounds(most.pensionGivenUpPence)} a year of
              pension.
            </li>
            <li>
              <strong>As extra pension.</strong> Any part you do not take as cash buys extra pension on top of
              the figures shown here
              {allAsPension
                ? `: all of it would buy ${allAsPension}.`
                : '; the scheme works out how much when you apply.'}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
