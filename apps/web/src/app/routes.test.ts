import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isWebAppPath } from '@meridian/contracts';
import { buildRoutes } from './router';
import { defaultRoutes, resolveRoutes } from '../lib/routes';

describe('fixed routes', () => {
  it('has the spec defaults', () => {
    expect(resolveRoutes()).toEqual({
      logout: '/sa/logout',
      postLogout: '/login',
      error: '/error',
      signInHolding: '/sa/sign-in/holding',
      registerHolding: '/sa/register/holding',
      landing: '/hub',
      myRequests: '/my-requests',
      deeplink: '/deeplink',
    });
    expect(resolveRoutes({})).toEqual(defaultRoutes);
  });

  it('lets a tenant override any route with a path', () => {
    const routes = resolveRoutes({ landing: '/home', postLogout: '/sign-in', error: '/problem' });
    expect(routes).toMatchObject({
      landing: '/home',
      postLogout: '/sign-in',
      error: '/problem',
      deeplink: '/deeplink',
    });
  });

  it('ignores overrides that are not plain paths, and names it does not know', () => {
    const routes = resolveRoutes({
      landing: 'home',
      error: '//evil.example',
      logout: 'https://evil.example/',
      deeplink: '/deep link',
      signInHolding: '/x?y=1',
      toString: '/x',
      somethingElse: '/x',
    });
    expect(routes).toEqual(defaultRoutes);
  });
});

describe('pages the server knows', () => {
  const pathsOf = (routes: RouteObject[]): string[] =>
    routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);

  it('every page the router draws itself is one the server answers 200 for (webAppPaths)', () => {
    const routes = resolveRoutes({ landing: '/start' });
    const own = pathsOf(buildRoutes(routes)).filter((path) => path !== '*');
    const unknown = own.filter((path) => !isWebAppPath(path, { routes, siteSearch: true }));
    expect(unknown, 'add these to webAppPaths in packages/contracts/src/web-routes.ts').toEqual([]);
    expect(own).toContain('/start');
  });

  it('a page it does not draw, and search where the tenant has none, are not among them', () => {
    const routes = resolveRoutes();
    expect(isWebAppPath('/no-such-page', { routes, siteSearch: true })).toBe(false);
    expect(isWebAppPath('/Search/', { routes, siteSearch: true })).toBe(true);
    expect(isWebAppPath('/search', { routes, siteSearch: false })).toBe(false);
  });
});
