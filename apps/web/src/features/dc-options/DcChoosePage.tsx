import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  dcOptionText,
  webAppPaths,
  type DcFormalQuoteResponse,
  type DcQuoteSelection,
  type DcQuoteSelectionResponse,
} from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { FieldMessages, describedByFor } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { useTenant } from '../../lib/tenant';
import { errorFor, serverError } from '../../lib/form';
import { formatCurrency, formatDate } from '../../lib/format';
import { saveBlob } from '../../lib/save-file';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import { journeyApi, messageFor, refreshApplicationStatus } from '../journeys';
import {
  applyForOption,
  DC_APPLICATION_TYPE,
  optionSummaryPdf,
  readQuoteSelection,
  requestFormalQuote,
} from './choose-api';
import { chooseRefusal, readChooseForm, selectionFromQuery, type ChooseFormValues } from './choose-form';
import { penceToPounds } from './explore-form';
import { OptionCard } from './OptionCard';
import './dc-options.css';

/** Pounds a press of an arrow key moves the slider; the typed amount takes any pence. */
const SLIDER_STEP_POUNDS = 100;
const SECOND_HINT = 'In pounds and pence. The first instalment is the rest of your tax-free cash';

/**
 * Choose an option from explore: change its tax-free cash (a slider, or an amount typed in pounds and
 * pence) within the most allowed, take it in two instalments where the scheme pays them, see the figures
 * worked out again, download the option summary, ask for a formal quote, or apply for it (the DC
 * application's journey, started with this selection locked in).
 */
export function DcChoosePage() {
  useDocumentTitle('Choose this option');
  const [searchParams] = useSearchParams();
  const initial = selectionFromQuery(searchParams);
  if (!initial)
    return (
      <>
        <h1>Choose this option</h1>
        <p>
          This link does not name an option. <Link to={webAppPaths.dcOptions}>Explore your options</Link> and
          choose one from there.
        </p>
      </>
    );
  return <ChooseOption initial={initial} />;
}

