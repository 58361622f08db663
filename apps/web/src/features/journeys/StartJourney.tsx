import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { BlockEnvelope } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { Captcha } from '../bereavement';
import { PageBlocks } from '../content';
import {
  journeyApi,
  refreshApplicationStatus,
  startsAtFirstPage,
  type JourneyDefinitionView,
} from './journey-api';
import { messageFor } from './messages';

/**
 * A journey page opened before the journey is under way (never started, or the last one sent or
 * cancelled): its first page offers Start, which opens a new one; any other page points there. A
 * journey started elsewhere (from a retirement quote) points back to where it starts.
 */
export function StartJourney({
  definition,
  pageKey,
  blocks,
  onStarted,
  fallbackHref,
}: {
  definition: JourneyDefinitionView;
  pageKey: string;
  /** The first page's own blocks, shown above Start. */
  blocks: BlockEnvelope[];
  onStarted: () => void;
  /** Where a journey that cannot start here sends the member (the page it starts from). */
  fallbackHref: string;
}) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [starting, setStarting] = useState(false);
  // A report of a death starts with the captcha solved; a new widget after a refused start.
  const needsCaptcha = definition.audience === 'bereavement';
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const solved = useCallback((payload: string | null) => setCaptcha(payload), []);
  // A check that could not be shown: the summary says so, and Start says so again.
  const [captchaUnavailable, setCaptchaUnavailable] = useState<string | null>(null);
  const unavailable = useCallback((message: string) => {
    setCaptchaUnavailable(message);
    setErrors([{ field: 'captcha', message }]);
  }, []);
  const firstSlug = definition.pages.find((candidate) => candidate.key === definition.firstPage)?.slug;

  async function start() {
    if (needsCaptcha && !captcha) {
      setErrors([
        {
          field: 'captcha',
          message: captchaUnavailable ?? 'Tick the box to show you are a person, then start',
        },
      ]);
      return;
    }
    setStarting(true);
    try {
      await journeyApi.start(definition.type, definition.firstPage, captcha ?? undefined);
      if (definition.audience === 'member') await refreshApplicationStatus().catch(() => undefined);
      onStarted();
    } catch (error) {
      setErrors([{ field: needsCaptcha ? 'captcha' : 'start-journey', message: messageFor(error) }]);
      if (needsCaptcha) {
        setCaptcha(null);
        setCaptchaRound((round) => round + 1);
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
      {needsCaptcha && (
        <Captcha
          key={captchaRound}
          onSolved={solved}
          onUnavailable={unavailable}
          error={errors.find((error) => error.field === 'captcha')?.message}
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
