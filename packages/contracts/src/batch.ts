import { z } from 'zod';
import { BATCH_LIMIT, BATCHABLE_PREFIXES } from './batch-reads';

export * from './batch-reads';


const batchPathSchema = z
  .string()
  .max(4000)
  .refine(
    (path) =>
      BATCHABLE_PREFIXES.some((prefix) => path.startsWith(prefix)) && !/[\s#\\]|\/\.\.?(\/|\?|$)/.test(path),
    'must be a member-data or content read such as /mdp-api/api/members/personal-details',
  );


const recordHeaderValue = z.string().trim().min(1).max(40);

/**
 * The record headers' names in the address: a GET download link may name its record there, since a
 * link opened in a new tab sends no headers (the server checks them exactly as the headers). Declared
 * on the download routes so the API document, and the suites that walk it, know them.
 */
export const recordQuerySchema = z.object({
  'auth-business-group': recordHeaderValue.optional(),
  'auth-reference-number': recordHeaderValue.optional(),
});

/**
 * Several GET reads sent as one call: each is answered as if it had been sent on its own, with the
 * batch's headers, or with its own record headers in place of the batch's when it has them.
 */
export const batchRequestSchema = z
  .object({
    requests: z
      .array(
        z
          .object({
            path: batchPathSchema,
            headers: z
              .object({
                'auth-business-group': recordHeaderValue.optional(),
                'auth-reference-number': recordHeaderValue.optional(),
              })
              .strict()
              .optional(),
          })
          .strict(),
      )
      .min(1)
      .max(BATCH_LIMIT),
  })
  .strict();

export const batchResponseSchema = z.object({
  /** One answer per read, in the order asked: its status and its body (JSON, or null when it had none). */
  responses: z.array(z.object({ path: z.string(), status: z.number().int(), body: z.unknown() })),
});

export type BatchRequest = z.infer<typeof batchRequestSchema>;
export type BatchResponse = z.infer<typeof batchResponseSchema>;
