import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  answerDisplays,
  hasAnswerDisplay,
  type IdentityVerificationStatus,
  type JourneyQuestion,
  type JourneyStep,
  type PageJourney,
  type PendingChange,
  type StoredAnswer,
} from '@meridian/contracts';
import { HttpError } from '../../lib/http/client';
import { detailsApi } from '../../lib/details-api';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { useFocusOnStep } from '../../components/useFocusOnStep';
import { fastForward } from './fast-forward';
import { journeyApi, refreshApplicationStatus } from './journey-api';
import type { JourneyContext } from './journey-context';
import { messageFor } from './messages';
import { useJourneyWording } from './wording';
import { answeredKindsToLoad } from './kinds/answered';
import { useKindFields, type KindField } from './kinds/registry';
import type { StartedStepUp } from '../step-up';

/** The step-up code form, loaded only when a new bank account has to be confirmed. */
const CodeStep = lazy(async () => ({ default: (await import('../../components/CodeStep')).CodeStep }));
/** Confirming it is the member, loaded only when the journey asks for it before sending. */
const StepUpQuestion = lazy(async () => ({ default: (await import('../step-up')).StepUpQuestion }));

interface Row {
  key: string;
  label: string;
  value: string;
  change?: { step: JourneyStep; slug: string };
  /** Where to go about it, given only when it applies (a transfer guarantee that has ended). */
  link?: { text: string; href: string };
}

type Display = (question: JourneyQuestion, answer: StoredAnswer) => string;

/** The answer as the PDF shows it too: its kind's one display (loaded with its field for a few kinds). */
function answerText(fieldOf: Map<string, KindField>, page: PageJourney, step: JourneyStep): string {
  const question = page.question;
  if (!question || !step.answer) return '';
  const display: Display = hasAnswerDisplay(question.kind)
    ? (answerDisplays[question.kind] as Display)
    : fieldOf.get(question.kind)!.kind.display;
  return display(question, step.answer);
}

/** Where the proof of identity stands, as the scheme's own record says (never what a page kept). */
export const identityText: Record<IdentityVerificationStatus, string> = {
  not_started: 'Not sent',
  pending: 'Sent, to be checked by the scheme',
  verified: 'Confirmed',
  failed: 'Not confirmed: the scheme will ask for another',
};

