import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { webAppPaths, type DcOptionChoice, type DcOptionsResponse } from '@meridian/contracts';
import { DateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLoad } from '../../components/useLoad';
import { HttpError } from '../../lib/http/client';
import { errorFor } from '../../lib/form';
import { formatCurrency, formatDate } from '../../lib/format';
import { activeRecordKey, singleAuthData } from '../../lib/session-storage';
import { PageLink } from '../content';
import { readDcOptions } from './dc-api';
import { penceToPounds, readExploreForm, refusal } from './explore-form';
import { OptionCard } from './OptionCard';
import { chooseHref } from './choose-form';
import { optionText } from './option-text';
import './dc-options.css';

export const DC_OPTIONS_PATH = webAppPaths.dcOptions;

/** What the tax estimate and the tax-free cash limit take from the member, kept when comparing. */
const MEMBER_FIGURES = ['otherIncomePence', 'lumpSumAllowanceUsedPence'] as const;

/** The compare page's address for these options at this date, with the member's own figures. */
export function compareHref(retirementDate: string, choices: DcOptionChoice[], explored: URLSearchParams) {
  const query = new URLSearchParams({ retirementDate, options: JSON.stringify(choices) });
  for (const name of MEMBER_FIGURES) {
    const value = explored.get(name);
    if (value !== null) query.set(name, value);
  }
  return `${webAppPaths.dcCompare}?${query}`;
}

/** A 400 is the member's choice refused (shown on its field); anything else is the service failing. */
const isRefusal = (error: unknown) => error instanceof HttpError && error.status === 400;

/**
 * Explore: what the member's DC pot could buy at a date or age they choose (else their target date),
 * every option with its tax-free and taxable cash, income after estimated tax, what it gives up and the
 * MPAA warning; two or three can be chosen to compare.
 */
export function DcExplorePage() {
  useDocumentTitle('Explore your options');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = searchParams.toString();
  const recordKey = activeRecordKey(singleAuthData.read());
  const read = useLoad(() => readDcOptions(new URLSearchParams(query)), {
    key: `${recordKey}?${query}`,
    keepPrevious: true,
  });
  const [formErrors, setFormErrors] = useState<FieldError[]>([]);
  const [compareErrors, setCompareErrors] = useState<FieldError[]>([]);
  // A refused choice clears the read's answer; the last figures stay, so the member can correct it.
  const [lastFigures, setLastFigures] = useState<DcOptionsResponse>();
  useEffect(() => {
    if (read.data) setLastFigures(read.data);
  }, [read.data]);
  const figures = read.data ?? lastFigures;
  const refused = read.failure && isRefusal(read.failure.error);
  // A record that is not a savings pot has no options to correct: said in words, not as a field's problem.
  const notDc = refused && (read.failure!.error as HttpError).codes.includes('not_a_dc_record');
  const errors = [
    ...formErrors,
    ...(refused && !notDc
      ? [refusal(read.failure!.error, searchParams, figures?.taxFreeCash.maximumPence)]
      : []),
    ...compareErrors,
  ];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = readExploreForm(new FormData(event.currentTarget), figures?.range);
    setCompareErrors([]);
    if (!checked.ok) return setFormErrors(checked.errors);
    setFormErrors([]);
    setSearchParams(checked.query);
  };

  const compare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!figures) return;
    const chosen = new FormData(event.currentTarget).getAll('compare').map(String);
    if (chosen.length < 2 || chosen.length > 3) {
      setFormErrors([]);
      return setCompareErrors([{ field: 'compare', message: 'Choose 2 or 3 options to compare' }]);
    }
    const choices = figures.options
      .filter((option) => chosen.includes(option.code))
      .map((option) => option.choice);
    void navigate(compareHref(figures.retirementDate, choices, searchParams));
  };

  return (
    <>
      <PageLink pageKeys={['my_pension']} className="back-link">
        Back to My pension
      </PageLink>
      <ErrorSummary errors={errors} />
      <h1>Explore your options</h1>
      <p className="lead">
        See what your pot could give you, and compare ways of taking it. These are estimates, not a quote:
        your pot can go down as well as up.
      </p>
      {read.failure && !refused && <LoadFailed what="work out your options" load={read} />}
      {notDc && (
        <p>
          These options are for a savings pot (a defined contribution pension), and the record you are seeing
          is not one. <PageLink pageKeys={['my_pension']}>See your pension</PageLink>.
        </p>
      )}
      {!figures && !read.failure && <p className="page-loading">Working out your options</p>}
      {figures && (
        <>
          <Headline figures={figures} />
          <ExploreForm figures={figures} query={searchParams} errors={errors} onSubmit={submit} />
          <form onSubmit={compare} noValidate>
            <div className={`form-group${errorFor(errors, 'compare') ? ' form-group--error' : ''}`}>
              <h2 id="compare">Your options on {formatDate(figures.retirementDate)}</h2>
              {errorFor(errors, 'compare') && (
                <p className="error-message">
                  <span className="visually-hidden">Error:</span> {errorFor(errors, 'compare')}
                </p>
              )}
              {figures.options.map((option) => (
                <OptionCard
                  key={option.code}
                  option={option}
                  mpaaPence={figures.mpaaPence}
                  compareControl={
                    <div className="checkbox">
                      <input
                        type="checkbox"
                        id={`compare-${option.code}`}
                        name="compare"
                        value={option.code}
                      />
                      <label htmlFor={`compare-${option.code}`}>Compare this option</label>
                      <p>
                        <Link to={chooseHref(figures.retirementDate, option.choice)}>
                          Choose this option
                          <span className="visually-hidden"> for {optionText[option.code].title}</span>
                        </Link>
                      </p>
                    </div>
                  }
                />
              ))}
            </div>
            <button type="submit" className="button">
              Compare the options you chose
            </button>
          </form>
          <details className="assumptions">
            <summary>How we worked this out</summary>
            <p>
              Worked out on {formatDate(figures.calculatedOn)} for the {figures.tax.taxYear} tax year, with{' '}
              {figures.tax.regime === 'scotland' ? 'Scottish' : 'UK'} income tax rates (
              {figures.tax.regimeReason}
              ). {figures.tax.source}.
            </p>
            <ul>
              {figures.assumptions.map((assumption) => (
                <li key={assumption}>{assumption}</li>
              ))}
            </ul>
          </details>
        </>
      )}
    </>
  );
}

