import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundSsoCodes } from '../../db/schema';

export const LOOKUP_CODE_SECONDS = 60;
const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');

export interface OutboundIdentity {
  userId: string;
  businessGroup: string;
  referenceNumber: string;
  hasMultipleRecords: boolean;
}

/** A one-time code, valid for a minute, that the other member site exchanges for the member's identity. */
export async function issueLookupCode(db: Database, identity: OutboundIdentity, now = new Date()) {
  const lookupCode = randomBytes(32).toString('base64url');
  await db.insert(outboundSsoCodes).values({
    codeHash: hashCode(lookupCode),
    ...identity,
    expiresAt: new Date(now.getTime() + LOOKUP_CODE_SECONDS * 1000),
  });
  return lookupCode;
}

/** Spends a code: null when it is unknown, expired or already used. */
export async function redeemLookupCode(db: Database, lookupCode: string, now = new Date()) {
  const [spent] = await db
    .update(outboundSsoCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(outboundSsoCodes.codeHash, hashCode(lookupCode)),
        isNull(outboundSsoCodes.usedAt),
        gt(outboundSsoCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!spent) return null;
  return {
    businessGroup: spent.businessGroup,
    referenceNumber: spent.referenceNumber,
    hasMultipleRecords: spent.hasMultipleRecords,
  };
}
