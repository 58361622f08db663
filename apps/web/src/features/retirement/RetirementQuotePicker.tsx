import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ageOn, birthdayAtAge, retirementDateAtAge, type JourneyState } from '@meridian/contracts';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import type { BlockProps } from '../content';
import { formatCurrency, formatDate } from '../../lib/format';
import { downloadAsActiveRecord } from '../../lib/save-file';
import {
  journeyApi,
  messageFor,
  refreshApplicationStatus,
  type CancelledState,
  type JourneyDefinitionView,
} from '../journeys';
import { retirementApi, type DbQuoteOption, type DbQuoteView, type RetirementWindow } from './retirement-api';
import { QuoteRequest } from './QuoteRequest';
import { AvcExplained, avcExtraText } from './AvcExplained';
import { RetirementProjection } from './RetirementProjection';
import { RevealingRadio } from './RevealingRadio';

interface Setup {
  window: RetirementWindow;
  journey: JourneyState | null;
  definition: JourneyDefinitionView;
}

type ChooseBy = 'date' | 'age';

/** The full pension keeps an AVC fund as tax-free cash: nothing is given up for it. */
function optionText(option: DbQuoteOption) {
  const pension = formatCurrency(option.residualPensionPence, 'exact');
  const extra = avcExtraText(option);
  const withAvc = (text: string) => (extra ? `${text}, ${extra}` : text);
  if (option.kind !== 'full-pension')
    return withAvc(`${formatCurrency(option.lumpSumPence, 'exact')} tax-free cash and ${pension} a year`);
  return option.lumpSumPence > 0
    ? `Full pension of ${pension} a year, and your AVC fund of ${formatCurrency(option.lumpSumPence, 'exact')} as tax-free cash`
    : withAvc(`Full pension of ${pension} a year, no tax-free cash`);
}

/** Why a date is refused, before asking for figures: the window's ends and what sets them. */
function dateProblem(date: string | null, { from, to }: RetirementWindow['availableRetirementDateRange']) {
  if (!date) return 'Enter a real date, for example 27 3 2027';
  if (date < from)
    return `The earliest date you can choose is ${formatDate(from)}: we need time to set up your pension, and you cannot take it before your earliest retirement date`;
  if (date > to) return `The latest date you can choose is ${formatDate(to)}`;
  return null;
}

/** The date for an age typed in (whole years), or why the age is refused: the window's ages and ends. */
function dateAtAge(typed: string, { dateOfBirth, availableRetirementDateRange: range }: RetirementWindow) {
  const text = typed.trim();
  const choice = retirementDateAtAge(dateOfBirth, range, /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN);
  if (choice.ok) return { date: choice.date, problem: null };
  const problem = {
    'whole-years': `Enter the age you want to retire at in whole years, for example ${choice.youngest}`,
    'too-young': `The youngest age you can choose is ${choice.youngest}: the earliest date you can retire is ${formatDate(range.from)}`,
    'too-old': `The oldest age you can choose is ${choice.oldest}: the latest date you can retire is ${formatDate(range.to)}`,
  }[choice.reason];
  return { date: null, problem };
}

/**
 * The amount typed in pounds as pence, with any £ sign, commas and spaces left out; null unless it is
 * pounds with at most two decimals (nothing typed reads as 0).
 */
function typedPence(typed: string): number | null {
  const digits = typed.replace(/[£,\s]/g, '');
  return /^\d*(\.\d{1,2})?$/.test(digits) ? Math.round(Number(digits) * 100) : null;
}

/**
 * Pre-journey screens of the DB retirement application: the pension by retirement age, a date inside
 * the allowed window, the quote's options (also as a PDF), a tax-free cash amount of the member's own
 * (slider or typed), then Apply; or a formal quote from the scheme first.
 */
