import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';
import { runtimeConfig } from '../../lib/config';
import { signedInThroughSingleAuth } from '../single-auth';
import { requestLookupCode } from './api';
import { outboundSsoAddress, outboundTarget, relayStateFor } from './outbound-link';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

/** A link to the other member site the member has followed, waiting for them to confirm they are leaving. */
export interface PendingLeave {
  target: URL;
  trigger: HTMLAnchorElement;
}

/**
 * While a member is signed in, any link to the other member site (menus, footers, content) first asks
 * them to confirm they are leaving, then signs them in there. A member who signed in with a password is
 * signed out here first, as the other site takes over; any failure follows the plain link instead.
 */
export function useOutboundSsoLinks() {
  const { tenant, routes } = useTenant();
  const { signedIn, signOutAndLeave } = useAuth();
  const outboundSsoUrl = tenant.outboundSsoUrl;
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const [keepsSession, setKeepsSession] = useState(false);

  useEffect(() => {
    let current = true;
    if (pending)
      void signedInThroughSingleAuth(tenant, routes).then((kept) => current && setKeepsSession(kept));
    return () => {
      current = false;
    };
  }, [pending, tenant, routes]);

  useEffect(() => {
    if (!signedIn || !outboundSsoUrl) return;
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const target = outboundTarget(anchor.href, runtimeConfig.epaDomain, window.location);
      if (!target) return;
      event.preventDefault();
      setPending({ target, trigger: anchor });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [signedIn, outboundSsoUrl]);

  const leave = useCallback(async () => {
    if (!pending || !outboundSsoUrl) return;
    const { target } = pending;
    let address: string;
    try {
      const lookupCode = await requestLookupCode();
      address = outboundSsoAddress(outboundSsoUrl, relayStateFor(target), lookupCode, window.location);
    } catch (error) {
      console.warn('Outbound sign-in failed; following the plain link', error);
      window.location.assign(target.href);
      return;
    }
    if (await signedInThroughSingleAuth(tenant, routes)) window.location.assign(address);
    else await signOutAndLeave(address);
  }, [pending, outboundSsoUrl, tenant, routes, signOutAndLeave]);

  const stay = useCallback(() => setPending(null), []);
  return { pending, leave, stay, signsOut: !keepsSession };
}