function ChooseOption({ initial }: { initial: DcQuoteSelection }) {
  const [selection, setSelection] = useState(initial);
  const recordKey = activeRecordKey(singleAuthData.read());
  const read = useLoad(() => readQuoteSelection(selection), {
    key: `${recordKey} ${JSON.stringify(selection)}`,
    keepPrevious: true,
  });
  const [lastFigures, setLastFigures] = useState<DcQuoteSelectionResponse>();
  useEffect(() => {
    if (read.data) setLastFigures(read.data);
  }, [read.data]);
  const figures = read.data ?? lastFigures;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [requested, setRequested] = useState<DcFormalQuoteResponse>();
  const refused = read.failure ? chooseRefusal(read.failure.error, figures?.taxFreeCash.maximumPence) : null;
  const shown = [...errors, ...(refused ? [refused] : [])];
  const title = dcOptionText[selection.choice.code].title;
  const navigate = useNavigate();

  if (requested) return <Requested title={title} requested={requested} />;

  const download = async () => {
    try {
      saveBlob(await optionSummaryPdf(selection), 'option-summary.pdf');
      setErrors([]);
    } catch (error) {
      setErrors([chooseRefusal(error) ?? serverError(error, 'download-summary')]);
    }
  };
  const apply = async () => {
    try {
      await applyForOption(selection);
      // The hub and the menu read "application in progress" from the access key.
      await refreshApplicationStatus().catch(() => undefined);
      const [definition, journey] = await Promise.all([
        journeyApi.definition(DC_APPLICATION_TYPE),
        journeyApi.data(DC_APPLICATION_TYPE),
      ]);
      const at = journey?.status === 'Started' ? journey.currentPageKey : definition.firstPage;
      void navigate(definition.pages.find((page) => page.key === at)?.slug ?? '/');
    } catch (error) {
      setErrors([chooseRefusal(error) ?? { field: 'apply', message: messageFor(error) }]);
    }
  };
  const request = async () => {
    try {
      setRequested(await requestFormalQuote(selection));
    } catch (error) {
      setErrors([chooseRefusal(error) ?? serverError(error, 'request-quote')]);
    }
  };

  return (
    <>
      <Link to={webAppPaths.dcOptions} className="back-link">
        Back to your options
      </Link>
      <ErrorSummary errors={shown} />
      <h1>{title}</h1>
      <p className="lead">
        Change your tax-free cash and see what this option would give you. These are estimates, not a quote:
        ask for a formal quote when you are ready.
      </p>
      {read.failure && !refused && <LoadFailed what="work out this option" load={read} />}
      {!figures && !read.failure && <p className="page-loading">Working out this option</p>}
      {figures && (
        <>
          {figures.option.choice.taxFreeCashPence !== undefined && (
            <ChooseForm
              key={JSON.stringify(selection)}
              selection={selection}
              figures={figures}
              errors={shown}
              onChoose={(next) => {
                setErrors([]);
                setSelection(next);
              }}
              onProblems={setErrors}
            />
          )}
          {figures.payments.length > 0 && (
            <>
              <h2>How your tax-free cash is paid</h2>
              <dl className="summary-list">
                {figures.payments.map((payment, i) => (
                  <div className="summary-row" key={payment.paidOn}>
                    <dt>{figures.payments.length > 1 ? `Instalment ${i + 1}` : 'One payment'}</dt>
                    <dd>
                      {formatCurrency(payment.amountPence, 'exact')} on {formatDate(payment.paidOn)}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          <OptionCard option={figures.option} mpaaPence={figures.mpaaPence} />
          <p className="hint">
            Worked out on {formatDate(figures.calculatedOn)} for {formatDate(figures.retirementDate)}, with
            your pot then estimated at {formatCurrency(figures.potPence)}.
          </p>
          <div className="button-group">
            <button
              type="button"
              id="download-summary"
              className="button button--secondary"
              onClick={() => void download()}
            >
              Download the option summary (PDF)
            </button>
            <button
              type="button"
              id="request-quote"
              className="button button--secondary"
              onClick={() => void request()}
            >
              Request a formal quote
            </button>
            {read.data && selection.choice.code !== 'leave-invested' && (
              <button type="button" id="apply" className="button" onClick={() => void apply()}>
                Apply for this option
              </button>
            )}
          </div>
          {errorFor(shown, 'apply') && (
            <p className="error-message">
              <span className="visually-hidden">Error:</span> {errorFor(shown, 'apply')}
            </p>
          )}
          {errorFor(shown, 'request-quote') && (
            <p className="error-message">
              <span className="visually-hidden">Error:</span> {errorFor(shown, 'request-quote')}
            </p>
          )}
        </>
      )}
    </>
  );
}

function ChooseForm({
  selection,
  figures,
  errors,
  onChoose,
  onProblems,
}: {
  selection: DcQuoteSelection;
  figures: DcQuoteSelectionResponse;
  errors: FieldError[];
  onChoose: (selection: DcQuoteSelection) => void;
  onProblems: (errors: FieldError[]) => void;
}) {
  const [values, setValues] = useState<ChooseFormValues>({
    taxFreeCash: penceToPounds(figures.option.taxFreeCashPence),
    instalments: selection.secondInstalmentPence === undefined ? 'one' : 'two',
    secondInstalment:
      selection.secondInstalmentPence === undefined ? '' : penceToPounds(selection.secondInstalmentPence),
  });
  const set = (change: Partial<ChooseFormValues>) => setValues((now) => ({ ...now, ...change }));
  const maximumPounds = Math.floor(figures.taxFreeCash.maximumPence / 100);
  // The slider shows the typed amount at its step below (the browser would snap it the same way).
  const typedPounds = Math.min(Math.max(Number(values.taxFreeCash) || 0, 0), maximumPounds);
  const sliderPounds = Math.floor(typedPounds / SLIDER_STEP_POUNDS) * SLIDER_STEP_POUNDS;
  const taxFreeError = errorFor(errors, 'taxFreeCash');
  const secondError = errorFor(errors, 'secondInstalment');
  const hint = `Between £0 and ${formatCurrency(figures.taxFreeCash.maximumPence, 'exact')}${
    figures.taxFreeCash.limitedBy === 'lump-sum-allowance'
      ? ' (what is left of your Lump Sum Allowance)'
      : ' (a quarter of your pot)'
  }`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = readChooseForm(values, selection, figures);
    if (checked.ok) onChoose(checked.selection);
    else onProblems(checked.errors);
  };

  return (
    <form onSubmit={submit} noValidate className="dc-choose-form">
      <div className={`form-group lump-sum${taxFreeError ? ' form-group--error' : ''}`}>
        <h2>Your tax-free cash</h2>
        <label htmlFor="taxFreeCash-slider">Tax-free cash: slide to choose</label>
        <input
          id="taxFreeCash-slider"
          type="range"
          min={0}
          max={maximumPounds}
          step={SLIDER_STEP_POUNDS}
          value={sliderPounds}
          onChange={(event) => set({ taxFreeCash: `${event.target.value}.00` })}
          aria-valuetext={formatCurrency(sliderPounds * 100)}
        />
        <label htmlFor="taxFreeCash">Or type an amount in pounds and pence (£)</label>
        <FieldMessages id="taxFreeCash" hint={hint} error={taxFreeError} />
        <input
          id="taxFreeCash"
          name="taxFreeCash"
          inputMode="decimal"
          className="input--8"
          value={values.taxFreeCash}
          onChange={(event) => set({ taxFreeCash: event.target.value })}
          aria-describedby={describedByFor('taxFreeCash', hint, taxFreeError)}
        />
      </div>
      {figures.instalments.allowed && figures.instalments.secondPaidOn && (
        <div className={`form-group${secondError ? ' form-group--error' : ''}`}>
          <fieldset>
            <legend className="legend">How would you like your tax-free cash paid?</legend>
            <div className="radio">
              <input
                type="radio"
                id="instalments-one"
                name="instalments"
                checked={values.instalments === 'one'}
                onChange={() => set({ instalments: 'one' })}
              />
              <label htmlFor="instalments-one">In one payment</label>
            </div>
            <div className="radio">
              <input
                type="radio"
                id="instalments-two"
                name="instalments"
                checked={values.instalments === 'two'}
                onChange={() => set({ instalments: 'two' })}
              />
              <label htmlFor="instalments-two">In two instalments</label>
            </div>
          </fieldset>
          {values.instalments === 'two' && (
            <div className="form-group">
              <label htmlFor="secondInstalment">
                Second instalment, paid on {formatDate(figures.instalments.secondPaidOn)}
              </label>
              <FieldMessages id="secondInstalment" hint={SECOND_HINT} error={secondError} />
              <input
                id="secondInstalment"
                name="secondInstalment"
                inputMode="decimal"
                className="input--8"
                value={values.secondInstalment}
                onChange={(event) => set({ secondInstalment: event.target.value })}
                aria-describedby={describedByFor('secondInstalment', SECOND_HINT, secondError)}
              />
            </div>
          )}
        </div>
      )}
      <button type="submit" className="button">
        Update the figures
      </button>
    </form>
  );
}

function Requested({ title, requested }: { title: string; requested: DcFormalQuoteResponse }) {
  useDocumentTitle('Formal quote requested');
  const { routes } = useTenant();
  return (
    <>
      <div className="panel">
        <h1>Formal quote requested</h1>
        <p>
          Your reference <strong className="panel__reference">{requested.caseNumber}</strong>
        </p>
      </div>
      <p>
        We have your request for a formal quote for {title.charAt(0).toLowerCase() + title.slice(1)}. We will
        send it to you; you can follow it in <Link to={routes.myRequests}>My requests</Link>, and the summary
        is in your documents.
      </p>
    </>
  );
}
