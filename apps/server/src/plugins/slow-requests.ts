import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Cuts off a request whose body has not fully arrived within the time allowed (408), so a client
 * trickling bytes cannot hold a connection and a handler open. Node's own requestTimeout covers
 * the headers.
 */
export const slowRequests = fp(async (app: FastifyInstance, { timeoutMs }: { timeoutMs: number }) => {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Fastify reads no body for these, so there is nothing to time.
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    const timer = setTimeout(
      () => payload.emit('error', new AppError(408, 'request_timeout', 'The request took too long to arrive.')),
      timeoutMs,
    );
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    done(null, payload);
  });
});
