/**
 * The spec's fixed routes. A tenant may move any of them through the `routes` record of its content
 * (for example `{ "landing": "/home" }`); an override that is not a plain absolute path is ignored.
 */
export const defaultRoutes = {
  /** Signing out (single auth). */
  logout: '/sa/logout',
  /** Where a member lands after signing out or cancelling; the sign-in page. */
  postLogout: '/login',
  error: '/error',
  signInHolding: '/sa/sign-in/holding',
  registerHolding: '/sa/register/holding',
  /** The signed-in landing page. */
  landing: '/hub',
  /** The member's requests (cases and journeys under way), a content page the web links to. */
  myRequests: '/my-requests',
  /** Returns a member to the page they asked for before signing in. */
  deeplink: '/deeplink',
} as const;

export type RouteName = keyof typeof defaultRoutes;
export type FixedRoutes = Record<RouteName, string>;

/** `/something`: one leading slash (not `//host`), no spaces, query or fragment. */
const plainPath = /^\/(?!\/)[^\s?#\\]*$/;

export const isRouteName = (name: string): name is RouteName => Object.hasOwn(defaultRoutes, name);

export function resolveRoutes(overrides: Record<string, string> = {}): FixedRoutes {
  const routes: FixedRoutes = { ...defaultRoutes };
  for (const [name, path] of Object.entries(overrides)) {
    if (isRouteName(name) && typeof path === 'string' && plainPath.test(path)) routes[name] = path;
  }
  return routes;
}

/** Pages the web app draws itself, whatever the content holds (besides the fixed routes). */
export const webAppPaths = {
  home: '/',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/forgot-password/reset',
  forgotUsername: '/forgot-username',
  search: '/search',
  searchFrench: '/recherche',
  singleAuthStart: '/sa/sign-in',
  pensionPayments: '/pension-payments',
  /** One payment's payslip: `?payment=` its id. */
  pensionPayslip: '/pension-payments/payslip',
  myDetails: '/my-details',
  changeEmail: '/my-details/email',
  changeMobile: '/my-details/mobile',
  changeAddress: '/my-details/address',
  contactPreferences: '/my-details/contact-preferences',
  signInSecurity: '/my-details/security',
  changePassword: '/my-details/security/password',
  twoStepSetup: '/my-details/security/two-step',
  twoStepOff: '/my-details/security/two-step/off',
  recoveryCodes: '/my-details/security/recovery-codes',
  addPasskey: '/my-details/security/passkeys/add',
  /** One passkey's: `?passkey=` its id. */
  renamePasskey: '/my-details/security/passkeys/rename',
  /** One passkey's: `?passkey=` its id. */
  removePasskey: '/my-details/security/passkeys/remove',
  bankDetails: '/my-details/bank',
  cancelBankChange: '/my-details/bank/cancel',
  documents: '/documents',
  uploadDocuments: '/documents/upload',
  beneficiaries: '/beneficiaries',
  changeBeneficiaries: '/beneficiaries/change',
  contactUs: '/contact-us',
  cookies: '/cookies',
  dcOptions: '/retirement/dc-options',
  dcCompare: '/retirement/dc-options/compare',
  dcChoose: '/retirement/dc-options/choose',
  targetAge: '/my-pension/target-age',
  annualStatement: '/my-pension/annual-statement',
  transferValue: '/transfer',
} as const;

/** The scheme staff's operations console: a route tree of its own, every path under it the console's. */
export const CONSOLE_PATH = '/admin';

/** Pages that exist only where the tenant offers site search. */
export const searchPaths: readonly string[] = [webAppPaths.search, webAppPaths.searchFrench];

/** A path as the router matches it: lower case, without a trailing slash (except the root). */
export function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0]!.toLowerCase();
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Whether the web app has a page of its own at this path for a tenant with these route overrides and
 * search switch (content pages aside).
 */
export function isWebAppPath(
  pathname: string,
  { routes, siteSearch }: { routes: Record<string, string>; siteSearch: boolean },
): boolean {
  const path = normalisePath(pathname);
  if (!siteSearch && searchPaths.includes(path)) return false;
  if (path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`)) return true;
  const known = [...Object.values(webAppPaths), ...Object.values(resolveRoutes(routes))];
  return known.some((candidate) => normalisePath(candidate) === path);
}
