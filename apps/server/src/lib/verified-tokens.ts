import { jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';
import { LRUCache } from 'lru-cache';

/** Verified tokens remembered per signing key at most; the least recently presented go first. */
const MAX_TOKENS = 10_000;

/**
 * A verifier of this service's own signed tokens (HS256) that remembers, per key, what each token
 * that verified said. Checking a signature runs on a worker thread and imports the key each time,
 * yet a token checks the same way every time: until it expires, a token already verified here is
 * answered from memory. Only tokens that verified and read well are kept, so forgeries cannot fill it.
 * `read` turns a verified payload into what the caller needs, or null when it lacks a claim.
 * A failed verification throws jose's error, an expired remembered token too.
 *
 * Tokens are remembered by their signature and matched whole, so a lookup hashes 43 characters
 * rather than the whole token.
 */
export function rememberingVerifier<T>(
  options: Omit<JWTVerifyOptions, 'currentDate' | 'clockTolerance'>,
  read: (payload: JWTPayload) => T | null,
) {
  const remembered = new WeakMap<
    Uint8Array,
    LRUCache<string, { token: string; value: T; expiresAt: number }>
  >();
  return async (key: Uint8Array, token: string): Promise<T | null> => {
    let tokens = remembered.get(key);
    if (!tokens) {
      tokens = new LRUCache({ max: MAX_TOKENS });
      remembered.set(key, tokens);
    }
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const hit = tokens.get(signature);
    // jose's own rule: a token is expired once its exp (whole seconds) is not after now.
    if (hit?.token === token && hit.expiresAt > Math.floor(Date.now() / 1000)) return hit.value;
    const { payload } = await jwtVerify(token, key, options);
    const value = read(payload);
    if (value !== null && typeof payload.exp === 'number')
      tokens.set(signature, { token, value, expiresAt: payload.exp });
    return value;
  };
}
