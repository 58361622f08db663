import { useState, type FormEvent } from 'react';
import { ageOn, retirementDateAtAge, type RetirementPlanner as Plan } from '@meridian/contracts';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { formatCurrency, formatDate } from '../../lib/format';
import { downloadAsActiveRecord } from '../../lib/save-file';
import { messageFor } from '../journeys';
import { RevealingRadio } from './RevealingRadio';
import { retirementApi, type DbQuoteView } from './retirement-api';
import { PlannerChart } from './PlannerChart';
import { HowWeWorkedThisOut } from './HowWeWorkedThisOut';
import { AvcExplained, avcExtraText } from './AvcExplained';
import './planner.css';

type ChooseBy = 'age' | 'date';
type Adjustment = Plan['ages'][number]['adjustment'];

const pounds = (pence: number) => formatCurrency(pence, 'exact');

/** "Reduced: 60 months early, × 0.802" and the like, for the table and the figures at a date. */
export function adjustmentText({ kind, months, factor }: Adjustment) {
  if (kind === 'early') return `Reduced: ${months} months early, × ${factor}`;
  if (kind === 'late') return `Increased: ${months} months late, × ${factor}`;
  return 'None: your normal retirement age';
}

/** Why the earliest date is what it is, in the member's terms. */
function earliestText(plan: Plan) {
  const when = `${formatDate(plan.earliestRetirementDate)}, when you are ${ageOn(plan.dateOfBirth, plan.earliestRetirementDate)}`;
  if (plan.earliestReason === 'protected-pension-age')
    return `You have a protected pension age of ${plan.protectedPensionAge}, so the earliest you can take your pension is ${when}, before the normal minimum pension age of ${plan.normalMinimumPensionAge}.`;
  if (plan.earliestReason === 'minimum-pension-age')
    return `The earliest you can take your pension is ${when}. The law sets a normal minimum pension age, which rises from 55 to 57 on 6 April 2028: for you it is ${plan.normalMinimumPensionAge}, later than the scheme’s own earliest age.`;
  return `The earliest the scheme lets you take your pension is ${when}.`;
}

/** The early and late factors at the two ends of the range, from the figures themselves. */
function FactorsExplained({ plan }: { plan: Plan }) {
  const early = plan.ages.find((entry) => entry.adjustment.kind === 'early');
  const late = plan.ages.findLast((entry) => entry.adjustment.kind === 'late');
  return (
    <>
      <p>
        Your normal retirement age is {plan.normalRetirementAge}, on {formatDate(plan.normalRetirementDate)}.
        Your pension is worked out for that date.
      </p>
      <ul>
        {early && (
          <li>
            Take it earlier and it is reduced, because it is paid for longer: for each complete month early
            the scheme’s early retirement factor applies. At {early.age} your pension is multiplied by{' '}
            {early.adjustment.factor} ({early.adjustment.months} months early).
          </li>
        )}
        {late && (
          <li>
            Take it later and it is increased, because it is paid for less long: for each complete month late
            the scheme’s late retirement factor applies. At {late.age} your pension is multiplied by{' '}
            {late.adjustment.factor} ({late.adjustment.months} months late).
          </li>
        )}
        <li>The latest you can take it is {formatDate(plan.latestRetirementDate)}.</li>
      </ul>
    </>
  );
}

