import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberNextUrl, useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';

/** Sends a signed-out visitor to sign in, remembering where they wanted to go (the deeplink). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn } = useAuth();
  const { routes } = useTenant();
  const location = useLocation();
  if (signedIn) return children;
  rememberNextUrl(`${location.pathname}${location.search}`);
  return <Navigate to={routes.postLogout} replace />;
}
