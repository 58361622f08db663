import { useEffect, useId, useRef, useState } from 'react';
import { useTenant } from '../../lib/tenant';
import { useOutboundSsoLinks } from './useOutboundSsoLinks';

/**
 * Asks a signed-in member following a link to the other member site to confirm they are leaving (and,
 * after a password sign-in, being signed out here), then takes them there. Staying closes the dialog and
 * returns focus to the link.
 */
export function LeaveSiteDialog() {
  const { tenant } = useTenant();
  const { pending, leave, stay, signsOut } = useOutboundSsoLinks();
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!pending || !element || element.open) return;
    element.showModal();
    heading.current?.focus();
  }, [pending]);

  if (!pending) return null;
  const closed = () => {
    const trigger = pending.trigger;
    setLeaving(false);
    stay();
    trigger.focus();
  };
  const go = () => {
    setLeaving(true);
    void leave();
  };
  return (
    <dialog ref={dialog} className="content-modal" aria-labelledby={titleId} onClose={closed}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        You are leaving {tenant.tenantName}
      </h2>
      <p>
        The page you chose is on the Member website at {pending.target.hostname}, a separate site run by your
        scheme administrator. We will sign you in there.
      </p>
      {signsOut && <p>You will be signed out of this site. Sign in again to come back.</p>}
      <div className="button-group">
        <button type="button" className="button" onClick={go} disabled={leaving}>
          {leaving ? 'Taking you there…' : 'Continue to the Member website'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          Stay on this site
        </button>
      </div>
    </dialog>
  );
}
