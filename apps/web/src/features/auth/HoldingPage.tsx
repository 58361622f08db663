import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberNextUrl, useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { completeSingleAuth, useSingleAuth } from '../single-auth';

/**
 * Single-auth holding pages: the OpenID Connect sign-in returns here and runs its post-authentication
 * tasks, then goes on to the page the member asked for. An error from the provider signs out.
 */
export function HoldingPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const client = useSingleAuth();
  const { signInWithToken } = useAuth();
  const { routes } = useTenant();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    // Wait for the OpenID client's library (undefined while it loads).
    if (client === undefined || started.current) return;
    started.current = true;
    const returnedTo = new URL(`${pathname}${search}`, window.location.origin).href;
    void completeSingleAuth(client, returnedTo, signInWithToken).then((outcome) => {
      if (outcome.kind === 'signed-in' && outcome.returnTo) rememberNextUrl(outcome.returnTo);
      const next = { 'signed-in': routes.deeplink, refused: routes.logout, failed: routes.error }[
        outcome.kind
      ];
      void navigate(next, { replace: true });
    });
  }, [client, signInWithToken, navigate, routes, pathname, search]);

  return (
    <>
      <h1>{title}</h1>
      <PageLoading />
    </>
  );
}
