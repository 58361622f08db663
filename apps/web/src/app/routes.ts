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
