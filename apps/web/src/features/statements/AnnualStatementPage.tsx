import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { webAppPaths, type DbAnnualStatementView, type SmpiStatementView } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { formatCurrency, formatDate } from '../../lib/format';
import { PageLink } from '../content';
import {
  downloadStatementPdf,
  readAnnualStatement,
  statementPdfUrl,
  type AnnualStatement,
} from './annual-statement';
import './statements.css';

const pounds = (pence: number) => formatCurrency(pence, 'exact');
const perYear = (pence: number) => `${pounds(pence)} a year`;
const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/**
 * This year's annual statement under My pension: for a DB pension the pension built up, at normal
 * retirement age, the most tax-free cash and the spouse's pension; for a DC pot the Statutory Money
 * Purchase Illustration; each with the assumptions, and the PDF filed in documents.
 */
export function AnnualStatementPage() {
  useDocumentTitle('Your annual statement');
  const read = useLoad(readAnnualStatement);
  const statement = read.data;
  return (
    <>
      <p>
        <PageLink pageKeys={['my_pension']}>Back to My pension</PageLink>
      </p>
      <h1>Your annual statement</h1>
      <LoadFailed what="show your annual statement" load={read} />
      {!statement && !read.failure && <p className="page-loading">Loading your statement</p>}
      {statement === 'none' && (
        <p>
          There is no annual statement for this pension: it is being paid. Your payments and P60s are on{' '}
          <Link to={webAppPaths.pensionPayments}>Your pension payments</Link>.
        </p>
      )}
      {statement && typeof statement === 'object' && 'notReady' in statement && <p>{statement.notReady}</p>}
      {statement && statement !== 'none' && !('notReady' in statement) && (
        <>
          <p>
            Statement year {statement.statementYear}. Figures as at {formatDate(statement.statementDate)}.
          </p>
          <StatementPdf statement={statement} />
          {statement.kind === 'DB' ? (
            <DbFigures statement={statement} />
          ) : (
            <SmpiFigures statement={statement} />
          )}
          <h2>How we worked this out</h2>
          <ul>
            {statement.assumptions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function StatementPdf({ statement }: { statement: AnnualStatement }) {
  const [failed, setFailed] = useState(false);
  /** As the record the member is acting as: a plain link would fetch the signed-in record's file. */
  function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setFailed(false);
    downloadStatementPdf(statement).catch(() => setFailed(true));
  }
  return (
    <>
      {!statement.document && (
        <p>
          We have not sent your statement for {statement.statementYear} yet: these are your figures as they
          stand today. When we send it, it will be kept in your documents.
        </p>
      )}
      <p>
        <a href={statementPdfUrl(statement)} onClick={download}>
          Download your statement (PDF)
        </a>
        {statement.document ? (
          <>
            . It is kept in <Link to={webAppPaths.documents}>your documents</Link> too.
          </>
        ) : (
          '.'
        )}
      </p>
      {failed && (
        <p className="error-message" role="alert">
          Your statement could not be downloaded. Try again later
        </p>
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DbFigures({ statement }: { statement: DbAnnualStatementView }) {
  return (
    <>
      <h2>Your pension built up</h2>
      {statement.deferredSince && (
        <p>
          You left on {formatDate(statement.deferredSince)}. Your pension has had the increases the scheme
          gives since then.
        </p>
      )}
      <dl className="summary-list">
        {statement.accrued.map((tranche) => (
          <Row key={tranche.code} label={tranche.label}>
            {perYear(tranche.pensionPence)}
          </Row>
        ))}
        <Row label="Your pension built up">{perYear(statement.accruedPensionPence)}</Row>
      </dl>
      <h2>At your normal retirement age</h2>
      <p>
        You reach your normal retirement age of {statement.normalRetirementAge} on{' '}
        {formatDate(statement.normalRetirementDate)}.
      </p>
      <dl className="summary-list">
        <Row label="Your pension">{perYear(statement.projectedPensionPence)}</Row>
        <Row label="Or the most tax-free cash">
          {pounds(statement.maximumLumpSumPence)} with a pension of {perYear(statement.residualPensionPence)}
        </Row>
        {statement.avcFundPence > 0 && (
          <Row label="Your AVC fund today">{pounds(statement.avcFundPence)}</Row>
        )}
        {statement.survivorPensionPence !== null &&
          (statement.spouseOrPartnerOnRecord ? (
            <Row label="Spouse’s or partner’s pension">
              {perYear(statement.survivorPensionPence)} ({statement.survivorPensionPercent}% of your pension)
            </Row>
          ) : (
            <Row label="A pension for a spouse or partner you may have at your death">
              {perYear(statement.survivorPensionPence)} ({statement.survivorPensionPercent}% of your pension).
              Our records show no spouse or partner for you
            </Row>
          ))}
      </dl>
    </>
  );
}

function SmpiFigures({ statement }: { statement: SmpiStatementView }) {
  return (
    <>
      <p>
        This is your Statutory Money Purchase Illustration: what your pot could give you, worked out the way
        the law sets for every pension scheme ({statement.basis.version}).
      </p>
      <h2>Your pot</h2>
      <dl className="summary-list">
        <Row label="Your pot today">{pounds(statement.currentPotPence)}</Row>
        <Row label="Contributions">
          {statement.monthlyContributionPence > 0
            ? `${pounds(statement.monthlyContributionPence)} a month`
            : 'None being paid in'}
        </Row>
      </dl>
      <h2>At your target retirement age</h2>
      <p>
        You reach your target retirement age of {statement.targetRetirementAge} on{' '}
        {formatDate(statement.retirementDate)}.
      </p>
      <dl className="summary-list">
        <Row label="Your pot could be">{pounds(statement.projectedPotPence)}</Row>
        <Row label="In today’s money">{pounds(statement.projectedPotTodaysMoneyPence)}</Row>
        <Row label="A pension in today’s money of">{perYear(statement.annualPensionTodaysMoneyPence)}</Row>
      </dl>
      <h2>The pension your pot could buy</h2>
      <p>{statement.basis.annuityBasis} It does not rise, so what it buys falls each year with inflation.</p>
      <dl className="summary-list">
        <Row label="Annuity interest rate">
          {percent(statement.annuity.interestRate)} a year, from the gilt yield of{' '}
          {percent(statement.annuity.giltYield)} on {formatDate(statement.annuity.yieldAsAt)}
        </Row>
        <Row label="How long people live">{statement.annuity.mortality}</Row>
        <Row label="Annuity factor">
          {statement.annuity.factor.toFixed(4)} at age {statement.ageAtRetirement.years}: £10,000 of pot buys{' '}
          {perYear(statement.annuity.pensionPer10000Pence)}
        </Row>
      </dl>
      <table className="statement-funds">
        <caption>Your funds’ growth rates</caption>
        <thead>
          <tr>
            <th scope="col">Fund</th>
            <th scope="col" className="numeric">
              Volatility group
            </th>
            <th scope="col" className="numeric">
              Growth a year
            </th>
            <th scope="col" className="numeric">
              Charge a year
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.funds.map((fund) => (
            <tr key={fund.code}>
              <td>{fund.name}</td>
              <td className="numeric">{fund.volatilityGroup ?? '-'}</td>
              <td className="numeric">
                {percent(fund.accumulationRate)}
                {fund.rateFrom === 'scheme-stated' && ' (the scheme’s stated rate)'}
              </td>
              <td className="numeric">{percent(fund.charge)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
