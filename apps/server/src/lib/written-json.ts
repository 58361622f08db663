import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already written by the response's contract (and kept, so it is not written on every
 * call); the route's serialiser, which would check and write it again, is passed by.
 */
export const sendWrittenJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
