/** The spec's fixed routes (section 2); a tenant may override any of them. */
export const defaultRoutes = {
  logout: '/sa/logout',
  postLogout: '/login',
  error: '/error',
  signInHolding: '/sa/sign-in/holding',
  registerHolding: '/sa/register/holding',
  landing: '/hub',
  deeplink: '/deeplink',
} as const;

export type RouteName = keyof typeof defaultRoutes;
export type FixedRoutes = Record<RouteName, string>;

export function resolveRoutes(overrides: Record<string, string> = {}): FixedRoutes {
  const routes = { ...defaultRoutes } as FixedRoutes;
  for (const name of Object.keys(defaultRoutes) as RouteName[]) {
    const override = overrides[name];
    if (override?.startsWith('/')) routes[name] = override;
  }
  return routes;
}
