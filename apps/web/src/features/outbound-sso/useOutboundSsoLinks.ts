import { useEffect } from 'react';
import type { UserManager } from 'oidc-client-ts';
import { useAuth } from '../../app/auth';
import { useTenant } from '../../app/tenant';
import { runtimeConfig } from '../../lib/config';
import { useSingleAuth } from '../single-auth/useSingleAuth';
import { requestLookupCode } from './api';
import { outboundSsoAddress, outboundTarget, relayStateFor } from './outbound-link';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);

const signedInThroughSingleAuth = async (client: UserManager | null) =>
  Boolean((await client?.getUser().catch(() => null))?.id_token);

/**
 * While a member is signed in, any link to the other member site (menus, footers, content) signs them
 * in there. A member who signed in with a password is signed out here first, as the other site takes
 * over; any failure follows the plain link instead.
 */
export function useOutboundSsoLinks() {
  const { tenant } = useTenant();
  const { signedIn, signOutAndLeave } = useAuth();
  const singleAuth = useSingleAuth();
  const outboundSsoUrl = tenant.outboundSsoUrl;

  useEffect(() => {
    if (!signedIn || !outboundSsoUrl) return;
    const follow = async (target: URL) => {
      let address: string;
      try {
        const lookupCode = await requestLookupCode();
        address = outboundSsoAddress(outboundSsoUrl, relayStateFor(target), lookupCode, window.location);
      } catch (error) {
        console.warn('Outbound sign-in failed; following the plain link', error);
        window.location.assign(target.href);
        return;
      }
      if (await signedInThroughSingleAuth(singleAuth)) window.location.assign(address);
      else await signOutAndLeave(address);
    };
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const target = outboundTarget(anchor.href, runtimeConfig.epaDomain, window.location);
      if (!target) return;
      event.preventDefault();
      void follow(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [signedIn, outboundSsoUrl, singleAuth, signOutAndLeave]);
}
