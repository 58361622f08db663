import { z } from 'zod';

/** Every API error answers with this body: a list of machine codes with human messages. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema).min(1) });

export type ApiError = z.infer<typeof apiErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

export * from './error-codes';
