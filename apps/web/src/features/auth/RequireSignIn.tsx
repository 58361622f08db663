import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { rememberNextUrl, twoStepSetupDue, useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';

/**
 * Sends a signed-out visitor to sign in, remembering where they wanted to go (the deeplink). A member
 * whose scheme requires two-step verification, and who has not set it up, is taken to set it up first.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const { routes } = useTenant();
  const location = useLocation();
  if (signedIn) {
    if (twoStepSetupDue.read() && location.pathname !== webAppPaths.twoStepSetup)
      return <Navigate to={webAppPaths.twoStepSetup} replace />;
    return children;
  }
  rememberNextUrl(`${location.pathname}${location.search}`);
  return <Navigate to={routes.postLogout} replace />;
}
