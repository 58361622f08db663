import { createElement, useEffect, useRef, useState } from 'react';
import { BEREAVEMENT_API_PREFIX } from '@meridian/contracts';

/** The widget's state as its `statechange` event tells it, with the payload once it is verified. */
type StateChange = CustomEvent<{ state: string; payload?: string }>;

/**
 * The proof-of-work check before a report of a death starts (ALTCHA, served by this site): the
 * visitor ticks the box and their browser solves the server's challenge in a moment; the solution
 * goes with the start. The widget's script is loaded only here, when the start page is shown.
 */
export function Captcha({
  onSolved,
  error,
}: {
  /** The solution to send with the start, or null while there is none (not ticked, expired). */
  onSolved: (payload: string | null) => void;
  error?: string;
}) {
  const widget = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void import('./load-altcha')
      .then(({ loadAltcha }) => loadAltcha())
      .then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      onSolved(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, [loaded, onSolved]);

  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`} id="captcha">
      <fieldset className="fieldset" aria-describedby={`captcha-hint${error ? ' captcha-error' : ''}`}>
        <legend className="legend">Check you are a person</legend>
        <p className="hint" id="captcha-hint">
          Tick the box. Your browser then does a short calculation that keeps automated programs out. Nothing
          is sent to anyone else.
        </p>
        {error && (
          <p className="error-message" id="captcha-error">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        {loaded ? (
          createElement('altcha-widget', {
            ref: widget,
            challenge: `${BEREAVEMENT_API_PREFIX}/captcha-challenge`,
            name: 'captcha',
          })
        ) : (
          <p>Loading the check...</p>
        )}
      </fieldset>
    </div>
  );
}
