import type { DcOptionFigures } from '@meridian/contracts';
import { formatCurrency, formatCurrencyPerYear, formatDate } from '../../lib/format';
import { optionText } from './option-text';
import { PotByAge } from './PotByAge';

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

const lives = { single: 'for you alone', joint: 'for you, then your partner after you die' };
const escalation = { level: 'the same amount each year', increasing: 'rising each year' };

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The Money Purchase Annual Allowance warning, for options that flexibly access the pot. */
export function MpaaWarning({ mpaaPence }: { mpaaPence: number }) {
  return (
    <p className="warning-text">
      <span className="visually-hidden">Warning: </span>
      Once you take money this way, the Money Purchase Annual Allowance applies: no more than{' '}
      {formatCurrency(mpaaPence, 'whole')} a year can then be paid into your pensions with tax relief.
    </p>
  );
}

/** One option's figures: cash, income after estimated tax, what the member gives up and the MPAA warning. */
export function OptionCard({
  option,
  mpaaPence,
  compareControl,
}: {
  option: DcOptionFigures;
  mpaaPence: number;
  compareControl?: React.ReactNode;
}) {
  const text = optionText[option.code];
  const headingId = `option-${option.code}`;
  return (
    <section className="dc-option" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.title}</h2>
      <p>{text.description}</p>
      {!option.eligible ? (
        <p>
          <strong>You cannot take this option.</strong> {option.notEligibleReason}
        </p>
      ) : (
        <>
          <dl className="summary-list">
            <Row term="Tax-free cash">{formatCurrency(option.taxFreeCashPence)}</Row>
            <Row term="Taxable cash">
              {formatCurrency(option.taxableCashPence)}
              {option.cashTaxPence > 0 && ` (about ${formatCurrency(option.cashTaxPence)} income tax)`}
            </Row>
            <Row term="Cash after estimated tax">{formatCurrency(option.cashAfterTaxPence)}</Row>
            <Row term="Yearly income after estimated tax">
              {formatCurrencyPerYear(option.yearlyIncomeAfterTaxPence)}
              {option.yearlyIncomePence > 0 &&
                ` (${formatCurrencyPerYear(option.yearlyIncomePence)} before ${formatCurrency(option.yearlyIncomeTaxPence)} tax)`}
            </Row>
            {option.potLeftInvestedPence > 0 && (
              <Row term="Left invested">{formatCurrency(option.potLeftInvestedPence)}</Row>
            )}
            {option.annuity && (
              <Row term="Annuity">
                {formatCurrencyPerYear(option.annuity.yearlyIncomePence)} from{' '}
                {formatCurrency(option.annuity.potPence)}, {lives[option.annuity.lives]},{' '}
                {escalation[option.annuity.escalation]} (rates as at {formatDate(option.annuity.ratesAsAt)})
              </Row>
            )}
            {option.drawdown && (
              <Row term="Drawdown">
                {formatCurrencyPerYear(option.drawdown.yearlyIncomePence)} from{' '}
                {formatCurrency(option.drawdown.potPence)},{' '}
                {option.drawdown.lastsUntilAge
                  ? `lasting until you are about ${option.drawdown.lastsUntilAge.years}`
                  : 'not running out before you are 100'}{' '}
                if it grows {percent(option.drawdown.growthAfterCharges)} a year after charges
                {option.drawdown.charges !== null && ` of ${percent(option.drawdown.charges)} a year`}
              </Row>
            )}
          </dl>
          {option.givesUp.length > 0 && (
            <>
              <h3>What you give up</h3>
              <ul>
                {option.givesUp.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          )}
          {option.mpaaApplies && <MpaaWarning mpaaPence={mpaaPence} />}
          {option.drawdown && <PotByAge drawdown={option.drawdown} id={headingId} />}
          {compareControl}
        </>
      )}
    </section>
  );
}
