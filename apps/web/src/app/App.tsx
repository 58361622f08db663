import { useCallback } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { Layout } from '../components/Layout';
import { DeeplinkPage } from '../features/auth/DeeplinkPage';
import { HoldingPage } from '../features/auth/HoldingPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ContentPage } from '../features/content/ContentPage';
import { ErrorPage } from '../features/errors/ErrorPage';
import { HubPage } from '../features/hub/HubPage';
import { AuthProvider } from './auth';
import { PageLoadingProvider } from './page-loading';
import { useTenant } from './tenant';

export function App() {
  const { routes } = useTenant();
  const navigate = useNavigate();
  const onSignedOut = useCallback(
    (reason?: 'timeout') => navigate(`${routes.postLogout}?reason=${reason ?? 'signedOut'}`, { replace: true }),
    [navigate, routes.postLogout],
  );
  return (
    <PageLoadingProvider>
      <AuthProvider onSignedOut={onSignedOut}>
        <Routes>
          <Route element={<Layout />}>
            <Route path={routes.postLogout} element={<LoginPage />} />
            <Route path={routes.error} element={<ErrorPage />} />
            <Route path={routes.deeplink} element={<DeeplinkPage />} />
            <Route path={routes.signInHolding} element={<HoldingPage title="Signing you in" />} />
            <Route path={routes.registerHolding} element={<HoldingPage title="Setting up your account" />} />
            <Route path={routes.logout} element={<LoginPage />} />
            <Route
              path={routes.landing}
              element={
                <RequireSignIn>
                  <HubPage />
                </RequireSignIn>
              }
            />
            <Route path="*" element={<ContentPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </PageLoadingProvider>
  );
}
