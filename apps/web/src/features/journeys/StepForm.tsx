import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  moneyAnswerSchema,
  phoneNumberSchema,
  type JourneyQuestion,
  type PageJourney,
} from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { DateField, readDateField } from '../../components/DateField';
import { SaveAndComeBackLater, sentToLeave } from '../../components/SaveAndComeBackLater';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { describedByFor, FieldMessages, TextField } from '../../components/TextField';
import { formatDate } from '../../lib/format';
import { fastForward } from './fast-forward';
import { journeyApi } from './journey-api';
import type { JourneyContext } from './journey-context';
import { messageFor } from './messages';
import { IdentityCheck } from './IdentityCheck';
import { PostalAddress } from './PostalAddress';
import { RecordedDetails } from './RecordedDetails';
import { BankAccountForm } from '../../components/BankAccountForm';
import { checkForm } from '../../lib/form';
import { MobileNumberFields } from '../../components/MobileNumberFields';

interface StepFormProps {
  pageKey: string;
  journeyPage: PageJourney;
  context: JourneyContext;
}

type Answer = { answerKey: string; answerValue?: string };
/** The questions this form asks itself; a bank account is asked by the My details bank form. */
type FormQuestion = Exclude<JourneyQuestion, { kind: 'bank-account' }>;

/** Reads the page's question from the form, or says what is missing. */
function readAnswer(question: FormQuestion, form: FormData): Answer | FieldError {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  switch (question.kind) {
    case 'radios': {
      const chosen = text(question.key);
      return chosen ? { answerKey: chosen } : { field: `${question.key}-0`, message: 'Select an answer' };
    }
    case 'date': {
      const date = readDateField(form, question.key);
      if (!date) return { field: question.key, message: 'Enter a real date, for example 27 3 2026' };
      if (question.notBefore && date < question.notBefore)
        return {
          field: question.key,
          message: `The date must be on or after ${formatDate(question.notBefore)}`,
        };
      return { answerKey: date };
    }
    case 'money': {
      // The same schema the server reads it with: pounds and pence, £0 or more.
      const amount = moneyAnswerSchema.safeParse(text(question.key));
      return amount.success
        ? { answerKey: text(question.key) }
        : { field: question.key, message: amount.error.issues[0]!.message };
    }
    case 'text':
      return text(question.key)
        ? { answerKey: text(question.key) }
        : { field: question.key, message: 'Enter an answer' };
    case 'phone': {
      // Checked as My details checks a mobile, in a phone number's words; the server keeps it in
      // international format.
      const checked = checkForm(phoneNumberSchema, {
        countryCode: text('countryCode'),
        number: text('number'),
      });
      return checked.ok
        ? { answerKey: 'provided', answerValue: JSON.stringify(checked.value) }
        : checked.errors[0]!;
    }
  }
}

/** One journey page's question (GOV.UK one thing per page), its declarations and Continue. */
export function StepForm({ pageKey, journeyPage, context }: StepFormProps) {
  const { definition, journey, slugOf } = context;
  const navigate = useNavigate();
  const { routes } = useTenant();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const step = journey.steps.find((candidate) => candidate.pageKey === pageKey);
  const { question, checkboxes } = journeyPage;
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;

  if (question?.kind === 'bank-account') {
    const saved = step?.answer?.answerValue
      ? (JSON.parse(step.answer.answerValue) as Record<string, string>)
      : undefined;
    return (
      <>
        <ErrorSummary errors={errors} />
        {journeyPage.shows && <RecordedDetails shows={journeyPage.shows} context={context} />}
        <h2 className="legend--question">{question.label}</h2>
        {question.hint && <p className="hint">{question.hint}</p>}
        <BankAccountForm
          kind="uk"
          defaultValues={saved}
          onLeave={() => void navigate(routes.landing)}
          onChecked={async ({ account }, leaving) => {
            try {
              const { nextPageKey } = await journeyApi.submitAnswer(definition.type, {
                currentPageKey: pageKey,
                questionKey: question.key,
                answerKey: 'provided',
                answerValue: JSON.stringify(account),
              });
              void navigate(
                leaving ? routes.landing : slugOf(fastForward.destination(definition.type, nextPageKey)),
              );
            } catch (error) {
              setErrors([{ field: 'accountName', message: messageFor(error) }]);
            }
          }}
        />
      </>
    );
  }

  const asked: FormQuestion | undefined = question;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const leaving = sentToLeave(event);
    const form = new FormData(event.currentTarget);
    // Leaving a page with nothing on it: the answers given so far are kept already.
    if (leaving && !somethingEntered(asked, checkboxes?.key, form)) return void navigate(routes.landing);
    const answer = asked ? readAnswer(asked, form) : null;
    const ticked = checkboxes?.items.map((item) => ({
      key: item.key,
      answerValue: form.has(`${checkboxes.key}-${item.key}`),
    }));
    const unticked = checkboxes?.items.find((item, index) => item.required && !ticked?.[index]?.answerValue);
    const problems: FieldError[] = [];
    if (answer && 'field' in answer) problems.push(answer);
    if (checkboxes && unticked)
      problems.push({
        field: `${checkboxes.key}-${unticked.key}`,
        message: 'Tick every statement to continue',
      });
    setErrors(problems);
    if (problems.length > 0) return;
    setSending(true);
    try {
      if (checkboxes && ticked)
        await journeyApi.saveCheckboxes(definition.type, pageKey, checkboxes.key, ticked);
      const { nextPageKey } =
        asked && answer && !('field' in answer)
          ? await journeyApi.submitAnswer(definition.type, {
              currentPageKey: pageKey,
              questionKey: asked.key,
              ...answer,
            })
          : await journeyApi.submitStep(definition.type, pageKey);
      if (leaving) return void navigate(routes.landing);
      void navigate(slugOf(fastForward.destination(definition.type, nextPageKey)));
    } catch (error) {
      setErrors([{ field: asked ? firstFieldOf(asked) : 'continue', message: messageFor(error) }]);
      setSending(false);
    }
  }

  return (
    <>
      {journeyPage.shows === 'identity-verification' && <IdentityCheck />}
      {journeyPage.shows === 'contact-details' && (
        <>
          <ErrorSummary errors={errors} />
          <RecordedDetails shows={journeyPage.shows} context={context} />
          <PostalAddress />
        </>
      )}
      <form onSubmit={onSubmit} noValidate>
        {journeyPage.shows !== 'contact-details' && <ErrorSummary errors={errors} />}
        {journeyPage.shows && journeyPage.shows !== 'contact-details' && (
          <RecordedDetails shows={journeyPage.shows} context={context} />
        )}
        {asked && <QuestionField question={asked} answer={step?.answer ?? null} fieldError={fieldError} />}
        {checkboxes && (
          <div
            className={`form-group${errors.some((error) => error.field.startsWith(`${checkboxes.key}-`)) ? ' form-group--error' : ''}`}
          >
            <fieldset aria-describedby={checkboxes.hint ? `${checkboxes.key}-hint` : undefined}>
              <legend className="legend">{checkboxes.legend}</legend>
              <FieldMessages
                id={checkboxes.key}
                hint={checkboxes.hint}
                error={errors.find((error) => error.field.startsWith(`${checkboxes.key}-`))?.message}
              />
              {checkboxes.items.map((item) => {
                const id = `${checkboxes.key}-${item.key}`;
                const saved = step?.checkboxesLists[checkboxes.key]?.find((box) => box.key === item.key);
                return (
                  <div className="radio" key={item.key}>
                    <input type="checkbox" id={id} name={id} defaultChecked={saved?.answerValue ?? false} />
                    <label htmlFor={id}>{item.label}</label>
                  </div>
                );
              })}
            </fieldset>
          </div>
        )}
        <div className="button-group">
          <button type="submit" id="continue" className="button" disabled={sending}>
            Continue
          </button>
          <SaveAndComeBackLater disabled={sending} />
        </div>
      </form>
    </>
  );
}

