import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { JourneyQuestion, KindContext, PageJourney, SubmittedAnswer } from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { SaveAndComeBackLater, sentToLeave } from '../../components/SaveAndComeBackLater';
import { AddressSearchContext, memberAddressSearch } from '../../components/address-search';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { FieldMessages } from '../../components/TextField';
import { destinationAfter } from './fast-forward';
import { journeyApi, refreshApplicationStatus } from './journey-api';
import type { JourneyContext } from './journey-context';
import { messageFor } from './messages';
import { useJourneyWording } from './wording';
import { RecordedDetails } from './RecordedDetails';
import { enteredUnder, useKindField, type KindFieldModule } from './kinds/registry';
import { shownPartOf, useShownPart } from './shown-parts';

interface StepFormProps {
  pageKey: string;
  journeyPage: PageJourney;
  context: JourneyContext;
}

/** The page's question and its kind's field, once loaded. */
interface Asked {
  question: JourneyQuestion;
  field: KindFieldModule;
}

const errorTargetOf = (field: KindFieldModule, question: JourneyQuestion) =>
  field.errorTarget?.(question) ?? question.key;

/** What the member gave for the page's question, checked by its kind as the server will check it. */
async function readAnswer(
  field: KindFieldModule,
  question: JourneyQuestion,
  form: FormData,
  context: KindContext,
): Promise<SubmittedAnswer | FieldError> {
  const submitted = field.fromForm(form, question);
  const checked = (await field.loadKind()).read(question, submitted, context);
  return checked.ok ? submitted : { field: errorTargetOf(field, question), message: checked.message };
}

/** One journey page's question (GOV.UK one thing per page), its declarations and Continue. */
export function StepForm({ pageKey, journeyPage, context }: StepFormProps) {
  const { definition, journey, slugOf } = context;
  const navigate = useNavigate();
  const { routes } = useTenant();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const wording = useJourneyWording();
  const step = journey.steps.find((candidate) => candidate.pageKey === pageKey);
  const { question, checkboxes } = journeyPage;
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;

  const field = useKindField(question?.kind);
  const partShown = shownPartOf(journeyPage.shows);
  const ShownPart = useShownPart(partShown);
  // The question's field and what the page shows load with the step; the page shows once they are there.
  if ((question && !field) || (partShown && !ShownPart)) return null;

  const asked: Asked | undefined = question && field ? { question, field } : undefined;
  // Today as a UTC day, and the figures the journey locked that its question takes a limit from.
  const kindContext: KindContext = { today: new Date().toISOString().slice(0, 10), figures: journey.figures };
  // An audience may look addresses up its own way (a report of a death, under its token); else the member's.
  const addresses = context.audience.addressSearch?.(definition.type) ?? memberAddressSearch;

  // The kind's check (and zod with it) loads once the member starts to answer, not before the step draws.
  const startReading = () => void asked?.field.loadKind().catch(() => undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const leaving = sentToLeave(event);
    const form = new FormData(event.currentTarget);
    // Leaving a page with nothing on it: the answers given so far are kept already.
    if (leaving && !somethingEntered(asked, checkboxes?.key, form)) return void navigate(routes.landing);
    const answer = asked ? await readAnswer(asked.field, asked.question, form, kindContext) : null;
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
              questionKey: asked.question.key,
              answerKey: answer.answerKey,
              answerValue: answer.answerValue ?? undefined,
            })
          : await journeyApi.submitStep(definition.type, pageKey);
      const reached = definition.pages.find((candidate) => candidate.key === nextPageKey);
      const changed = answer !== null && !('field' in answer) && answer.answerKey !== step?.answer?.answerKey;
      // Ending the journey or reaching check your answers changes its status: the hub shows it at once.
      // A new radio answer is a flag in the access key that later pages' blocks may show by
      // (`<question>-<answer>`, docs/content.md), so the next page is read with it.
      const flagged = changed && asked?.question.kind === 'radios';
      if (
        definition.audience === 'member' &&
        (reached?.ends || nextPageKey === definition.summaryPage || flagged)
      )
        await refreshApplicationStatus().catch(() => undefined);
      if (leaving) return void navigate(routes.landing);
      void navigate(slugOf(await destinationAfter(definition.type, reached?.question, changed, nextPageKey)));
    } catch (error) {
      setErrors([
        {
          field: asked ? errorTargetOf(asked.field, asked.question) : 'continue',
          message: messageFor(error, wording),
        },
      ]);
      setSending(false);
    }
  }

  return (
    <>
      {journeyPage.shows === 'identity-verification' && ShownPart && <ShownPart />}
      {journeyPage.shows === 'contact-details' && (
        <>
          <ErrorSummary errors={errors} />
          <RecordedDetails shows={journeyPage.shows} context={context} />
          {ShownPart && <ShownPart />}
        </>
      )}
      <AddressSearchContext.Provider value={addresses}>
        <form onSubmit={onSubmit} onFocus={startReading} onPointerDown={startReading} noValidate>
          {journeyPage.shows !== 'contact-details' && <ErrorSummary errors={errors} />}
          {journeyPage.shows && journeyPage.shows !== 'contact-details' && (
            <RecordedDetails shows={journeyPage.shows} context={context} />
          )}
          {asked && (
            <asked.field.Field
              question={asked.question}
              initial={step?.answer ?? null}
              error={fieldError(errorTargetOf(asked.field, asked.question))}
              context={kindContext}
            />
          )}
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
            {definition.audience === 'member' && <SaveAndComeBackLater disabled={sending} />}
          </div>
        </form>
      </AddressSearchContext.Provider>
    </>
  );
}

/** Whether the member has put anything on the page: an answer begun or a box ticked. */
function somethingEntered(asked: Asked | undefined, checkboxesKey: string | undefined, form: FormData) {
  const answered = asked
    ? (asked.field.entered?.(form, asked.question) ?? enteredUnder(form, asked.question.key))
    : false;
  return (
    answered ||
    (checkboxesKey !== undefined && [...form.keys()].some((name) => name.startsWith(`${checkboxesKey}-`)))
  );
}
