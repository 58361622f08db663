import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The logout route: signs a signed-in member out (which then goes to the post-logout page). */
export function LogoutPage() {
  const { signedIn, signOut } = useAuth();
  const { routes } = useTenant();
  const started = useRef(false);
  useDocumentTitle('Signing you out');
  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    void signOut();
  }, [signedIn, signOut]);
  if (!signedIn) return <Navigate to={routes.postLogout} replace />;
  return (
    <>
      <h1>Signing you out</h1>
      <PageLoading />
    </>
  );
}
