import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { peekNextUrl } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { beginSingleAuthSignIn, INIT_FAILED } from './client';
import { useSingleAuth } from './useSingleAuth';

/** Leaves for the tenant's issuer to sign in, carrying the page the member asked for as state. */
export function SingleAuthStartPage() {
  useDocumentTitle('Signing you in');
  const client = useSingleAuth();
  const { routes } = useTenant();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (!client || started.current) return;
    started.current = true;
    beginSingleAuthSignIn(client, peekNextUrl()).catch((error: unknown) => {
      console.error(INIT_FAILED, error);
      void navigate(routes.postLogout, { replace: true });
    });
  }, [client, navigate, routes.postLogout]);

  if (client === null) return <Navigate to={routes.postLogout} replace />;
  return (
    <>
      <h1>Signing you in</h1>
      <PageLoading />
    </>
  );
}
