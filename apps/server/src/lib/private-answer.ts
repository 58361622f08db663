import type { FastifyReply } from 'fastify';

/**
 * Marks an answer made for one signed-in member (their record, their personalised content, their
 * tokens) as one that no browser or proxy cache may keep, so it is not left on a shared computer's
 * disk after sign-out (OWASP ASVS V8.2.1). Public content answers stay cacheable.
 */
export const keepPrivate = (reply: Pick<FastifyReply, 'header'>) => reply.header('cache-control', 'no-store');