function Headline({ figures }: { figures: DcOptionsResponse }) {
  return (
    <dl className="summary-list">
      <div className="summary-row">
        <dt>Your pot today</dt>
        <dd>{formatCurrency(figures.currentPotPence)}</dd>
      </div>
      <div className="summary-row">
        <dt>Your pot on {formatDate(figures.retirementDate)}</dt>
        <dd>
          {formatCurrency(figures.potPence)} (an estimate, when you are {figures.ageAtRetirement.years})
        </dd>
      </div>
      <div className="summary-row">
        <dt>Most tax-free cash</dt>
        <dd>
          {formatCurrency(figures.taxFreeCash.maximumPence)}
          {figures.taxFreeCash.limitedBy === 'lump-sum-allowance'
            ? ' (what is left of your Lump Sum Allowance)'
            : ' (a quarter of your pot)'}
        </dd>
      </div>
    </dl>
  );
}

function ExploreForm({
  figures,
  query,
  errors,
  onSubmit,
}: {
  figures: DcOptionsResponse;
  query: URLSearchParams;
  errors: FieldError[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const when = query.has('age') ? 'age' : query.has('retirementDate') ? 'date' : 'target';
  const amount = (name: string) => {
    const pence = query.get(name);
    return pence === null ? '' : penceToPounds(Number(pence));
  };
  const radio = (name: string, value: string, label: string, checked: boolean) => (
    <div className="radio">
      <input type="radio" id={`${name}-${value}`} name={name} value={value} defaultChecked={checked} />
      <label htmlFor={`${name}-${value}`}>{label}</label>
    </div>
  );
  return (
    <form onSubmit={onSubmit} noValidate key={query.toString()} className="dc-explore-form">
      <h2>Change the figures</h2>
      <div className={`form-group${errorFor(errors, 'when') ? ' form-group--error' : ''}`}>
        <fieldset aria-describedby="when-hint">
          <legend className="legend">When would you take your pot?</legend>
          <p id="when-hint" className="hint">
            You can choose from {formatDate(figures.range.earliestDate)} to{' '}
            {formatDate(figures.range.latestDate)}.
          </p>
          {errorFor(errors, 'when') && (
            <p id="when" className="error-message">
              <span className="visually-hidden">Error:</span> {errorFor(errors, 'when')}
            </p>
          )}
          {radio('when', 'target', 'At my target retirement date', when === 'target')}
          {radio('when', 'date', 'On a date', when === 'date')}
          <div className="radio-reveal">
            <DateField
              id="retirementDate"
              legend="Date"
              hint="For example, 1 6 2031"
              error={errorFor(errors, 'retirementDate')}
              defaultValue={query.get('retirementDate') ?? undefined}
            />
          </div>
          {radio('when', 'age', 'At an age', when === 'age')}
          <div className="radio-reveal">
            <TextField
              id="age"
              label="Age in years"
              inputMode="numeric"
              className="input--4"
              error={errorFor(errors, 'age')}
              defaultValue={query.get('age') ?? ''}
            />
          </div>
        </fieldset>
      </div>
      <TextField
        id="taxFreeCash"
        label="Tax-free cash, in pounds"
        hint={`Up to ${formatCurrency(figures.taxFreeCash.maximumPence, 'exact')}. Leave it empty for the most.`}
        inputMode="decimal"
        error={errorFor(errors, 'taxFreeCash')}
        defaultValue={amount('taxFreeCashPence')}
      />
      <TextField
        id="drawdownIncome"
        label="Yearly income from drawdown, in pounds"
        hint="Before tax. Leave it empty for the scheme’s suggested amount."
        inputMode="decimal"
        error={errorFor(errors, 'drawdownIncome')}
        defaultValue={amount('drawdownIncomePence')}
      />
      <TextField
        id="cashNow"
        label="Cash to take now, in pounds"
        hint="For taking some cash now and leaving the rest invested. Leave it empty for a quarter of your pot."
        inputMode="decimal"
        error={errorFor(errors, 'cashNow')}
        defaultValue={amount('cashNowPence')}
      />
      <div className="form-group">
        <fieldset>
          <legend className="legend">Who would the annuity pay?</legend>
          {radio('annuityLives', 'single', 'Me alone', query.get('annuityLives') !== 'joint')}
          {radio(
            'annuityLives',
            'joint',
            'Me, then my partner after I die',
            query.get('annuityLives') === 'joint',
          )}
        </fieldset>
      </div>
      <div className="form-group">
        <fieldset>
          <legend className="legend">Would the annuity rise each year?</legend>
          {radio(
            'annuityEscalation',
            'level',
            'No, the same each year',
            query.get('annuityEscalation') !== 'increasing',
          )}
          {radio(
            'annuityEscalation',
            'increasing',
            'Yes, rising each year',
            query.get('annuityEscalation') === 'increasing',
          )}
        </fieldset>
      </div>
      <TextField
        id="annuityPercent"
        label="For the mix, the share that buys an annuity, in percent"
        hint="From 1 to 99. Leave it empty for half."
        inputMode="numeric"
        className="input--4"
        error={errorFor(errors, 'annuityPercent')}
        defaultValue={query.get('annuityPercent') ?? ''}
      />
      <TextField
        id="otherIncome"
        label="Your other taxable income a year, in pounds"
        hint="For example State Pension or earnings: the tax estimate adds your pension to it. Leave it empty for none."
        inputMode="decimal"
        error={errorFor(errors, 'otherIncome')}
        defaultValue={amount('otherIncomePence')}
      />
      <TextField
        id="allowanceUsed"
        label="Lump Sum Allowance you have already used, in pounds"
        hint="Tax-free cash taken from other pensions since April 2024 counts against the £268,275 allowance. Leave it empty for none."
        inputMode="decimal"
        error={errorFor(errors, 'allowanceUsed')}
        defaultValue={amount('lumpSumAllowanceUsedPence')}
      />
      <button type="submit" className="button">
        Show the figures
      </button>
    </form>
  );
}
