import { useMemo } from 'react';
import { featureEnabled } from '@meridian/contracts';
import { useLocation, useNavigate } from 'react-router';
import { rememberNextUrl, useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';

/** What a content button with `action: "key:parameter"` runs; the parameter is the part after the colon. */
export type ButtonAction = (parameter?: string) => unknown;
/** Actions by key; null for an action that exists but is not for this reader (its button is left out). */
export type ButtonActions = Readonly<Record<string, ButtonAction | null>>;

/**
 * The actions content buttons can run on a page, for who is reading it: signing in and registering
 * for visitors; signing out and choosing another record for members. `close-dialog-action` is added
 * by the dialog a button sits in.
 */
export function usePageActions(): ButtonActions {
  const { signedIn, signOut } = useAuth();
  const { tenant, routes } = useTenant();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useMemo(
    (): ButtonActions =>
      signedIn
        ? {
            'logout-action': () => signOut(),
            // The record picker is on the landing page (the hub), unless the tenant switched it off.
            'sa-select-linked-record-action': featureEnabled(tenant, 'linkedRecords')
              ? () => navigate(routes.landing)
              : null,
            'login-action': null,
            'register-action': null,
          }
        : {
            'logout-action': null,
            'sa-select-linked-record-action': null,
            'login-action': () => {
              rememberNextUrl(`${pathname}${search}`);
              return navigate(routes.postLogout);
            },
            'register-action': () => navigate('/register'),
          },
    [signedIn, signOut, navigate, tenant, routes, pathname, search],
  );
}
