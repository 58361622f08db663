import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-paths';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Gives this response a Content-Security-Policy that also allows inline script and style carrying
     * the returned nonce (fresh for every call), for a page that needs an inline script.
     */
    inlineScriptNonce(): string;
  }
}

export type PolicyDirectives = Record<string, string[] | null>;

/** A nonce slot in the policy worked out at start, filled per page that asks for one. */
const NONCE_SLOT = 'nonce-slot';

/** The headers helmet sets for these options, worked out once rather than by its middleware on every call. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * What an API answer (JSON, or a file to download) needs: nothing it names may load or frame it, no
 * sniffing, no cross-origin reads. Helmet's other headers concern documents a browser renders and
 * runs (DNS prefetch, origin clusters, window openers, old IE and Flash), so the API leaves them out,
 * and two more that would change nothing here: X-Frame-Options, which browsers ignore beside CSP's
 * frame-ancestors, and a Referrer-Policy that restates browsers' own default. Each header costs an
 * answer about 2% of its rate.
 */
const apiResponse = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

interface SecurityHeaderOptions {
  directives: PolicyDirectives;
  /** Where the API answers: paths under these get the API's headers, every other path a document's. */
  apiPrefixes: string[];
}

/**
 * Security headers on every response, worked out once at start. Documents (the app shell, the identity
 * provider's pages, static files) get helmet's headers with a CSP of these directives, no HSTS and a
 * strict referrer policy; a nonce makes browsers ignore 'unsafe-inline', and only a page that asks for
 * a nonce learns one, so every other response carries the policy without nonce or 'unsafe-inline': the
 * same policy in effect. API answers get the short set above.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { directives, apiPrefixes }: SecurityHeaderOptions) => {
    const withNonce = (sources: string[] | null | undefined) => [...(sources ?? []), `'${NONCE_SLOT}'`];
    const headersFor = (policy: PolicyDirectives) =>
      helmetHeaders({
        contentSecurityPolicy: { directives: policy },
        hsts: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      });
    const everyResponse = headersFor({
      ...directives,
      styleSrc: (directives.styleSrc ?? []).filter((source) => source !== "'unsafe-inline'"),
    });
    const policyTemplate = headersFor({
      ...directives,
      scriptSrc: withNonce(directives.scriptSrc),
      styleSrc: withNonce(directives.styleSrc),
    }).find(([name]) => name === 'content-security-policy')![1];

    app.addHook('onRequest', (request, reply, done) => {
      // API answers all go through Fastify's reply. Headers set there alone let Node write them without
      // checking each again (a raw header makes it merge the two sets header by header).
      if (isApiPath(request.url, apiPrefixes)) reply.headers(apiResponse);
      // On the raw response, so that answers written straight to it (the identity provider's) carry them too.
      else for (const [name, value] of everyResponse) reply.raw.setHeader(name, value);
      done();
    });
    app.decorateReply('inlineScriptNonce', function () {
      const nonce = randomBytes(16).toString('hex');
      this.raw.setHeader('content-security-policy', policyTemplate.replaceAll(NONCE_SLOT, `nonce-${nonce}`));
      return nonce;
    });
  },
);
