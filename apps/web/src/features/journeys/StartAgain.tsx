import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { fastForward } from './fast-forward';
import { journeyApi, refreshApplicationStatus } from './journey-api';
import { messageFor } from './messages';
import { useJourneyWording } from './wording';

/** After sending one, a journey started at its first page can be started again: a new one, the sent one kept. */
export function StartAgain({
  type,
  firstPage,
  firstSlug,
  noun,
}: {
  type: string;
  firstPage: string;
  firstSlug: string;
  noun: string;
}) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [starting, setStarting] = useState(false);
  const wording = useJourneyWording();

  async function start() {
    setStarting(true);
    try {
      await journeyApi.start(type, firstPage);
      fastForward.reset(type);
      await refreshApplicationStatus().catch(() => undefined);
      void navigate(firstSlug);
    } catch (error) {
      setErrors([{ field: 'start-again', message: messageFor(error, wording) }]);
      setStarting(false);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <p>
        <button
          type="button"
          id="start-again"
          className="button button--secondary"
          disabled={starting}
          onClick={() => void start()}
        >
          Start a new {noun}
        </button>
      </p>
    </>
  );
}
