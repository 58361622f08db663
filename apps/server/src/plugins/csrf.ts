import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HASHED_ASSETS_PATH } from '../lib/api-paths';
import { AppError } from '../lib/errors';
import { sameText } from '../lib/same-text';
import { secureCookies } from '../lib/secure-cookies';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for calls made server to server, which carry no browser cookies to forge. */
    csrf?: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The OpenAPI security scheme every state-changing operation that checks the token names. */
export const XSRF_SECURITY_SCHEME = 'xsrfToken';
export const xsrfSecurityScheme = {
  type: 'apiKey' as const,
  in: 'header' as const,
  name: 'X-XSRF-TOKEN',
  description: 'The value of the XSRF-TOKEN cookie, echoed on every state-changing call (double submit).',
};
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: every response but a hashed asset makes sure the browser holds an
 * XSRF-TOKEN cookie, and every state-changing call must echo it in the X-XSRF-TOKEN header.
 */
export const csrfProtection = fp(async (app: FastifyInstance) => {
  // The OpenAPI document says which operations need the token (the CSRF suite reads it from there).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => safeMethods.has(method)) || route.config?.csrf === false) return;
    route.schema = {
      ...route.schema,
      security: [...(route.schema?.security ?? []), { [XSRF_SECURITY_SCHEME]: [] }],
    };
  });
  app.addHook('onRequest', (request, reply, done) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    // Not on the web app's hashed files: a year-long immutable answer carrying a cookie is one a
    // shared cache will not keep, and the page and API answers around them set it anyway.
    if (!cookieToken && !request.url.startsWith(HASHED_ASSETS_PATH)) {
      // 122 random bits from Node's pooled generator: a system call per 128 tokens, not per token.
      reply.setCookie(XSRF_COOKIE, randomUUID(), {
        path: '/',
        sameSite: 'strict',
        secure: secureCookies(request),
        httpOnly: false,
      });
    }
    if (safeMethods.has(request.method) || request.routeOptions.config.csrf === false) return done();
    const headerToken = request.headers[XSRF_HEADER];
    if (!cookieToken || typeof headerToken !== 'string' || !sameText(cookieToken, headerToken)) {
      request.log.warn(
        { method: request.method, route: request.routeOptions.url },
        'csrf token missing or mismatched',
      );
      return done(
        new AppError(
          403,
          'csrf_token_invalid',
          'This request could not be checked. Reload the page and try again.',
        ),
      );
    }
    done();
  });
});
