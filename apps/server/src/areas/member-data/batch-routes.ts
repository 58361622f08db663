import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECORD_HEADERS, batchRequestSchema, batchResponseSchema } from '@meridian/contracts';
import { errorResponses } from '../../lib/errors';

/** Headers a batch's reads do not inherit: they describe the batch's own body and transport. */
const notForwarded = new Set([
  'content-length',
  'content-type',
  'accept-encoding',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);

/**
 * Several reads in one call, for the first screen after sign-in (the hub's member data, content and
 * links). Each read goes through the portal as if the browser had sent it: the same sign-in, record
 * headers (its own, when it names a record), tenant and address, so every read is checked and limited
 * exactly as on its own.
 */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/batch',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['member-data'],
        summary: 'Several member-data and content reads in one call, each answered as if sent alone',
        body: batchRequestSchema,
        response: {
          200: batchResponseSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string | string[]] =>
            entry[1] !== undefined && !notForwarded.has(entry[0]),
        ),
      );
      const remoteAddress = request.socket.remoteAddress ?? request.ip;
      const responses = await Promise.all(
        request.body.requests.map(async ({ path, headers: own }) => {
          const readHeaders = own
            ? {
                ...Object.fromEntries(
                  Object.entries(headers).filter(
                    ([name]) => !(RECORD_HEADERS as readonly string[]).includes(name),
                  ),
                ),
                ...own,
              }
            : headers;
          const answer = await app.inject({ method: 'GET', url: path, headers: readHeaders, remoteAddress });
          const json = String(answer.headers['content-type'] ?? '').includes('json') && answer.body;
          return {
            path,
            status: answer.statusCode,
            body: json ? (JSON.parse(answer.body) as unknown) : null,
          };
        }),
      );
      return { responses };
    },
  );
};
