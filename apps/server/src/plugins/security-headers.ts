import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
 * Helmet's security headers (CSP with these directives, no HSTS, a strict referrer policy) on every
 * response. A nonce makes browsers ignore 'unsafe-inline', and only a page that asks for a nonce
 * learns one, so every other response carries the policy without nonce or 'unsafe-inline': the
 * same policy in effect, with nothing to generate per call.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, { directives }: { directives: PolicyDirectives }) => {
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

    app.addHook('onRequest', (_request, reply, done) => {
      // On the raw response, so that answers written straight to it (the identity provider's) carry them too.
      for (const [name, value] of everyResponse) reply.raw.setHeader(name, value);
      done();
    });
    app.decorateReply('inlineScriptNonce', function () {
      const nonce = randomBytes(16).toString('hex');
      this.raw.setHeader('content-security-policy', policyTemplate.replaceAll(NONCE_SLOT, `nonce-${nonce}`));
      return nonce;
    });
  },
);
