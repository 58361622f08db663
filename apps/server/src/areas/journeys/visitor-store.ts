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

const refused = (code: string, message: string) => new AppError(401, code, message);

export async function openVisitorJourney(
  db: Queryable,
  values: {
    tenantUrl: string;
    type: string;
    token: string;
    expiresAt: Date;
    choice: Record<string, unknown> | null;
  },
) {
  const [row] = await db
    .insert(visitorJourneys)
    .values({
      tenantUrl: values.tenantUrl,
      type: values.type,
      tokenHash: hashOfVisitorToken(values.token),
      expiresAt: values.expiresAt,
      choice: values.choice,
      steps: [],
    })
    .returning();
  return row!;
}

/**
 * The visitor's journey for this token: 401 without one, for an unknown one, one of another site or
 * journey, and `visitor_session_expired` once its minutes have run out.
 */
export async function requireVisitorJourney(
  db: Queryable,
  token: string | undefined,
  where: { tenantUrl: string; type: string },
  now: Date,
  lock = false,
) {
  if (!token) throw refused('visitor_token_missing', 'Start again from the first page.');
  const query = db
    .select()
    .from(visitorJourneys)
    .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)));
  const [row] = await (lock ? query.for('update') : query);
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

/** Keeps the visitor's journey for another `minutes`; answers its new expiry. */
export async function keepVisitorJourneyAlive(
  db: Queryable,
  row: { id: string },
  now: Date,
  minutes: number,
) {
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await db.update(visitorJourneys).set({ expiresAt, updatedAt: now }).where(eq(visitorJourneys.id, row.id));
  return expiresAt;
}
