import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  SCAM_WARNING_MESSAGE,
  webAppPaths,
  type PartialTransferRequest,
  type PartialTransferResponse,
  type TransferApplicationStatus,
  type TransferPosition,
  type TransferStatementResponse,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { FieldMessages, describedByFor } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad, type Load } from '../../components/useLoad';
import { HttpError } from '../../lib/http/client';
import { errorFor, serverError } from '../../lib/form';
import { formatCurrency, formatDate } from '../../lib/format';
import { useTenant } from '../../lib/tenant';
import { GlobalMessage, PageLink } from '../content';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import {
  calculatePartial,
  downloadPack,
  downloadPartialFigures,
  readTransferApplication,
  readTransferApplicationStatus,
  readTransferPosition,
  requestStatement,
} from './transfer-api';
import { readCalculatorForm, type CalculatorValues } from './transfer-form';
import './transfer-value.css';

const TITLE = 'Your transfer value';
/** Where the transfer application journey starts (each tenant's transfer-application content pages). */
const TRANSFER_APPLICATION_PATH = '/transfer/apply';

/**
 * Transfer value: the guaranteed value with its expiry (AVCs apart) beside what the member keeps by leaving
 * their benefits where they are; a statement of entitlement (free once in 12 months, else at the scheme's
 * charge once accepted); the partial transfer calculator; the transfer pack; and the tenant's scam warning (a globals message).
 */
export function TransferValuePage() {
  useDocumentTitle(TITLE);
  const recordKey = activeRecordKey(singleAuthData.read());
  const read = useLoad(readTransferPosition, { key: recordKey, keepPrevious: true });
  const applicationLoad = useLoad(readTransferApplicationStatus, { key: recordKey });
  const application = applicationLoad.data?.status;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [issued, setIssued] = useState<TransferStatementResponse>();
  const position = read.data;

  return (
    <>
      <ErrorSummary errors={errors} />
      <h1>{TITLE}</h1>
      {issued && <Issued issued={issued} application={application} />}
      {read.failure && <NoValue load={read} />}
      {!position && !read.failure && <p className="page-loading">Getting your transfer value</p>}
      {position && (
        <>
          <p className="lead">
            A transfer value is what we would pay another pension scheme if you moved your pension there.
            Think carefully: most people are better off leaving a guaranteed pension where it is.
          </p>
          {!position.value.guaranteed && application && underWay(application) && (
            <GuaranteeEnded
              statement={position.statement}
              adviceThresholdPence={position.adviceThresholdPence}
            />
          )}
          <div className="transfer-compare">
            <ValueCard position={position} />
            <KeepCard keep={position.keep} />
          </div>
          <Statement
            key={`${position.value.issuedOn ?? ''} ${position.statement.chargeNowPence}`}
            position={position}
            errors={errors}
            onErrors={setErrors}
            onIssued={(answer) => {
              setErrors([]);
              setIssued(answer);
              void read.reload();
              void applicationLoad.reload();
            }}
          />
          {position.value.guaranteed && position.value.issuedOn && (
            <Pack issuedOn={position.value.issuedOn} errors={errors} onErrors={setErrors} />
          )}
          <PartialCalculator position={position} errors={errors} onErrors={setErrors} />
          {position.value.guaranteed && application && (
            <Apply guaranteedUntil={position.value.guaranteedUntil} status={application} />
          )}
          <GlobalMessage messageKey={SCAM_WARNING_MESSAGE} className="transfer-scams" />
        </>
      )}
    </>
  );
}

function NoValue({ load }: { load: Load<TransferPosition> }) {
  const error = load.failure?.error;
  if (error instanceof HttpError && error.codes.includes('no_transfer_value'))
    return (
      <p>
        We cannot give a transfer value for this pension online.{' '}
        <Link to={webAppPaths.contactUs}>Contact us</Link> to ask about transferring it.
      </p>
    );
  return <LoadFailed what="show your transfer value" load={load} />;
}

