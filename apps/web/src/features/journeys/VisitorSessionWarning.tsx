import { useEffect, useState } from 'react';
import { describeWait, TimeoutDialog } from '../../components/TimeoutDialog';
import type { AudienceUi } from './audiences';
import { journeyApi } from './journey-api';

/**
 * Warns a visitor before their journey's token runs out (it lasts minutes, renewed by each step),
 * as the idle-timeout dialog warns a member, with a way to keep going.
 */
export function VisitorSessionWarning({
  type,
  expiresAt,
  restartHref,
  warnSeconds,
  WhileUnderWay,
}: {
  type: string;
  expiresAt: string;
  /** The journey's first page, where a visitor whose time ran out starts again. */
  restartHref: string;
  /** How long before the journey times out the warning opens. */
  warnSeconds: number;
  /** The audience's own part while the journey is under way, told whether its time is still running. */
  WhileUnderWay?: AudienceUi['WhileUnderWay'];
}) {
  const [expiry, setExpiry] = useState(() => new Date(expiresAt).getTime());
  const [secondsLeft, setSecondsLeft] = useState(() => Math.round((expiry - Date.now()) / 1000));
  const [failed, setFailed] = useState(false);
  useEffect(() => setExpiry(new Date(expiresAt).getTime()), [expiresAt]);
  useEffect(() => {
    const tick = () => setSecondsLeft(Math.max(0, Math.round((expiry - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiry]);

  async function keepGoing() {
    try {
      const { expiresAt: renewed } = await journeyApi.keepAlive(type);
      setExpiry(new Date(renewed).getTime());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      {WhileUnderWay && <WhileUnderWay live={secondsLeft > 0} journeyPath={restartHref} />}
      <TimeoutDialog
        id="visitor-timeout"
        open={secondsLeft <= warnSeconds}
        title={secondsLeft > 0 ? 'Your session is about to time out' : 'Your session has timed out'}
        description={
          secondsLeft > 0
            ? `For your security, we will delete your answers in ${describeWait(secondsLeft)} if you do nothing.`
            : 'We can no longer keep your answers. Start again from the first page.'
        }
        onKeepGoing={() => void keepGoing()}
      >
        {failed && (
          <p className="error-message">We could not keep your session. Start again from the first page.</p>
        )}
        <div className="button-group">
          {secondsLeft > 0 && !failed ? (
            <button type="button" className="button" onClick={() => void keepGoing()}>
              Keep going
            </button>
          ) : (
            <a className="button" href={restartHref}>
              Start again
            </a>
          )}
        </div>
      </TimeoutDialog>
    </>
  );
}
