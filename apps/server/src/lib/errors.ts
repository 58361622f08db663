import { errorBodySchema, type ApiError } from '@meridian/contracts';

/** A failure the caller can act on: becomes `{"errors":[{code,message}]}` with this status. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly extra: Partial<ApiError>[] = [],
  ) {
    super(message);
  }

  get body() {
    return { errors: [{ code: this.code, message: this.message }, ...this.extra] };
  }
}

/**
 * A route schema's refusals, each answered with the one error body (`{"errors":[{code,message}]}`) and
 * listed so in the OpenAPI document: `response: { 200: thing, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorised = (code: string, message: string) => new AppError(401, code, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);

/** PostgreSQL's unique_violation (SQLSTATE 23505), found however deep the driver and ORM wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
