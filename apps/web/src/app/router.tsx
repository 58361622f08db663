import { useCallback } from 'react';
import { flushSync as reactFlushSync } from 'react-dom';
import {
  createBrowserRouter,
  replace,
  RouterProvider,
  useNavigate,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { readCookie } from '../lib/cookies';
import { Layout } from '../components/Layout';
import { PageLoading } from '../components/PageLoading';
import { AnalyticsTracker } from '../features/analytics/AnalyticsTracker';
import { DeeplinkPage } from '../features/auth/DeeplinkPage';
import { HoldingPage } from '../features/auth/HoldingPage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { BeneficiariesPage } from '../features/beneficiaries/BeneficiariesPage';
import { NominationWizard } from '../features/beneficiaries/NominationWizard';
import { ContentPage } from '../features/content/ContentPage';
import { DocumentsPage } from '../features/documents/DocumentsPage';
import { UploadPage } from '../features/documents/UploadPage';
import { contentPageLoader } from '../features/content/content-loader';
import { ErrorPage } from '../features/errors/ErrorPage';
import { RootErrorBoundary, RouteErrorBoundary } from '../features/errors/RouteErrorBoundary';
import { HubPage } from '../features/hub/HubPage';
import { PensionPaymentsPage } from '../features/payments/PensionPaymentsPage';
import { BankDetailsPage } from '../features/my-details/BankDetailsPage';
import { ChangeEmailPage, ChangeMobilePage } from '../features/my-details/ContactChangePages';
import { ContactIntent } from '../features/my-details/ContactIntent';
import { ChangeAddressPage, ContactPreferencesPage } from '../features/my-details/SettingsPages';
import { YourDetails } from '../features/my-details/YourDetails';
import { RegisterPage } from '../features/registration/RegisterPage';
import { SearchPage } from '../features/search/SearchPage';
import { CookieSettings } from '../features/site/CookieSettings';
import { SINGLE_AUTH_START_PATH } from '../features/single-auth/SingleAuthSignInLink';
import { SingleAuthStartPage } from '../features/single-auth/SingleAuthStartPage';
import { AuthProvider } from './auth';
import type { FixedRoutes } from './routes';
import { useTenant } from './tenant';

/** Everything that needs the router (navigation on sign-out) wraps the page frame here. */
function RootLayout() {
  const { routes } = useTenant();
  const navigate = useNavigate();
  const onSignedOut = useCallback(
    (reason?: 'timeout') => {
      void navigate(`${routes.postLogout}?reason=${reason ?? 'signedOut'}`, {
        replace: true,
        flushSync: true,
      });
    },
    [navigate, routes.postLogout],
  );
  return (
    <AuthProvider onSignedOut={onSignedOut}>
      <Layout />
      <AnalyticsTracker />
    </AuthProvider>
  );
}

/** The route tree for a tenant's (possibly overridden) fixed routes; every other path is a content page. */
export function buildRoutes(routes: FixedRoutes): RouteObject[] {
  const contentRoute = {
    loader: contentPageLoader(routes.error),
    element: <ContentPage />,
    // Rendered in the main content while the page's content request is pending on first load.
    hydrateFallbackElement: <PageLoading />,
  };
  return [
    {
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      children: [
        {
          errorElement: <RouteErrorBoundary />,
          children: [
            { path: routes.postLogout, element: <LoginPage /> },
            { path: routes.logout, element: <LogoutPage /> },
            { path: routes.error, element: <ErrorPage /> },
            { path: webAppPaths.register, element: <RegisterPage /> },
            { path: webAppPaths.search, element: <SearchPage /> },
            { path: webAppPaths.searchFrench, element: <SearchPage /> },
            { path: routes.deeplink, element: <DeeplinkPage /> },
            { path: SINGLE_AUTH_START_PATH, element: <SingleAuthStartPage /> },
            { path: routes.signInHolding, element: <HoldingPage title="Signing you in" /> },
            { path: routes.registerHolding, element: <HoldingPage title="Setting up your account" /> },
            {
              path: routes.landing,
              ...contentRoute,
              element: (
                <RequireSignIn>
                  <HubPage />
                </RequireSignIn>
              ),
            },
            {
              path: webAppPaths.pensionPayments,
              element: (
                <RequireSignIn>
                  <PensionPaymentsPage />
                </RequireSignIn>
              ),
            },
            {
              path: webAppPaths.myDetails,
              ...contentRoute,
              element: (
                <RequireSignIn>
                  <ContentPage />
                  <YourDetails />
                </RequireSignIn>
              ),
            },
            ...(
              [
                [webAppPaths.changeEmail, <ChangeEmailPage key="email" />],
                [webAppPaths.changeMobile, <ChangeMobilePage key="mobile" />],
                [webAppPaths.changeAddress, <ChangeAddressPage key="address" />],
                [webAppPaths.contactPreferences, <ContactPreferencesPage key="preferences" />],
                [webAppPaths.bankDetails, <BankDetailsPage key="bank" />],
                [webAppPaths.documents, <DocumentsPage key="documents" />],
                [webAppPaths.uploadDocuments, <UploadPage key="upload" />],
                [webAppPaths.beneficiaries, <BeneficiariesPage key="beneficiaries" />],
                [webAppPaths.changeBeneficiaries, <NominationWizard key="nomination" />],
              ] as const
            ).map(([path, page]) => ({ path, element: <RequireSignIn>{page}</RequireSignIn> })),
            {
              path: webAppPaths.contactUs,
              ...contentRoute,
              element: (
                <>
                  <ContentPage />
                  <ContactIntent />
                </>
              ),
            },
            {
              path: webAppPaths.cookies,
              ...contentRoute,
              element: (
                <>
                  <ContentPage />
                  <CookieSettings />
                </>
              ),
            },
            {
              index: true,
              ...contentRoute,
              // A signed-in member opening the site's address starts from the hub.
              loader: (args: LoaderFunctionArgs) =>
                readCookie('accessToken') ? replace(routes.landing) : contentRoute.loader(args),
            },
            { path: '*', ...contentRoute },
          ],
        },
      ],
    },
  ];
}

/** Lets navigations that ask for it (`flushSync: true`) render at once, as `react-router/dom` would. */
export const flushSync = (update: () => unknown): undefined => {
  reactFlushSync(update);
  return undefined;
};

type BrowserRouter = ReturnType<typeof createBrowserRouter>;
const browserRouters = new WeakMap<FixedRoutes, BrowserRouter>();

/** One router per set of routes: a router listens to history, so a discarded second one would leak. */
function browserRouterFor(routes: FixedRoutes): BrowserRouter {
  let router = browserRouters.get(routes);
  if (!router) {
    router = createBrowserRouter(buildRoutes(routes));
    browserRouters.set(routes, router);
  }
  return router;
}

/** The browser router, built once the tenant (and so its routes) is known. */
export function AppRouter() {
  const { routes } = useTenant();
  const router = browserRouterFor(routes);
  return <RouterProvider router={router} flushSync={flushSync} />;
}