function AgesTable({ plan }: { plan: Plan }) {
  return (
    <div
      className="data-table planner__table"
      role="region"
      aria-labelledby="planner-table-caption"
      tabIndex={0}
    >
      <table>
        <caption id="planner-table-caption">Your pension at each age you could retire, before tax</caption>
        <thead>
          <tr>
            <th scope="col">Age</th>
            <th scope="col">Date</th>
            <th scope="col">Early or late retirement</th>
            <th scope="col">Full pension a year</th>
            <th scope="col">Most tax-free cash</th>
            <th scope="col">Pension a year with the most tax-free cash</th>
          </tr>
        </thead>
        <tbody>
          {plan.ages.map((entry) => (
            <tr key={entry.age}>
              <th scope="row">{entry.age}</th>
              <td>{formatDate(entry.retirementDate)}</td>
              <td>{adjustmentText(entry.adjustment)}</td>
              <td>{pounds(entry.fullPensionPence)}</td>
              <td>{pounds(entry.maximumLumpSumPence)}</td>
              <td>{pounds(entry.pensionWithMaximumLumpSumPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The figures at the date the member chose. */
function FiguresAtDate({ quote }: { quote: DbQuoteView }) {
  const [failed, setFailed] = useState<string | null>(null);
  const most = quote.options.find((option) => option.kind === 'maximum-lump-sum')!;
  async function download() {
    try {
      await downloadAsActiveRecord(
        retirementApi.summaryPdfPath(quote.effectiveDate),
        `retirement-options-${quote.effectiveDate}.pdf`,
      );
      setFailed(null);
    } catch (error) {
      setFailed(messageFor(error));
    }
  }
  const { years, months } = quote.ageAtRetirement;
  return (
    <section className="planner__figures" aria-labelledby="planner-figures-title">
      <h2 id="planner-figures-title" tabIndex={-1}>
        If you retire on {formatDate(quote.effectiveDate)}
      </h2>
      <p>
        You would be {years} years{months > 0 && ` and ${months} months`} old. Figures worked out on{' '}
        {formatDate(quote.calculatedOn)}, before tax.
      </p>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Early or late retirement</dt>
          <dd>{adjustmentText(quote.adjustment)}</dd>
        </div>
        <div className="summary-row">
          <dt>Full pension</dt>
          <dd>{pounds(quote.fullPensionPence)} a year</dd>
        </div>
        <div className="summary-row">
          <dt>Most tax-free cash</dt>
          <dd>{pounds(most.lumpSumPence)}</dd>
        </div>
        <div className="summary-row">
          <dt>Pension with the most tax-free cash</dt>
          <dd>{pounds(most.residualPensionPence)} a year</dd>
        </div>
        {avcExtraText(most) && (
          <div className="summary-row">
            <dt>With the most tax-free cash, your AVC fund</dt>
            <dd>{avcExtraText(most)}</dd>
          </div>
        )}
      </dl>
      {quote.avcFundPence > 0 && <AvcExplained quote={quote} />}
      <HowWeWorkedThisOut quote={quote} />
      <p>
        <a
          href={retirementApi.summaryPdfPath(quote.effectiveDate)}
          onClick={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          Download these figures (PDF)
        </a>
      </p>
      {failed && (
        <p className="error-message" role="alert">
          {failed}
        </p>
      )}
    </section>
  );
}

/**
 * The planner for a DB member not yet able to apply: the pension and tax-free cash at each birthday from
 * the earliest date the rules allow to the latest (a table, with a chart of the same figures), what sets
 * those dates and the early and late factors, and the figures at any date or age the member chooses.
 */
export function RetirementPlanner() {
  const load = useLoad(() => retirementApi.planner());
  const [chooseBy, setChooseBy] = useState<ChooseBy>('age');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [quote, setQuote] = useState<DbQuoteView | null>(null);

  if (load.failure) return <LoadFailed what="show your pension at each age" load={load} />;
  if (!load.data) return <p className="page-loading">Loading...</p>;
  if (!load.data.isCalculationSuccessful) return <p>{load.data.message}</p>;
  const plan = load.data;
  const { from, to } = plan.range;
  const youngest = ageOn(plan.dateOfBirth, from);
  const oldest = ageOn(plan.dateOfBirth, to);

  function chosenDate(form: FormData): { date: string } | { error: FieldError } {
    if (chooseBy === 'date') {
      const date = readDateField(form, 'planner-date');
      if (!date)
        return { error: { field: 'planner-date', message: 'Enter a real date, for example 15 1 2046' } };
      if (date < from || date > to)
        return {
          error: {
            field: 'planner-date',
            message: `Enter a date from ${formatDate(from)} to ${formatDate(to)}`,
          },
        };
      return { date };
    }
    const typed = String(form.get('planner-age') ?? '').trim();
    const choice = retirementDateAtAge(
      plan.dateOfBirth,
      plan.range,
      /^\d{1,3}$/.test(typed) ? Number(typed) : NaN,
    );
    if (choice.ok) return { date: choice.date };
    return {
      error: {
        field: 'planner-age',
        message: `Enter an age in whole years from ${choice.youngest} to ${choice.oldest}`,
      },
    };
  }

  async function model(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = chosenDate(new FormData(event.currentTarget));
    if ('error' in chosen) return setErrors([chosen.error]);
    try {
      setQuote(await retirementApi.quote(chosen.date));
      setErrors([]);
    } catch (error) {
      setErrors([{ field: chooseBy === 'age' ? 'planner-age' : 'planner-date', message: messageFor(error) }]);
    }
  }

  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  return (
    <div className="planner">
      <ErrorSummary errors={errors} />
      <h2>When you could take your pension</h2>
      <p>{earliestText(plan)}</p>
      <FactorsExplained plan={plan} />
      <h2>Your pension at each age</h2>
      <p>
        What your pension would be each year, before tax, if you took it on your birthday at each age from{' '}
        {youngest} to {oldest}: in full, or with the most tax-free cash the rules allow and a smaller pension.
        {plan.avcFundPence > 0 &&
          (plan.avcTakenAsCashFirst
            ? ` The most tax-free cash includes your AVC fund of ${pounds(plan.avcFundPence)}, taken first.`
            : ` Your AVC fund of ${pounds(plan.avcFundPence)} buys extra pension on top of these figures: your scheme does not pay it as cash.`)}
      </p>
      <PlannerChart plan={plan} />
      <AgesTable plan={plan} />
      <form onSubmit={(event) => void model(event)} noValidate>
        <fieldset>
          <legend className="legend">See your figures at another age or date</legend>
          <RevealingRadio
            name="plan-by"
            value="age"
            label="At an age"
            chosen={chooseBy}
            onChoose={setChooseBy}
          >
            <TextField
              id="planner-age"
              label="Age you would retire at"
              hint={`In whole years, from ${youngest} to ${oldest}`}
              error={errorFor('planner-age')}
              inputMode="numeric"
              className="input--2"
            />
          </RevealingRadio>
          <RevealingRadio
            name="plan-by"
            value="date"
            label="On a date"
            chosen={chooseBy}
            onChoose={setChooseBy}
          >
            <DateField
              id="planner-date"
              legend="Date you would retire"
              hint={`From ${formatDate(from)} to ${formatDate(to)}`}
              error={errorFor('planner-date')}
            />
          </RevealingRadio>
        </fieldset>
        <button type="submit" className="button button--secondary">
          Show my figures
        </button>
      </form>
      {quote && <FiguresAtDate key={quote.effectiveDate} quote={quote} />}
      <details className="assumptions">
        <summary>What these figures assume</summary>
        <ul>
          {plan.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}