export function RetirementQuotePicker({ block }: BlockProps<'retirementQuotePicker'>) {
  const type = block.journeyType;
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as CancelledState | null;
  const setup = useLoad<Setup>(
    async () => {
      const [window, journey, definition] = await Promise.all([
        retirementApi.window(),
        journeyApi.data(type),
        journeyApi.definition(type),
      ]);
      return { window, journey, definition };
    },
    { key: type },
  );
  const [chooseBy, setChooseBy] = useState<ChooseBy>('date');
  const [date, setDate] = useState<string | null>(null);
  const [age, setAge] = useState<number | null>(null);
  const [quote, setQuote] = useState<DbQuoteView | null>(null);
  const [option, setOption] = useState<DbQuoteOption['kind'] | null>(null);
  const [pounds, setPounds] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);

  if (setup.failure) return <LoadFailed what="show your retirement options" load={setup} />;
  if (!setup.data) return <p className="page-loading">Loading...</p>;
  const { window, journey, definition } = setup.data;
  const range = window.availableRetirementDateRange;
  const slugOf = (key: string) => definition.pages.find((page) => page.key === key)?.slug ?? '/';

  if (journey?.status === 'Submitted')
    return (
      <div className="notice">
        You have sent your application. Your reference is <strong>{journey.caseNumber}</strong>.
      </div>
    );

  async function showOptions(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = chooseBy === 'age' ? 'retirement-age' : 'retirement-date';
    const typedAge = String(form.get('retirement-age') ?? '');
    const picked = readDateField(form, 'retirement-date');
    const { date: chosen, problem } =
      chooseBy === 'age'
        ? dateAtAge(typedAge, window)
        : { date: picked, problem: dateProblem(picked, range) };
    if (problem) return setErrors([{ field, message: problem }]);
    try {
      const figures = await retirementApi.quote(chosen!);
      setErrors([]);
      setDate(chosen);
      setAge(chooseBy === 'age' ? Number(typedAge.trim()) : null);
      setQuote(figures);
      // An amount the member chose for this date before is chosen again.
      const kept = figures.enteredLumpSumPence;
      setOption(kept === null ? null : 'requested-lump-sum');
      setPounds(String(Math.round((kept ?? figures.lumpSum.maximumPence / 2) / 100)));
    } catch (error) {
      setErrors([{ field, message: messageFor(error) }]);
    }
  }

  async function recalculate() {
    const pence = typedPence(pounds);
    const maximum = quote!.lumpSum.maximumPence;
    if (pence === null)
      return setErrors([
        { field: 'lump-sum-amount', message: 'Enter an amount in pounds and pence, like 12500 or 12500.50' },
      ]);
    if (pence < 1 || pence > maximum)
      return setErrors([
        {
          field: 'lump-sum-amount',
          message: `Enter an amount between £0.01 and ${formatCurrency(maximum, 'exact')}, or choose the full pension`,
        },
      ]);
    try {
      setQuote(await retirementApi.recalculateLumpSum(date!, pence));
      setErrors([]);
    } catch (error) {
      setErrors([{ field: 'lump-sum-amount', message: messageFor(error) }]);
    }
  }

  async function downloadSummary() {
    try {
      await downloadAsActiveRecord(retirementApi.summaryPdfPath(date!), `retirement-options-${date}.pdf`);
    } catch (error) {
      setErrors([{ field: 'option-0', message: messageFor(error) }]);
    }
  }

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!option) return setErrors([{ field: 'option-0', message: 'Choose an option' }]);
    const requested = quote!.options.find((candidate) => candidate.kind === 'requested-lump-sum');
    // The figures must be for the amount in the box: one typed after the last update is not applied unseen.
    if (option === 'requested-lump-sum' && (!requested || requested.lumpSumPence !== typedPence(pounds)))
      return setErrors([{ field: 'lump-sum-amount', message: 'Update the figures for your amount first' }]);
    try {
      // The amount is kept with the member's figures while they apply; another option forgets it.
      if (option === 'requested-lump-sum') await retirementApi.keepLumpSum(date!, requested!.lumpSumPence);
      else if (quote!.enteredLumpSumPence !== null) await retirementApi.clearLumpSum();
      await retirementApi.startFromQuote(type, {
        retirementDate: date!,
        selectedQuoteName: option,
        ...(option === 'requested-lump-sum' && { requestedLumpSumPence: requested!.lumpSumPence }),
      });
      // The hub and the menu read "application in progress" from the access key.
      await refreshApplicationStatus().catch(() => undefined);
      void navigate(slugOf(journey?.status === 'Started' ? journey.currentPageKey : definition.firstPage));
    } catch (error) {
      setErrors([{ field: 'option-0', message: messageFor(error) }]);
    }
  }

  const offered = quote?.options.filter((candidate) => candidate.kind !== 'requested-lump-sum') ?? [];
  const requested = quote?.options.find((candidate) => candidate.kind === 'requested-lump-sum');
  const maximumPounds = Math.floor((quote?.lumpSum.maximumPence ?? 0) / 100);
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  return (
    <div className="quote-picker">
      <ErrorSummary errors={errors} />
      {state?.cancelled && !journey && (
        <div className="notice" role="status">
          You have cancelled your application and its answers have been deleted. You can choose a date and
          apply again below.
        </div>
      )}
      {journey?.status === 'Started' && (
        <div className="notice">
          You have an application in progress for{' '}
          {journey.choice && formatDate(journey.choice.retirementDate)}.{' '}
          <Link to={slugOf(journey.currentPageKey)}>Continue your application</Link> or{' '}
          <Link to={`${slugOf(journey.currentPageKey)}?cancel`} state={{ returnTo: location.pathname }}>
            cancel it
          </Link>
          .
        </div>
      )}
      <RetirementProjection window={window} />
      <form onSubmit={(event) => void showOptions(event)} noValidate>
        <fieldset>
          <legend className="legend">How do you want to choose when you retire?</legend>
          <RevealingRadio
            name="choose-by"
            value="date"
            label="By date"
            chosen={chooseBy}
            onChoose={setChooseBy}
          >
            <DateField
              id="retirement-date"
              legend="When do you want to retire?"
              hint={`Choose a date from ${formatDate(range.from)} to ${formatDate(range.to)}. For example, ${formatDate(range.from)} is ${range.from.slice(8, 10)} ${Number(range.from.slice(5, 7))} ${range.from.slice(0, 4)}.`}
              error={errorFor('retirement-date')}
              defaultValue={date ?? undefined}
            />
          </RevealingRadio>
          <RevealingRadio
            name="choose-by"
            value="age"
            label="By age"
            chosen={chooseBy}
            onChoose={setChooseBy}
          >
            <TextField
              id="retirement-age"
              label="At what age do you want to retire?"
              hint={`In whole years, from ${ageOn(window.dateOfBirth, range.from)} to ${ageOn(window.dateOfBirth, range.to)}. You retire on your birthday at that age, or on ${formatDate(range.from)} if you are that age already.`}
              error={errorFor('retirement-age')}
              inputMode="numeric"
              className="input--2"
            />
          </RevealingRadio>
        </fieldset>
        <button type="submit" className="button button--secondary">
          Show my options
        </button>
      </form>
      {quote && date && (
        <form onSubmit={(event) => void apply(event)} noValidate className="option-list">
          <h2>Your options if you retire on {formatDate(quote.effectiveDate)}</h2>
          {age !== null && (
            <p>
              You chose to retire at {age}:{' '}
              {birthdayAtAge(window.dateOfBirth, age) === date
                ? 'on your birthday'
                : 'on the earliest date you can choose, as you are that age already'}
              .
            </p>
          )}
          <p className="hint">Figures worked out on {formatDate(quote.calculatedOn)}.</p>
          <fieldset>
            <legend className="legend">Choose how to take your pension</legend>
            {offered.map((candidate, index) => (
              <div className="radio" key={candidate.kind}>
                <input
                  type="radio"
                  id={`option-${index}`}
                  name="option"
                  value={candidate.kind}
                  checked={option === candidate.kind}
                  onChange={() => setOption(candidate.kind)}
                />
                <label htmlFor={`option-${index}`}>{optionText(candidate)}</label>
              </div>
            ))}
            <div className="radio">
              <input
                type="radio"
                id={`option-${offered.length}`}
                name="option"
                value="requested-lump-sum"
                checked={option === 'requested-lump-sum'}
                onChange={() => setOption('requested-lump-sum')}
              />
              <label htmlFor={`option-${offered.length}`}>
                Tax-free cash of your choice and a reduced pension
              </label>
            </div>
          </fieldset>
          {option === 'requested-lump-sum' && (
            <div className={`form-group lump-sum${errorFor('lump-sum-amount') ? ' form-group--error' : ''}`}>
              <label htmlFor="lump-sum-slider">Tax-free cash: slide to choose</label>
              <input
                id="lump-sum-slider"
                type="range"
                min={0}
                max={maximumPounds}
                step={100}
                value={Math.min(Number(pounds) || 0, maximumPounds)}
                onChange={(event) => setPounds(event.target.value)}
                aria-valuetext={formatCurrency(Math.round((Number(pounds) || 0) * 100), 'exact')}
              />
              <label htmlFor="lump-sum-amount">Or type an amount in pounds</label>
              <p className="hint" id="lump-sum-amount-hint">
                Between £0.01 and {formatCurrency(quote.lumpSum.maximumPence, 'exact')}
              </p>
              {errorFor('lump-sum-amount') && (
                <p className="error-message" id="lump-sum-amount-error">
                  <span className="visually-hidden">Error:</span> {errorFor('lump-sum-amount')}
                </p>
              )}
              <input
                id="lump-sum-amount"
                inputMode="decimal"
                className="input--8"
                value={pounds}
                onChange={(event) => setPounds(event.target.value)}
                aria-describedby={`lump-sum-amount-hint${errorFor('lump-sum-amount') ? ' lump-sum-amount-error' : ''}`}
              />
              <button type="button" className="button button--secondary" onClick={() => void recalculate()}>
                Update figures
              </button>
              {requested && (
                <p role="status">
                  {formatCurrency(requested.lumpSumPence, 'exact')} tax-free cash and{' '}
                  {formatCurrency(requested.residualPensionPence, 'exact')} a year
                  {avcExtraText(requested) && `, ${avcExtraText(requested)}`}
                </p>
              )}
            </div>
          )}
          {quote.avcFundPence > 0 && <AvcExplained quote={quote} />}
          <details className="assumptions">
            <summary>How we worked these out</summary>
            <ul>
              {quote.assumptions.map((assumption) => (
                <li key={assumption}>{assumption}</li>
              ))}
            </ul>
          </details>
          <p>
            <a
              href={retirementApi.summaryPdfPath(date)}
              onClick={(event) => {
                event.preventDefault();
                void downloadSummary();
              }}
            >
              Download these options (PDF)
            </a>
          </p>
          <button type="submit" className="button">
            Apply for this option
          </button>
        </form>
      )}
      {definition.quoteRequest && <QuoteRequest type={type} title={definition.quoteRequest.title} />}
    </div>
  );
}
