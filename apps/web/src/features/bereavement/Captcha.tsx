import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import {
  BEREAVEMENT_API_PREFIX,
  type BereavementCaptchaChallenge,
  type ProviderCaptcha,
} from '@meridian/contracts';
import { http } from '../../lib/api';
import { useContent } from '../content';
import { loadProvider } from './load-provider';

/** The widget's state as its `statechange` event tells it, with the payload once it is verified. */
type StateChange = CustomEvent<{ state: string; payload?: string }>;

const CHALLENGE_URL = `${BEREAVEMENT_API_PREFIX}/captcha-challenge`;

/** Who runs each provider's check, for the words above it. */
const PROVIDER_NAMES = { recaptcha: 'Google (reCAPTCHA)', turnstile: 'Cloudflare (Turnstile)' } as const;

/** What the server's captcha read says to draw: ALTCHA's own widget, or the configured provider's. */
export const captchaChoice = (answer: BereavementCaptchaChallenge): ProviderCaptcha | 'altcha' =>
  'provider' in answer ? answer : 'altcha';

/** What the error summary says when the check cannot be shown. */
export const CAPTCHA_UNAVAILABLE =
  'We could not load the check that you are a person. Reload the page to try again, or call us';

type Choice = ProviderCaptcha | 'altcha' | 'failed' | null;

interface CaptchaProps {
  /** The solution or token to send with the start, or null while there is none (not ticked, expired). */
  onSolved: (payload: string | null) => void;
  /** The check could not be shown (its read or the provider's script failed): the page says so. */
  onUnavailable: (message: string) => void;
  error?: string;
}

/**
 * The check before a report of a death starts. The server's captcha read says which: ALTCHA (served
 * by this site), whose widget solves a proof of work in the visitor's browser, or reCAPTCHA or
 * Turnstile, whose script is loaded from the provider and whose token goes with the start. If the check
 * cannot be shown, the visitor is told to reload or to call, with the scheme's number.
 */
export function Captcha({ onSolved, onUnavailable, error }: CaptchaProps) {
  const [choice, setChoice] = useState<Choice>(null);
  useEffect(() => {
    let live = true;
    http.get<BereavementCaptchaChallenge>(CHALLENGE_URL).then(
      (answer) => live && setChoice(captchaChoice(answer)),
      () => live && setChoice('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (choice === 'failed') onUnavailable(CAPTCHA_UNAVAILABLE);
  }, [choice, onUnavailable]);
  const failed = useCallback(() => setChoice('failed'), []);

  const hint =
    choice === null || choice === 'failed'
      ? null
      : choice === 'altcha'
        ? 'Tick the box. Your browser then does a short calculation that keeps automated programs out. Nothing is sent to anyone else.'
        : `Complete the check below. It keeps automated programs out, and is run by ${PROVIDER_NAMES[choice.provider]}, which sees details of your browser to do it.`;
  const describedBy = [hint && 'captcha-hint', error && 'captcha-error'].filter(Boolean).join(' ');
  return (
    <div className={`form-group${error ? ' form-group--error' : ''}`} id="captcha">
      <fieldset className="fieldset" aria-describedby={describedBy || undefined}>
        <legend className="legend">Check you are a person</legend>
        {hint && (
          <p className="hint" id="captcha-hint">
            {hint}
          </p>
        )}
        {error && (
          <p className="error-message" id="captcha-error">
            <span className="visually-hidden">Error:</span> {error}
          </p>
        )}
        {choice === null && <p>Loading the check...</p>}
        {choice === 'failed' && <PhoneInstead />}
        {choice === 'altcha' && <AltchaWidget onSolved={onSolved} />}
        {choice !== null && typeof choice === 'object' && (
          <ProviderWidget widget={choice} onSolved={onSolved} onFailed={failed} />
        )}
      </fieldset>
    </div>
  );
}

/** In place of a check that could not be shown: the scheme's phone line (the tenant's `helpline`). */
function PhoneInstead() {
  const { labels } = useContent();
  return (
    <p id="captcha-phone">
      You can also tell us about the death by phone. {labels.helpline ?? 'Call the scheme.'}
    </p>
  );
}

/** ALTCHA's widget: the visitor ticks the box and their browser solves the server's challenge. */
function AltchaWidget({ onSolved }: { onSolved: (payload: string | null) => void }) {
  const widget = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void import('./load-altcha').then(({ loadAltcha }) => loadAltcha()).then(() => live && setLoaded(true));
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
  return loaded ? (
    createElement('altcha-widget', { ref: widget, challenge: CHALLENGE_URL, name: 'captcha' })
  ) : (
    <p>Loading the check...</p>
  );
}

/** reCAPTCHA's or Turnstile's widget, drawn by its own script into this element with the site key. */
function ProviderWidget({
  widget,
  onSolved,
  onFailed,
}: {
  widget: ProviderCaptcha;
  onSolved: (token: string | null) => void;
  onFailed: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    let drawn: { remove: () => void } | null = null;
    loadProvider(widget).then(
      (api) => {
        if (!live || !container.current) return;
        const id = api.render(container.current, {
          sitekey: widget.siteKey,
          callback: (token) => onSolved(token),
          'expired-callback': () => onSolved(null),
          'error-callback': () => onSolved(null),
        });
        drawn = { remove: () => api.remove?.(id) };
        setReady(true);
      },
      () => live && onFailed(),
    );
    return () => {
      live = false;
      drawn?.remove();
    };
  }, [widget, onSolved, onFailed]);
  return (
    <>
      {!ready && <p>Loading the check...</p>}
      <div ref={container} />
    </>
  );
}