function ValueCard({ position }: { position: TransferPosition }) {
  const { value, nonGuaranteed } = position;
  return (
    <section className="transfer-card" aria-labelledby="transfer-value-heading">
      <h2 id="transfer-value-heading">
        {value.guaranteed ? 'Guaranteed transfer value' : 'Transfer value today'}
      </h2>
      <p className="transfer-card__figure">{formatCurrency(value.transferValuePence, 'exact')}</p>
      {value.guaranteed ? (
        <p>
          Guaranteed until <strong>{formatDate(value.guaranteedUntil)}</strong> ({value.daysLeft}{' '}
          {value.daysLeft === 1 ? 'day' : 'days'} left). Statement issued on {formatDate(value.issuedOn)},
          guarantee date {formatDate(value.guaranteeDate)}.
        </p>
      ) : (
        <p>
          This figure is not guaranteed: it is worked out today ({formatDate(value.guaranteeDate)}) and
          changes. Ask for a statement of entitlement to have a value guaranteed for 3 months.
        </p>
      )}
      <dl className="summary-list">
        {value.tranches.map((tranche) => (
          <div className="summary-row" key={tranche.code}>
            <dt>{tranche.label}</dt>
            <dd>
              {formatCurrency(tranche.transferValuePence, 'exact')}
              <span className="hint"> ({formatCurrency(tranche.pensionPence, 'exact')} a year)</span>
            </dd>
          </div>
        ))}
      </dl>
      {nonGuaranteed.avcFundPence > 0 && (
        <>
          <h3>Not guaranteed: your AVC fund</h3>
          <p className="transfer-card__figure transfer-card__figure--small">
            {formatCurrency(nonGuaranteed.avcFundPence, 'exact')}
          </p>
          <p className="hint">
            Your additional voluntary contributions are invested. They can be transferred too, at their value
            on the day they are sold, which may be more or less than this.
          </p>
        </>
      )}
      {!value.statutoryRight && (
        <p>
          You are within a year of your normal retirement date, so a transfer is at the trustees’ discretion.
        </p>
      )}
    </section>
  );
}

function KeepCard({ keep }: { keep: TransferPosition['keep'] }) {
  return (
    <section className="transfer-card" aria-labelledby="transfer-keep-heading">
      <h2 id="transfer-keep-heading">Leave your benefits where they are</h2>
      {keep ? (
        <>
          <p>If you do not transfer, we pay you:</p>
          <dl className="summary-list">
            <div className="summary-row">
              <dt>Your pension from {formatDate(keep.normalRetirementDate)}</dt>
              <dd>{formatCurrency(keep.pensionAtNormalRetirementPence, 'exact')} a year, for life</dd>
            </div>
            {keep.survivorPensionPence !== null && (
              <div className="summary-row">
                {/* Worded by the member's dependants, as the annual statement and the transfer pack word it. */}
                <dt>
                  {keep.spouseOrPartnerOnRecord
                    ? 'Spouse’s or partner’s pension'
                    : 'A pension for a spouse or partner you may have at your death'}
                </dt>
                <dd>
                  {formatCurrency(keep.survivorPensionPence, 'exact')} a year ({keep.survivorPensionPercent}%
                  of your pension)
                  {keep.spouseOrPartnerOnRecord
                    ? ' if you die'
                    : '. Our records show no spouse or partner for you'}
                </dd>
              </div>
            )}
            {keep.increases.map((increase) => (
              <div className="summary-row" key={increase.label}>
                <dt>Increases: {increase.label}</dt>
                <dd>With prices (CPI) each year until it is paid, up to {increase.capPercent}% a year</dd>
              </div>
            ))}
          </dl>
          <p>
            This pension is guaranteed whatever happens to investments. If you transfer, you give it up and
            take on the investment risk yourself.
          </p>
        </>
      ) : (
        <p>
          We cannot show your pension at normal retirement right now. See{' '}
          <PageLink pageKeys={['retirement_calculation', 'my_pension']}>your retirement figures</PageLink>.
        </p>
      )}
    </section>
  );
}

