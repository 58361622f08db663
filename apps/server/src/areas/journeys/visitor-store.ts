import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { visitorJourneys } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashOfVisitorToken } from '../../lib/visitor-tokens';
import type { Queryable } from './repository';

/**
 * Visitors' journeys (someone without an account): each is owned by a random token the visitor's
 * browser holds, of which only a SHA-256 hash is kept, and lives for minutes, extended by every step
 * and by keep-alive. Apart from members' journeys: nothing here reads or writes a member record.
 */

export type VisitorJourneyRow = typeof visitorJourneys.$inferSelect;
export type VisitorJourneyChange = Partial<Omit<VisitorJourneyRow, 'id'>>;

/**
 * Where a kind of visitor journey is kept: `portal.visitor_journeys` for a callback request,
 * `bereavement.journeys` for a report of a death (areas/bereavement), each table with these columns.
 */
export interface VisitorJourneyStore {
  /** The journey whose token hashes to `tokenHash`, locked for update when asked. */
  find(db: Queryable, tokenHash: string, lock?: boolean): Promise<VisitorJourneyRow | undefined>;
  insert(
    db: Queryable,
    values: Pick<VisitorJourneyRow, 'tenantUrl' | 'type' | 'tokenHash' | 'expiresAt' | 'choice'>,
  ): Promise<VisitorJourneyRow>;
  update(db: Queryable, id: string, change: VisitorJourneyChange): Promise<void>;
  /** The sent journey that opened case `caseNumber`, if it is kept here. */
  sent(db: Queryable, caseNumber: string): Promise<VisitorJourneyRow | undefined>;
  /** The files visitors send with this kind of journey, for a store that keeps any (a report's uploads). */
  files?: VisitorFileShelf;
}

/** A file a visitor sent with their journey, as the scheme's staff see it with the case. */
export interface VisitorFile {
  id: string;
  name: string;
  /** What the visitor said it is, such as "Death certificate". */
  type: string;
  mediaType: string;
  sizeBytes: number;
  /** When the visitor uploaded it (before or after they sent the journey). */
  receivedAt: Date;
}

/**
 * Where a kind of visitor journey keeps the files its visitors send, in a table and document store of
 * its own: the scheme's side (operations/case-work.ts) lists and opens them with the case the journey
 * opened through here, without knowing where they are kept.
 */
export interface VisitorFileShelf {
  /** Named in the audit of each view, such as `bereavement`. */
  name: string;
  /** The journey's files, oldest first. */
  list(db: Queryable, journeyId: string): Promise<VisitorFile[]>;
  /** One of them with its bytes as a stream; undefined when the journey has no file `fileId`. */
  open(
    db: Queryable,
    journeyId: string,
    fileId: string,
  ): Promise<{ file: VisitorFile; stream: Readable } | undefined>;
}

export const portalVisitorStore: VisitorJourneyStore = {
  async find(db, tokenHash, lock) {
    const query = db.select().from(visitorJourneys).where(eq(visitorJourneys.tokenHash, tokenHash));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },
  async insert(db, values) {
    const [row] = await db
      .insert(visitorJourneys)
      .values({ ...values, steps: [] })
      .returning();
    return row!;
  },
  async update(db, id, change) {
    await db.update(visitorJourneys).set(change).where(eq(visitorJourneys.id, id));
  },
  async sent(db, caseNumber) {
    const [row] = await db.select().from(visitorJourneys).where(eq(visitorJourneys.caseNumber, caseNumber));
    return row;
  },
};

/** Every store a visitor journey owner walks, so the scheme's side finds the journey behind a case. */
const visitorStores = new Set<VisitorJourneyStore>([portalVisitorStore]);

export function registerVisitorStore(store: VisitorJourneyStore) {
  visitorStores.add(store);
}

/** The sent visitor journey that opened case `caseNumber`, with the store that keeps it (and its files). */
export async function sentVisitorCase(db: Queryable, caseNumber: string) {
  for (const store of visitorStores) {
    const journey = await store.sent(db, caseNumber);
    if (journey) return { journey, store };
  }
  return undefined;
}

const refused = (code: string, message: string) => new AppError(401, code, message);

/**
 * The visitor's journey for this token: 401 without one, for an unknown one, one of another site or
 * journey, and `visitor_session_expired` once its minutes have run out.
 */
export async function requireVisitorJourney(
  store: VisitorJourneyStore,
  db: Queryable,
  token: string | undefined,
  where: { tenantUrl: string; type: string },
  now: Date,
  lock = false,
) {
  if (!token) throw refused('visitor_token_missing', 'Start again from the first page.');
  const row = await store.find(db, hashOfVisitorToken(token), lock);
  if (!row || row.tenantUrl !== where.tenantUrl)
    throw refused('visitor_token_invalid', 'Start again from the first page.');
  if (row.type !== where.type)
    throw refused(
      'visitor_token_other_journey',
      'This visit is for another form. Start this one from its first page.',
    );
  if (row.expiresAt <= now)
    throw refused('visitor_session_expired', 'Your session has timed out. Start again from the first page.');
  return row;
}

/**
 * How long a sent visitor journey's token lasts at most from its sending (its confirmation, a report's
 * later documents): `submit` ends it then if it would last longer, and nothing extends it after.
 */
export const SENT_VISITOR_JOURNEY_MINUTES = 60;

/** The token's end once the journey is sent at `sentAt`: as it was, or sooner. */
export const sentJourneyExpiry = (expiresAt: Date, sentAt: Date) =>
  new Date(Math.min(expiresAt.getTime(), sentAt.getTime() + SENT_VISITOR_JOURNEY_MINUTES * 60_000));

/**
 * A sent journey's token is never extended (keep-alive, a new token): 409 `visitor_journey_sent`, so a
 * sent journey stays open no longer than `SENT_VISITOR_JOURNEY_MINUTES` from its sending.
 */
export function refuseExtendingSent(row: { status: string }) {
  if (row.status === 'Submitted')
    throw new AppError(
      409,
      'visitor_journey_sent',
      'This has been sent, so its time cannot be extended. Your reference is in the email we sent you.',
    );
}

/** Keeps the visitor's journey (not a sent one) for another `minutes`; answers its new expiry. */
export async function keepVisitorJourneyAlive(
  store: VisitorJourneyStore,
  db: Queryable,
  row: { id: string; status: string },
  now: Date,
  minutes: number,
) {
  refuseExtendingSent(row);
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await store.update(db, row.id, { expiresAt, updatedAt: now });
  return expiresAt;
}
