import type { FastifyInstance, preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Methods whose requests have no body to wait for. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cuts off a request whose body has not fully arrived within the time allowed (408), so a client
 * trickling bytes cannot hold a connection and a handler open. Node's own requestTimeout covers
 * the headers. Only routes that take a body run the hook.
 */
export const slowRequests = fp(async (app: FastifyInstance, { timeoutMs }: { timeoutMs: number }) => {
  const cutOffSlowBody: preParsingHookHandler = (request, _reply, payload, done) => {
    if (BODILESS.has(request.method)) return done(null, payload);
    const timer = setTimeout(
      () =>
        payload.emit('error', new AppError(408, 'request_timeout', 'The request took too long to arrive.')),
      timeoutMs,
    );
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => BODILESS.has(method))) return;
    route.preParsing = [route.preParsing ?? []].flat().concat(cutOffSlowBody);
  });
});