/** Check your answers: what was locked at start, every answer with a Change link (fast-forward back here), and Apply. */
export function CheckAnswers({ context }: { context: JourneyContext }) {
  const { definition, journey, slugOf } = context;
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const [bankCode, setBankCode] = useState<PendingChange | null>(null);
  const [identityCode, setIdentityCode] = useState<StartedStepUp | null>(null);
  const wording = useJourneyWording();
  // A code asked for takes the place of the answers and of the button that was pressed: focus goes to
  // the main content, where the question now is.
  useFocusOnStep(identityCode ? 'identity' : bankCode ? 'bank' : 'answers');
  const pages = new Map(definition.pages.map((page) => [page.key, page]));
  // Each answer is shown by its kind's display. Most kinds' displays come with this page, without zod;
  // the others (a person, a list, an address, a file, a phone number, a country) load with their
  // kind's field, only when a question of theirs was answered.
  const loadedKinds = answeredKindsToLoad(definition.pages, journey.steps);
  const fields = useKindFields(loadedKinds);
  if (!fields) return null;
  const fieldOf = new Map(loadedKinds.map((kind, index) => [kind, fields[index]!]));
  const rows: Row[] = [];
  // What the journey locked at start (a chosen quote, a DC option, a transfer value), in the words its
  // plugin gives the PDF, with a line's link where it gives one (a guarantee that has ended).
  journey.lockedSection?.lines.forEach((line, index) =>
    rows.push({ key: `locked-${index}`, label: line.label, value: line.value, link: line.link }),
  );
  const pagesAnsweredAfter = (pageKey: string) =>
    journey.steps
      .slice(journey.steps.findIndex((step) => step.pageKey === pageKey) + 1)
      .map((step) => step.pageKey);
  for (const step of journey.steps) {
    const page = pages.get(step.pageKey);
    if (!page) continue;
    const change = { step, slug: slugOf(step.pageKey) };
    if (page.question)
      rows.push({
        key: step.pageKey,
        label: page.question.label,
        value: answerText(fieldOf, page, step),
        change,
      });
    if (page.shows === 'contact-details')
      rows.push({
        key: `${step.pageKey}-address`,
        label: 'Postal address',
        value: journey.contact.address?.join(', ') ?? 'Not held',
        change,
      });
    if (page.shows === 'identity-verification')
      rows.push({
        key: `${step.pageKey}-identity`,
        label: 'Proof of identity',
        value: identityText[journey.identity.status],
      });
    if (page.checkboxes)
      rows.push({ key: `${step.pageKey}-list`, label: page.checkboxes.legend, value: 'Confirmed', change });
  }

  async function sent(stepUp?: { nonce: string; code: string }) {
    await journeyApi.submit(definition.type, stepUp);
    fastForward.reset(definition.type);
    await refreshApplicationStatus().catch(() => undefined);
    void navigate(slugOf(definition.confirmationPage));
  }

  async function apply() {
    setSending(true);
    try {
      await sent();
    } catch (error) {
      try {
        const code = error instanceof HttpError ? error.codes[0] : undefined;
        // A new bank account in what is sent is confirmed with a code, as in My details.
        if (code === 'step_up_required') {
          setBankCode(await journeyApi.sendBankCode(definition.type));
          setErrors([]);
        } else if (code === 'fresh_step_up_required') {
          // A journey that moves the pension away asks the member to confirm it is them first: with
          // their authenticator app when they have one, else a code we send.
          const { startStepUp } = await import('../step-up');
          setIdentityCode(await startStepUp());
          setErrors([]);
        } else throw error;
      } catch (failure) {
        setErrors([{ field: 'apply', message: messageFor(failure, wording) }]);
      }
      setSending(false);
    }
  }

  if (identityCode) {
    return (
      <Suspense fallback={<p className="page-loading">Loading...</p>}>
        <StepUpQuestion
          started={identityCode}
          reason={`This ${definition.copy.noun} decides where your pension goes`}
          onConfirmed={async () => {
            setIdentityCode(null);
            await apply();
          }}
        />
      </Suspense>
    );
  }

  if (bankCode) {
    return (
      <Suspense fallback={<p className="page-loading">Loading...</p>}>
        <CodeStep
          pending={bankCode}
          heading={`Confirm the bank account in your ${definition.copy.noun}`}
          headingLevel="h2"
          onResend={() => detailsApi.resendBankCode(bankCode.nonce)}
          onConfirm={(code) => sent({ nonce: bankCode.nonce, code })}
        />
      </Suspense>
    );
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <dl className="summary-list summary-list--actions">
        {rows.map((row) => (
          <div className="summary-row" key={row.key}>
            <dt>{row.label}</dt>
            <dd>
              {row.value}
              {row.link && (
                <>
                  {' '}
                  <Link to={row.link.href}>{row.link.text}</Link>
                </>
              )}
            </dd>
            <dd className="summary-row__action">
              {row.change && (
                <Link
                  to={row.change.slug}
                  onClick={() =>
                    fastForward.start(definition.type, {
                      changedPageKey: row.change!.step.pageKey,
                      answeredPageKeys: pagesAnsweredAfter(row.change!.step.pageKey),
                      summaryPageKey: definition.summaryPage,
                    })
                  }
                >
                  Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h2>Now send your {definition.copy.noun}</h2>
      <p>
        By sending this {definition.copy.noun} you confirm that your answers are correct to the best of your
        knowledge.
      </p>
      <button type="button" id="apply" className="button" onClick={() => void apply()} disabled={sending}>
        {definition.copy.submitButton}
      </button>
    </>
  );
}
