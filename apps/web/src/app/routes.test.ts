import { describe, expect, it } from 'vitest';
import { defaultRoutes, resolveRoutes } from './routes';

describe('fixed routes', () => {
  it('has the spec defaults', () => {
    expect(resolveRoutes()).toEqual({
      logout: '/sa/logout',
      postLogout: '/login',
      error: '/error',
      signInHolding: '/sa/sign-in/holding',
      registerHolding: '/sa/register/holding',
      landing: '/hub',
      deeplink: '/deeplink',
    });
    expect(resolveRoutes({})).toEqual(defaultRoutes);
  });

  it('lets a tenant override any route with a path', () => {
    const routes = resolveRoutes({ landing: '/home', postLogout: '/sign-in', error: '/problem' });
    expect(routes).toMatchObject({ landing: '/home', postLogout: '/sign-in', error: '/problem', deeplink: '/deeplink' });
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