function Statement({
  position,
  errors,
  onErrors,
  onIssued,
}: {
  position: TransferPosition;
  errors: FieldError[];
  onErrors: (errors: FieldError[]) => void;
  onIssued: (issued: TransferStatementResponse) => void;
}) {
  const { statement } = position;
  const [busy, setBusy] = useState(false);
  const charge = formatCurrency(statement.chargeNowPence, 'exact');
  const chargeError = errorFor(errors, 'acceptCharge');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const accepted = new FormData(event.currentTarget).get('acceptCharge') === 'yes';
    if (!statement.freeNow && !accepted) {
      onErrors([
        { field: 'acceptCharge', message: `Tick the box to agree to pay ${charge} for this statement` },
      ]);
      return;
    }
    setBusy(true);
    try {
      onIssued(await requestStatement(statement.freeNow ? {} : { acceptCharge: true }));
    } catch (error) {
      onErrors([
        error instanceof HttpError && error.codes.includes('free_statement_not_due')
          ? {
              field: 'acceptCharge',
              message: `Your free statement is not due yet. Tick the box to pay ${charge}`,
            }
          : serverError(error, 'request-statement'),
      ]);
    } finally {
      setBusy(false);
    }
  };
  const about = (
    <p>
      A statement of entitlement guarantees your transfer value for 3 months from the day we work it out. It
      comes with your transfer pack, which is also saved in your documents.
    </p>
  );
  // The scheme issues no statement before the next free one: nothing to ask for until then.
  if (statement.chargeNowPence === null)
    return (
      <section aria-labelledby="statement-heading">
        <h2 id="statement-heading">Ask for a statement of entitlement</h2>
        {about}
        <p>
          You have had a statement in the last 12 months. The scheme gives one statement in any 12 months, so
          you can ask for your next one from <strong>{formatDate(statement.nextFreeOn)}</strong>.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="statement-heading">
      <h2 id="statement-heading">Ask for a statement of entitlement</h2>
      {about}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {statement.freeNow ? (
          <p>You can have one free statement every 12 months. Your next one is free.</p>
        ) : (
          <div className={`form-group${chargeError ? ' form-group--error' : ''}`}>
            <p>
              You have had a statement in the last 12 months. Your next free statement is due on{' '}
              <strong>{formatDate(statement.nextFreeOn)}</strong>. You can ask for one now for {charge}.
            </p>
            <FieldMessages id="acceptCharge" error={chargeError} />
            <div className="checkbox checkbox--transfer">
              <input
                type="checkbox"
                id="acceptCharge"
                name="acceptCharge"
                value="yes"
                aria-describedby={describedByFor('acceptCharge', undefined, chargeError)}
              />
              <label htmlFor="acceptCharge">I agree to pay {charge} for this statement</label>
            </div>
          </div>
        )}
        <button type="submit" id="request-statement" className="button" disabled={busy}>
          {statement.freeNow ? 'Ask for a free statement' : `Ask for a statement for ${charge}`}
        </button>
        {errorFor(errors, 'request-statement') && (
          <p className="error-message">
            <span className="visually-hidden">Error:</span> {errorFor(errors, 'request-statement')}
          </p>
        )}
      </form>
    </section>
  );
}

/** An application started and not yet sent (every question answered or not). */
const underWay = (status: TransferApplicationStatus) => status === 'StartedTA' || status === 'SubmitStarted';

/**
 * The guarantee the member's open application is on has ended and no other holds: it cannot be sent
 * until a new statement is issued, which the application then moves onto (docs/transfers.md). Says when
 * the guarantee ended, what the next statement costs (one free in 12 months, else the scheme's charge)
 * and links to the statement form on this page.
 */
function GuaranteeEnded({
  statement,
  adviceThresholdPence,
}: Pick<TransferPosition, 'statement' | 'adviceThresholdPence'>) {
  const ended = useLoad(readTransferApplication).data?.guaranteedUntil;
  const charge = formatCurrency(statement.chargeNowPence, 'exact');
  return (
    <section className="notice transfer-lapsed" aria-labelledby="lapsed-heading">
      <h2 id="lapsed-heading">The guarantee on your application has ended</h2>
      <p>
        {typeof ended === 'string'
          ? `Your application to transfer is on a transfer value that was guaranteed until ${formatDate(ended)}. `
          : 'Your application to transfer is on a transfer value whose guarantee has ended. '}
        We cannot accept it on that value.
      </p>
      <p>
        To send it, ask for a new statement of entitlement.{' '}
        {statement.freeNow
          ? 'Your next statement is free (you can have one free every 12 months).'
          : statement.chargeNowPence === null
            ? `You can have one statement every 12 months and have had it, so you can ask for a new one from ${formatDate(statement.nextFreeOn)}.`
            : `You can have one free statement every 12 months and have had it, so a new one now costs ${charge}${
                statement.nextFreeOn
                  ? ` (your next free one is due on ${formatDate(statement.nextFreeOn)})`
                  : ''
              }.`}{' '}
        Your application then moves onto the new guaranteed value and keeps your answers. If the new value
        changes what you must do, such as taking financial advice on a value over{' '}
        {formatCurrency(adviceThresholdPence)}, we take you back to that question.
      </p>
      <p>
        <a href="#statement-heading">Ask for a new statement of entitlement</a>
      </p>
    </section>
  );
}

