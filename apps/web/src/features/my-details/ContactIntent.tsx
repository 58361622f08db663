import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { telephoneIntentSchema } from '@meridian/contracts';
import { useAuth } from '../../lib/auth';
import { detailsApi } from '../../lib/details-api';

/** Where a member opened Contact us from, passed in the link's state by a page or journey. */
export interface ContactOrigin {
  pageUrl: string;
  journeyType?: string;
  stage?: string;
}

/** The previous page on this site: the link's state when given, else the referrer when same-origin. */
function originOf(state: unknown): ContactOrigin | null {
  const given = (state as { contactOrigin?: ContactOrigin } | null)?.contactOrigin;
  if (given) return given;
  if (!document.referrer) return null;
  const referrer = new URL(document.referrer);
  return referrer.origin === window.location.origin ? { pageUrl: referrer.pathname } : null;
}

/** On Contact us, tells the scheme why a signed-in member may be about to call (nothing is shown). */
export function ContactIntent() {
  const { signedIn } = useAuth();
  const { state } = useLocation();
  const sent = useRef(false);
  useEffect(() => {
    if (!signedIn || sent.current) return;
    sent.current = true;
    const parsed = telephoneIntentSchema.safeParse(originOf(state) ?? { pageUrl: window.location.pathname });
    if (parsed.success) void detailsApi.telephoneIntent(parsed.data).catch(() => undefined);
  }, [signedIn, state]);
  return null;
}
