import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Transaction } from '../../db/client';
import { createSharedCache, type SessionCache } from '../../lib/session-cache';
import type { WrittenJson } from '../../lib/written-json';
import type { FastifyBaseLogger } from 'fastify';

/** The database channel on which a committed change to a member's record reaches every instance. */
export const MEMBER_CHANNEL = 'meridian_member_changed';

interface Record {
  businessGroup: string;
  referenceNumber: string;
}

/** Answers read from a member's record on every call (their personal details), as sent, by record. */
export type MemberReads = SessionCache<WrittenJson>;

export const memberReadKey = ({ businessGroup, referenceNumber }: Record) =>
  `${businessGroup}/${referenceNumber}`;

/**
 * Kept per instance for SESSION_CACHE_MS at most. Every write to a member's record announces it in its
 * transaction (announceMemberChanged), so each instance drops the record's answers as the commit's
 * notification arrives; messages go through the database even with Redis, because the write is there.
 */
export const createMemberReads = (options: {
  database: DatabaseHandle;
  ttlMs: number;
  log: FastifyBaseLogger;
}): Promise<MemberReads> => createSharedCache<WrittenJson>({ ...options, channel: MEMBER_CHANNEL });

/** Tells every instance, once this transaction commits, that the member's record changed. */
export async function announceMemberChanged(tx: Transaction, record: Record) {
  await tx.execute(sql`select pg_notify(${MEMBER_CHANNEL}, ${memberReadKey(record)})`);
}
