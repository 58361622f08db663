import { describe, expect, it } from 'vitest';
import { defaultRoutes, resolveRoutes } from './fixed-routes';

describe('fixed routes', () => {
  it('uses the spec defaults and lets a tenant override a route with a path', () => {
    expect(resolveRoutes()).toEqual(defaultRoutes);
    const routes = resolveRoutes({ landing: '/home', error: 'not-a-path' });
    expect(routes.landing).toBe('/home');
    expect(routes.error).toBe('/error');
  });
});