function Issued({
  issued,
  application,
}: {
  issued: TransferStatementResponse;
  application: TransferApplicationStatus | undefined;
}) {
  const { routes } = useTenant();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="status" tabIndex={-1} ref={ref}>
      <div className="panel">
        <h2>Statement of entitlement issued</h2>
        <p>
          Your reference <strong className="panel__reference">{issued.caseNumber}</strong>
        </p>
      </div>
      <p>
        {formatCurrency(issued.transferValuePence, 'exact')} guaranteed until{' '}
        {formatDate(issued.guaranteedUntil)}
        {issued.chargePence > 0 &&
          `. We will ask you to pay the ${formatCurrency(issued.chargePence, 'exact')} charge`}
        . Your transfer pack is in <Link to={webAppPaths.documents}>your documents</Link>; follow the request
        in <Link to={routes.myRequests}>My requests</Link>.
      </p>
      {application && underWay(application) && (
        <p>
          Your application to transfer now uses this value.{' '}
          <Link to={TRANSFER_APPLICATION_PATH}>Continue your application</Link> to check your answers and send
          it.
        </p>
      )}
    </div>
  );
}

function Pack({
  issuedOn,
  errors,
  onErrors,
}: {
  issuedOn: string;
  errors: FieldError[];
  onErrors: (errors: FieldError[]) => void;
}) {
  const download = async () => {
    try {
      await downloadPack(issuedOn);
    } catch (error) {
      onErrors([serverError(error, 'download-pack')]);
    }
  };
  return (
    <section aria-labelledby="pack-heading">
      <h2 id="pack-heading">Your transfer pack</h2>
      <p>
        Your guaranteed figures, what you give up by transferring, how to spot a pension scam, when you must
        take financial advice and how to apply.
      </p>
      <button
        type="button"
        id="download-pack"
        className="button button--secondary"
        onClick={() => void download()}
      >
        Download your transfer pack (PDF)
      </button>
      {errorFor(errors, 'download-pack') && (
        <p className="error-message">
          <span className="visually-hidden">Error:</span> {errorFor(errors, 'download-pack')}
        </p>
      )}
    </section>
  );
}

function PartialCalculator({
  position,
  errors,
  onErrors,
}: {
  position: TransferPosition;
  errors: FieldError[];
  onErrors: (errors: FieldError[]) => void;
}) {
  const [values, setValues] = useState<CalculatorValues>({ way: '', amount: '' });
  const [result, setResult] = useState<{ asked: PartialTransferRequest; figures: PartialTransferResponse }>();
  if (!position.partialTransfersAllowed)
    return (
      <section aria-labelledby="partial-heading">
        <h2 id="partial-heading">Transferring part of your pension</h2>
        <p>Your scheme does not allow part of a pension to be transferred: you transfer all of it or none.</p>
      </section>
    );
  const wayError = errorFor(errors, 'way-transfer-value');
  const amountError = errorFor(errors, 'amount');
  const byValue = values.way !== 'residual-pension';
  const amountLabel = byValue ? 'Amount to transfer (£)' : 'Pension to keep, a year (£)';
  const hint = byValue
    ? `In pounds and pence, up to ${formatCurrency(position.value.transferValuePence, 'exact')}`
    : `In pounds and pence, up to ${formatCurrency(position.value.pensionPence, 'exact')} a year`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = readCalculatorForm(values, position.value);
    if (!checked.ok) {
      onErrors(checked.errors);
      return;
    }
    try {
      setResult({ asked: checked.request, figures: await calculatePartial(checked.request) });
      onErrors([]);
    } catch (error) {
      onErrors([serverError(error, 'amount')]);
    }
  };

  return (
    <section aria-labelledby="partial-heading">
      <h2 id="partial-heading">Work out a partial transfer</h2>
      <p>
        You can transfer part of your pension and keep the rest with us. Work it out either way: from the
        amount you want to transfer, or from the pension you want to keep.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={`form-group${wayError ? ' form-group--error' : ''}`}>
          <fieldset aria-describedby={wayError ? 'way-error' : undefined}>
            <legend className="legend">How do you want to work it out?</legend>
            {wayError && (
              <p id="way-error" className="error-message">
                <span className="visually-hidden">Error:</span> {wayError}
              </p>
            )}
            <div className="radio">
              <input
                type="radio"
                id="way-transfer-value"
                name="way"
                checked={values.way === 'transfer-value'}
                onChange={() => setValues((now) => ({ ...now, way: 'transfer-value' }))}
              />
              <label htmlFor="way-transfer-value">I want to transfer this much</label>
            </div>
            <div className="radio">
              <input
                type="radio"
                id="way-residual-pension"
                name="way"
                checked={values.way === 'residual-pension'}
                onChange={() => setValues((now) => ({ ...now, way: 'residual-pension' }))}
              />
              <label htmlFor="way-residual-pension">I want to keep this much pension</label>
            </div>
          </fieldset>
        </div>
        <div className={`form-group${amountError ? ' form-group--error' : ''}`}>
          <label htmlFor="amount">{amountLabel}</label>
          <FieldMessages id="amount" hint={hint} error={amountError} />
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            className="input--8"
            value={values.amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={describedByFor('amount', hint, amountError)}
            onChange={(event) => setValues((now) => ({ ...now, amount: event.target.value }))}
          />
        </div>
        <button type="submit" className="button">
          Work it out
        </button>
      </form>
      {result && <PartialResult result={result.figures} />}
      {result && <PartialDownload asked={result.asked} errors={errors} onErrors={onErrors} />}
    </section>
  );
}

