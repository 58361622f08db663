import { createHash, randomBytes } from 'node:crypto';

/**
 * A visitor's token for one journey: 256 random bits, prefixed so that the member API can refuse
 * one by name. Only its SHA-256 hash is stored.
 */
export const VISITOR_TOKEN_PREFIX = 'vjt_';

export const newVisitorToken = () => `${VISITOR_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
export const hashOfVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex');
