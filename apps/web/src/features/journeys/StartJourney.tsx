import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { BlockEnvelope } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { PageBlocks } from '../content';
import {
  journeyApi,
  refreshApplicationStatus,
  startsAtFirstPage,
  type JourneyDefinitionView,
} from './journey-api';
import type { StartCheck } from './audiences';
import { messageFor } from './messages';
import { useJourneyWording } from './wording';

/**
 * A journey page opened before the journey is under way (never started, or the last one sent or
 * cancelled): its first page offers Start, which opens a new one; any other page points there. A
 * journey started elsewhere (from a retirement quote) points back to where it starts.
 */
export function StartJourney({
  definition,
  startCheck,
  pageKey,
  blocks,
  onStarted,
  fallbackHref,
}: {
  definition: JourneyDefinitionView;
  /** A check its audience needs before a start (a captcha), drawn above Start now. */
  startCheck?: StartCheck;
  pageKey: string;
  /** The first page's own blocks, shown above Start. */
  blocks: BlockEnvelope[];
  onStarted: () => void;
  /** Where a journey that cannot start here sends the member (the page it starts from). */
  fallbackHref: string;
}) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [starting, setStarting] = useState(false);
  const wording = useJourneyWording();
  // The audience's check (a report of a death's captcha) is solved before a start; a new one after a refused start.
  const checkField = startCheck?.field;
  const [solution, setSolution] = useState<string | null>(null);
  const [checkRound, setCheckRound] = useState(0);
  const solved = useCallback((payload: string | null) => setSolution(payload), []);
  // A check that could not be shown: the summary says so, and Start says so again.
  const [checkUnavailable, setCheckUnavailable] = useState<string | null>(null);
  const unavailable = useCallback(
    (message: string) => {
      setCheckUnavailable(message);
      if (checkField) setErrors([{ field: checkField, message }]);
    },
    [checkField],
  );
  const firstSlug = definition.pages.find((candidate) => candidate.key === definition.firstPage)?.slug;

  async function start() {
    if (startCheck && !solution) {
      setErrors([{ field: startCheck.field, message: checkUnavailable ?? startCheck.missing }]);
      return;
    }
    setStarting(true);
    try {
      await journeyApi.start(definition.type, definition.firstPage, solution ?? undefined);
      if (definition.audience === 'member') await refreshApplicationStatus().catch(() => undefined);
      onStarted();
    } catch (error) {
      setErrors([{ field: startCheck?.field ?? 'start-journey', message: messageFor(error, wording) }]);
      if (startCheck) {
        setSolution(null);
        setCheckRound((round) => round + 1);
      }
      setStarting(false);
    }
  }

  if (!startsAtFirstPage(definition))
    return (
      <>
        <p>You have not started this yet.</p>
        <p>
          <Link to={fallbackHref}>Go to where you start it</Link>
        </p>
      </>
    );
  if (pageKey !== definition.firstPage)
    return (
      <>
        <p>You have not started this yet, or your session has ended.</p>
        <p>
          <Link to={firstSlug ?? fallbackHref}>Start at the beginning</Link>
        </p>
      </>
    );
  return (
    <>
      <ErrorSummary errors={errors} />
      <PageBlocks blocks={blocks} />
      {startCheck && (
        <startCheck.Component
          key={checkRound}
          onSolved={solved}
          onUnavailable={unavailable}
          error={errors.find((error) => error.field === startCheck.field)?.message}
        />
      )}
      <button
        type="button"
        id="start-journey"
        className="button"
        disabled={starting}
        onClick={() => void start()}
      >
        Start now
      </button>
    </>
  );
}