function PartialResult({ result }: { result: PartialTransferResponse }) {
  return (
    <div className="transfer-result" aria-live="polite">
      <h3>Your partial transfer</h3>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Transfer value</dt>
          <dd>{formatCurrency(result.transferValuePence, 'exact')}</dd>
        </div>
        <div className="summary-row">
          <dt>Pension you keep with us</dt>
          <dd>{formatCurrency(result.residualPensionPence, 'exact')} a year</dd>
        </div>
        {result.tranches.map((tranche) => (
          <div className="summary-row" key={tranche.code}>
            <dt>{tranche.label}</dt>
            <dd>
              {formatCurrency(tranche.transferValuePence, 'exact')} transferred,{' '}
              {formatCurrency(tranche.residualPensionPence, 'exact')} a year kept
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        Worked out on your {result.guaranteed ? 'guaranteed' : 'current, not guaranteed,'} transfer value of{' '}
        {formatCurrency(result.fullTransferValuePence, 'exact')}.
        {result.nonGuaranteed.avcFundPence > 0 &&
          ` Your AVC fund (${formatCurrency(result.nonGuaranteed.avcFundPence, 'exact')}, not guaranteed) is not part of this.`}
      </p>
    </div>
  );
}

/** The figures just worked out, as a PDF to keep: drawn again by the server from the figure the member gave. */
function PartialDownload({
  asked,
  errors,
  onErrors,
}: {
  asked: PartialTransferRequest;
  errors: FieldError[];
  onErrors: (errors: FieldError[]) => void;
}) {
  const error = errorFor(errors, 'download-partial');
  const download = async () => {
    try {
      await downloadPartialFigures(asked);
      onErrors([]);
    } catch (failure) {
      onErrors([serverError(failure, 'download-partial')]);
    }
  };
  return (
    <p>
      <button
        type="button"
        id="download-partial"
        className="button button--secondary"
        onClick={() => void download()}
      >
        Download these figures (PDF)
      </button>
      {error && (
        <span className="error-message">
          <span className="visually-hidden">Error:</span> {error}
        </span>
      )}
    </p>
  );
}

/**
 * The transfer application journey (its content's start page), while a guaranteed value holds, for a
 * member who may apply online (not UnavailableTA); one already sent is followed in My requests.
 */
function Apply({ guaranteedUntil, status }: { guaranteedUntil: string; status: TransferApplicationStatus }) {
  const { routes } = useTenant();
  if (status === 'UnavailableTA') return null;
  if (status === 'SubmittedTA')
    return (
      <section aria-labelledby="apply-heading">
        <h2 id="apply-heading">Your application to transfer</h2>
        <p>
          You have applied to transfer. Follow it in <Link to={routes.myRequests}>your requests</Link>.
        </p>
      </section>
    );
  const started = underWay(status);
  return (
    <section aria-labelledby="apply-heading">
      <h2 id="apply-heading">Apply to transfer</h2>
      <p>
        When you have chosen the scheme to transfer to, and taken financial advice where you must, apply
        before {formatDate(guaranteedUntil)} to keep this guaranteed value.
      </p>
      <p>
        <Link to={TRANSFER_APPLICATION_PATH}>
          {started ? 'Continue your application to transfer' : 'Apply to transfer your pension'}
        </Link>
      </p>
    </section>
  );
}
