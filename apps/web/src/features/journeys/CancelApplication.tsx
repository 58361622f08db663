import './journeys.css';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { formatDate } from '../../lib/format';
import { fastForward } from './fast-forward';
import { journeyApi, refreshApplicationStatus } from './journey-api';
import type { CancelledState, CancelState, JourneyContext } from './journey-context';
import { messageFor } from './messages';
import { useJourneyWording } from './wording';

/**
 * The confirm step before a journey is cancelled (`?cancel` on any of its pages): cancelling keeps
 * it as history, unsent, then the member goes back where they came from (My requests) or to the page
 * the journey starts from, which is in its start state again. It names what is cancelled by the
 * journey's `copy.noun` ("switch", "report"), as the page's title does.
 */
export function CancelApplication({
  context,
  pageSlug,
  leaveTo,
}: {
  context: JourneyContext;
  /** The journey page this step was opened from: "No" goes back to it. */
  pageSlug: string;
  /** Where to go once cancelled when no page asked to be returned to. */
  leaveTo: string;
}) {
  const { definition, journey } = context;
  const { noun } = definition.copy;
  const navigate = useNavigate();
  const { state } = useLocation() as { state: CancelState | null };
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sending, setSending] = useState(false);
  const wording = useJourneyWording();
  const returnTo =
    state?.returnTo?.startsWith('/') && !state.returnTo.startsWith('//') ? state.returnTo : null;

  async function cancel() {
    setSending(true);
    try {
      await journeyApi.cancel(definition.type);
      fastForward.reset(definition.type);
      await refreshApplicationStatus().catch(() => undefined);
      const cancelled: CancelledState = { cancelled: definition.title };
      void navigate(returnTo ?? leaveTo, { replace: true, state: cancelled });
    } catch (error) {
      setErrors([{ field: 'cancel-application', message: messageFor(error, wording) }]);
      setSending(false);
    }
  }

  return (
    <>
      <Link className="back-link" to={returnTo ?? pageSlug}>
        Back
      </Link>
      <ErrorSummary errors={errors} />
      <h1>Are you sure you want to cancel your {noun}?</h1>
      <p>
        You started it on {formatDate(journey.startDate.slice(0, 10))}
        {journey.lockedWords?.startedFor && ` ${journey.lockedWords.startedFor}`}.
      </p>
      <p>
        Cancelling stops this {noun}: your answers
        {journey.lockedWords?.cancelLoses && ` and ${journey.lockedWords.cancelLoses}`} are not sent to the
        scheme. You can start a new one at any time.
      </p>
      <div className="button-group">
        <button
          type="button"
          id="cancel-application"
          className="button button--warning"
          disabled={sending}
          onClick={() => void cancel()}
        >
          Yes, cancel my {noun}
        </button>
        <Link to={returnTo ?? pageSlug}>No, keep my {noun}</Link>
      </div>
    </>
  );
}
