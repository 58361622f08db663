/** SQLSTATE of a unique-constraint violation: another request wrote the same key first. */
export const UNIQUE_VIOLATION = '23505';

/**
 * The SQLSTATE a database error carries, looked for along its `cause` chain: the query builder wraps
 * the driver's error (which holds the code) in its own, and a caller may wrap that again.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === UNIQUE_VIOLATION;
