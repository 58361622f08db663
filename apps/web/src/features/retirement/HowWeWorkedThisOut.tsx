import { formatCurrency, formatDate } from '../../lib/format';
import type { DbQuoteView } from './retirement-api';

const pounds = (pence: number) => formatCurrency(pence, 'exact');

/** One tranche's pension at the date: built up, revalued or added to, then the early or late factor. */
function TrancheSum({ quote, tranche }: { quote: DbQuoteView; tranche: DbQuoteView['tranches'][number] }) {
  const beforeFactor = tranche.revaluedPence + tranche.futureAccrualPence;
  const service = quote.futureService;
  const accrualEnd =
    quote.effectiveDate < quote.retirementDates.normal ? quote.effectiveDate : quote.retirementDates.normal;
  const added = service
    ? `${pounds(service.salaryPence)} salary × ${service.months} months ÷ 12 × ${service.accrualRate} = ${pounds(tranche.futureAccrualPence)}`
    : pounds(tranche.futureAccrualPence);
  return (
    <li>
      <strong>{tranche.label}</strong>: {pounds(tranche.heldPence)} a year built up
      {tranche.revaluationFactor !== 1 &&
        `, × ${tranche.revaluationFactor} for increases until you take it = ${pounds(tranche.revaluedPence)}`}
      {tranche.futureAccrualPence > 0 &&
        `, plus a year for the service you would build up until ${formatDate(accrualEnd)}, ${added}; together ${pounds(beforeFactor)}`}
      {quote.adjustment.kind !== 'none' &&
        `; × ${quote.adjustment.factor} for ${quote.adjustment.months} months ${quote.adjustment.kind} = ${pounds(tranche.fullPensionPence)}`}{' '}
      a year.
    </li>
  );
}

/** The most tax-free cash: the 25% rule's formula with the member's numbers, or the allowance that limits it. */
function MostCash({ quote }: { quote: DbQuoteView }) {
  const most = quote.options.find((option) => option.kind === 'maximum-lump-sum')!;
  const p = pounds(quote.fullPensionPence);
  const cf = quote.commutationFactor;
  // A scheme that does not pay AVCs as cash leaves the fund out of the cash: it buys extra pension.
  const avc = quote.avcTakenAsCashFirst === false ? 0 : quote.avcFundPence;
  if (quote.lumpSum.limitedBy === 'lump-sum-allowance')
    return (
      <p>
        The most tax-free cash is what is left of your Lump Sum Allowance:{' '}
        {pounds(quote.lumpSumAllowanceRemainingPence)}.
      </p>
    );
  // With an AVC fund worth more than 20 ÷ 3 times the pension, no pension need be given up.
  const formula =
    3 * avc > 20 * quote.fullPensionPence
      ? `(20 × ${p} + ${pounds(avc)}) ÷ 4`
      : `20 × (${p} × ${cf}${avc > 0 ? ` + ${pounds(avc)}` : ''}) ÷ (3 × ${cf} + 20)`;
  return (
    <>
      <p>
        Tax-free cash can be at most a quarter of the value of your benefits, with pension valued at 20 times
        a year{avc > 0 && ' and your AVC fund at its value'}. Each £1 a year of pension you give up pays £{cf}{' '}
        in cash (the commutation factor at your age), so the most tax-free cash is {formula} ={' '}
        {pounds(most.lumpSumPence)}, rounded down to the penny.
      </p>
      <p>
        {avc > 0 && `Of that, ${pounds(most.fromAvcPence)} is paid from your AVC fund first. `}
        The rest, {pounds(most.fromCommutationPence)}, is paid by giving up{' '}
        {pounds(most.fromCommutationPence)} ÷ {cf} = {pounds(most.pensionGivenUpPence)} a year of pension,
        leaving {p} − {pounds(most.pensionGivenUpPence)} = {pounds(most.residualPensionPence)} a year.
      </p>
    </>
  );
}

/** "How we worked this out": the formula with the member's own numbers, then the quote's assumptions. */
export function HowWeWorkedThisOut({ quote }: { quote: DbQuoteView }) {
  return (
    <details className="assumptions">
      <summary>How we worked this out</summary>
      <ul>
        {quote.tranches.map((tranche) => (
          <TrancheSum key={tranche.code} quote={quote} tranche={tranche} />
        ))}
      </ul>
      <p>
        Your full pension is {pounds(quote.fullPensionPence)} a year
        {quote.tranches.length > 1 && ', the parts added together'}.
      </p>
      <MostCash quote={quote} />
      <ul>
        {quote.assumptions.map((assumption) => (
          <li key={assumption}>{assumption}</li>
        ))}
      </ul>
    </details>
  );
}
