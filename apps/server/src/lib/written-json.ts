import type { FastifyReply } from 'fastify';

/**
 * JSON already written by a response's contract and kept as UTF-8 bytes, so a call that sends it
 * again neither writes nor encodes it again.
 */
export type WrittenJson = Buffer;

export const writtenJson = (json: string): WrittenJson => Buffer.from(json);

/** Sends kept JSON; the route's serialiser, which would check and write it again, is passed by. */
export const sendWrittenJson = (reply: FastifyReply, json: WrittenJson) =>
  reply.type('application/json; charset=utf-8').send(json);
