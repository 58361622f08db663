import { useEffect, useRef, useState } from 'react';
import { serviceProblem } from '../lib/service-problem';
import type { Load } from './useLoad';

interface LoadFailedProps {
  /** What could not be done, after "Sorry, we cannot": "show your details". */
  what: string;
  /** The read that failed (from useLoad): nothing is shown while it has not. */
  load: Pick<Load<unknown>, 'failure'> & { reload: () => unknown };
}

/** Where focus goes when the data replaces the message (and its button): the page's content, as after a page load. */
function focusContentIfLost() {
  if (document.activeElement && document.activeElement !== document.body) return;
  document.getElementById('main-content')?.focus({ preventScroll: true });
}

/**
 * A page's own data could not be read: says so, why when the failure tells (busy, offline), and offers
 * to try again. The message stays while the read is tried again, so focus stays on the button if it
 * fails again; when the data replaces it, focus goes to the start of the page's content.
 */
export function LoadFailed({ what, load }: LoadFailedProps) {
  const [trying, setTrying] = useState(false);
  const tried = useRef(false);
  useEffect(() => {
    if (!tried.current) return;
    // The read Try again started has answered.
    tried.current = false;
    setTrying(false);
    if (!load.failure) focusContentIfLost();
  }, [load.failure]);
  useEffect(
    () => () => {
      if (tried.current) focusContentIfLost();
    },
    [],
  );
  if (!load.failure) return null;

  function tryAgain() {
    if (tried.current) return;
    tried.current = true;
    setTrying(true);
    void load.reload();
  }

  return (
    <>
      <p>Sorry, we cannot {what} right now.</p>
      <p>{serviceProblem(load.failure.error) ?? 'Try again later'}.</p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={trying || undefined}
          onClick={tryAgain}
        >
          {trying ? 'Trying again…' : 'Try again'}
        </button>
      </p>
    </>
  );
}