/** Whether the member has put anything on the page: an answer begun or a box ticked. */
function somethingEntered(
  question: FormQuestion | undefined,
  checkboxesKey: string | undefined,
  form: FormData,
) {
  const filled = (name: string) => String(form.get(name) ?? '').trim() !== '';
  const answered =
    question?.kind === 'date'
      ? ['day', 'month', 'year'].some((part) => filled(`${question.key}-${part}`))
      : question?.kind === 'phone'
        ? filled('number')
        : question !== undefined && filled(question.key);
  return (
    answered ||
    (checkboxesKey !== undefined && [...form.keys()].some((name) => name.startsWith(`${checkboxesKey}-`)))
  );
}

const firstFieldOf = (question: FormQuestion) =>
  question.kind === 'radios' ? `${question.key}-0` : question.kind === 'phone' ? 'number' : question.key;

function QuestionField({
  question,
  answer,
  fieldError,
}: {
  question: FormQuestion;
  answer: { answerKey: string; answerValue: string | null } | null;
  fieldError: (field: string) => string | undefined;
}) {
  if (question.kind === 'radios') {
    const error = fieldError(`${question.key}-0`);
    return (
      <div className={`form-group${error ? ' form-group--error' : ''}`}>
        <fieldset aria-describedby={describedByFor(question.key, question.hint, error)}>
          <legend className="legend legend--question">{question.label}</legend>
          <FieldMessages id={question.key} hint={question.hint} error={error} />
          {question.answers.map((option, index) => (
            <div className="radio" key={option.key}>
              <input
                type="radio"
                id={`${question.key}-${index}`}
                name={question.key}
                value={option.key}
                defaultChecked={answer?.answerKey === option.key}
              />
              <label htmlFor={`${question.key}-${index}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
      </div>
    );
  }
  if (question.kind === 'date')
    return (
      <DateField
        id={question.key}
        legend={question.label}
        hint={question.hint}
        error={fieldError(question.key)}
        defaultValue={answer?.answerKey}
      />
    );
  if (question.kind === 'phone')
    return (
      <MobileNumberFields
        label={question.label}
        hint={question.hint}
        error={fieldError('number') ?? fieldError('countryCode')}
        defaultValue={
          answer?.answerValue
            ? (JSON.parse(answer.answerValue) as { countryCode: string; number: string })
            : undefined
        }
      />
    );
  if (question.kind === 'money')
    return (
      <TextField
        id={question.key}
        label={question.label}
        hint={question.hint}
        error={fieldError(question.key)}
        // Kept in pence; shown again as the pounds and pence the member typed.
        defaultValue={answer ? (Number(answer.answerKey) / 100).toFixed(2) : undefined}
        inputMode="decimal"
        className="input--8"
      />
    );
  return (
    <TextField
      id={question.key}
      label={question.label}
      hint={question.hint}
      error={fieldError(question.key)}
      defaultValue={answer?.answerKey}
      maxLength={question.maxLength}
    />
  );
}
