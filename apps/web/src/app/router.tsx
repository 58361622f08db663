import { useCallback, type ReactElement } from 'react';
import { flushSync as reactFlushSync } from 'react-dom';
import {
  createBrowserRouter,
  replace,
  RouterProvider,
  useNavigate,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { CONSOLE_PATH, webAppPaths } from '@meridian/contracts';
import { readCookie } from '../lib/cookies';
import { Layout } from './Layout';
import { PageLoading } from '../components/PageLoading';
import { AnalyticsTracker } from '../features/analytics/AnalyticsTracker';
import { DeeplinkPage } from '../features/auth/DeeplinkPage';
import { HoldingPage } from '../features/auth/HoldingPage';
import { LoginPage } from '../features/auth/LoginPage';
import { LogoutPage } from '../features/auth/LogoutPage';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { ContentPage } from '../features/content/ContentPage';
import { contentPageLoader } from '../features/content/content-loader';
import { ErrorPage } from '../features/errors/ErrorPage';
import { RootErrorBoundary, RouteErrorBoundary } from '../features/errors/RouteErrorBoundary';
import { HubPage } from '../features/hub/HubPage';
import { prefetchHubReads } from '../features/hub/hub-reads';
import { SINGLE_AUTH_START_PATH } from '../features/single-auth/SingleAuthSignInLink';
import { AuthProvider } from './auth';
import type { FixedRoutes } from '../lib/routes';
import { useTenant } from '../lib/tenant';

/** Everything that needs the router (navigation on sign-out) wraps the page frame here. */
function RootLayout() {
  const { routes } = useTenant();
  const navigate = useNavigate();
  const onSignedOut = useCallback(
    (reason?: 'timeout') => {
      void navigate(`${routes.postLogout}?reason=${reason ?? 'signedOut'}`, {
        replace: true,
        flushSync: true,
        // The session has ended: a page holding unsaved changes cannot keep the member there.
        state: { signedOut: true },
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

/**
 * A route whose page is fetched when the route is first visited, so that its code (and the libraries
 * only it needs) stays out of the scripts the sign-in page and the hub load before they render.
 */
function lazyPage<Module>(
  load: () => Promise<Module>,
  render: (module: Module) => ReactElement,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

const myDetails = () => import('../features/my-details/pages');
const account = () => import('../features/account');
const searchPage = lazyPage(
  () => import('../features/search/SearchPage'),
  (m) => <m.SearchPage />,
);

/** The route tree for a tenant's (possibly overridden) fixed routes; every other path is a content page. */
export function buildRoutes(routes: FixedRoutes): RouteObject[] {
  const contentData = {
    loader: contentPageLoader(routes.error),
    // Rendered in the main content while the page's content request is pending on first load.
    hydrateFallbackElement: <PageLoading />,
  };
  // A lazy route's element must not be set statically too: react-router would keep the static one.
  const contentRoute = { ...contentData, element: <ContentPage /> };
  /** A signed-in page's data: nothing is asked for a visitor, whom RequireSignIn sends to sign in. */
  const signedInData = (load: (args: LoaderFunctionArgs) => unknown) => ({
    ...contentData,
    loader: (args: LoaderFunctionArgs) => (readCookie('accessToken') ? load(args) : null),
  });
  return [
    // The scheme staff's console: a route tree of its own (no member frame), in a chunk members never load.
    {
      path: `${CONSOLE_PATH}/*`,
      ...lazyPage(
        () => import('../features/console'),
        (m) => <m.ConsoleApp />,
      ),
    },
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
            {
              path: webAppPaths.register,
              ...lazyPage(
                () => import('../features/registration/RegisterPage'),
                (m) => <m.RegisterPage />,
              ),
            },
            ...(
              [
                [webAppPaths.forgotPassword, () => account().then((m) => m.ForgotPasswordPage)],
                [webAppPaths.resetPassword, () => account().then((m) => m.ResetPasswordPage)],
                [webAppPaths.forgotUsername, () => account().then((m) => m.ForgotUsernamePage)],
              ] as const
            ).map(([path, load]) => ({ path, ...lazyPage(load, (Page) => <Page />) })),
            { path: webAppPaths.search, ...searchPage },
            { path: webAppPaths.searchFrench, ...searchPage },
            // Not lazy: it only redirects, and a chunk to fetch first would hold the hub's reads back.
            { path: routes.deeplink, element: <DeeplinkPage /> },
            {
              path: SINGLE_AUTH_START_PATH,
              ...lazyPage(
                () => import('../features/single-auth/SingleAuthStartPage'),
                (m) => <m.SingleAuthStartPage />,
              ),
            },
            { path: routes.signInHolding, element: <HoldingPage title="Signing you in" /> },
            { path: routes.registerHolding, element: <HoldingPage title="Setting up your account" /> },
            {
              path: routes.landing,
              ...signedInData((args) => {
                void prefetchHubReads();
                return contentData.loader(args);
              }),
              element: (
                <RequireSignIn>
                  <HubPage />
                </RequireSignIn>
              ),
            },
            {
              path: webAppPaths.pensionPayments,
              ...lazyPage(
                () => import('../features/payments/PensionPaymentsPage'),
                (m) => (
                  <RequireSignIn>
                    <m.PensionPaymentsPage />
                  </RequireSignIn>
                ),
              ),
            },
            {
              path: webAppPaths.targetAge,
              ...lazyPage(
                () => import('../features/dc-options/TargetAgePage'),
                (m) => (
                  <RequireSignIn>
                    <m.TargetAgePage />
                  </RequireSignIn>
                ),
              ),
            },
            {
              path: webAppPaths.annualStatement,
              ...lazyPage(
                () => import('../features/statements/AnnualStatementPage'),
                (m) => (
                  <RequireSignIn>
                    <m.AnnualStatementPage />
                  </RequireSignIn>
                ),
              ),
            },
            {
              path: webAppPaths.pensionPayslip,
              ...lazyPage(
                () => import('../features/payments/PayslipPage'),
                (m) => (
                  <RequireSignIn>
                    <m.PayslipPage />
                  </RequireSignIn>
                ),
              ),
            },
            {
              path: webAppPaths.myDetails,
              ...signedInData(contentData.loader),
              ...lazyPage(myDetails, (m) => (
                <RequireSignIn>
                  <ContentPage />
                  <m.YourDetails />
                </RequireSignIn>
              )),
            },
            ...(
              [
                [webAppPaths.changeEmail, () => myDetails().then((m) => m.ChangeEmailPage)],
                [webAppPaths.changeMobile, () => myDetails().then((m) => m.ChangeMobilePage)],
                [webAppPaths.changeAddress, () => myDetails().then((m) => m.ChangeAddressPage)],
                [webAppPaths.contactPreferences, () => myDetails().then((m) => m.ContactPreferencesPage)],
                [webAppPaths.signInSecurity, () => account().then((m) => m.SignInSecurityPage)],
                [webAppPaths.changePassword, () => account().then((m) => m.ChangePasswordPage)],
                [webAppPaths.twoStepSetup, () => account().then((m) => m.TwoStepSetupPage)],
                [webAppPaths.twoStepOff, () => account().then((m) => m.TwoStepOffPage)],
                [webAppPaths.recoveryCodes, () => account().then((m) => m.RecoveryCodesPage)],
                [webAppPaths.addPasskey, () => account().then((m) => m.AddPasskeyPage)],
                [webAppPaths.renamePasskey, () => account().then((m) => m.RenamePasskeyPage)],
                [webAppPaths.removePasskey, () => account().then((m) => m.RemovePasskeyPage)],
                [webAppPaths.bankDetails, () => myDetails().then((m) => m.BankDetailsPage)],
                [webAppPaths.cancelBankChange, () => myDetails().then((m) => m.CancelBankChangePage)],
                [
                  webAppPaths.documents,
                  () => import('../features/documents/DocumentsPage').then((m) => m.DocumentsPage),
                ],
                [
                  webAppPaths.uploadDocuments,
                  () => import('../features/documents/UploadPage').then((m) => m.UploadPage),
                ],
                [
                  webAppPaths.beneficiaries,
                  () =>
                    import('../features/beneficiaries/BeneficiariesPage').then((m) => m.BeneficiariesPage),
                ],
                [
                  webAppPaths.changeBeneficiaries,
                  () => import('../features/beneficiaries/NominationWizard').then((m) => m.NominationWizard),
                ],
                [
                  webAppPaths.dcOptions,
                  () => import('../features/dc-options/DcExplorePage').then((m) => m.DcExplorePage),
                ],
                [
                  webAppPaths.dcCompare,
                  () => import('../features/dc-options/DcComparePage').then((m) => m.DcComparePage),
                ],
                [
                  webAppPaths.dcChoose,
                  () => import('../features/dc-options/DcChoosePage').then((m) => m.DcChoosePage),
                ],
                [
                  webAppPaths.transferValue,
                  () =>
                    import('../features/transfer-value/TransferValuePage').then((m) => m.TransferValuePage),
                ],
              ] as const
            ).map(([path, load]) => ({
              path,
              ...lazyPage(load, (Page) => (
                <RequireSignIn>
                  <Page />
                </RequireSignIn>
              )),
            })),
            {
              path: webAppPaths.contactUs,
              ...contentData,
              ...lazyPage(myDetails, (m) => (
                <>
                  <ContentPage />
                  <m.ContactIntent />
                </>
              )),
            },
            {
              path: webAppPaths.cookies,
              ...contentData,
              ...lazyPage(
                () => import('../features/site/CookieSettings'),
                (m) => (
                  <>
                    <ContentPage />
                    <m.CookieSettings />
                  </>
                ),
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
