import { and, desc, eq, sql } from 'drizzle-orm';
import type { JourneyDefinition, JourneyStatus, JourneyStep } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberJourneys, pages } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { cachedContent } from '../content/content-cache';
import { findDocument } from '../content/document-repository';
import { graphOf, type JourneyGraph } from './graph';

export interface MemberRecord {
  businessGroup: string;
  referenceNumber: string;
}

export type JourneyRow = typeof memberJourneys.$inferSelect;
/** A transaction or the database itself. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** The tenant's definition of a journey type and its pages, as the last content sync loaded them. */
export async function loadJourneyGraph(db: Database, tenantUrl: string, type: string): Promise<JourneyGraph> {
  const definitions = (await findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys')) ?? [];
  const definition = definitions.find((candidate) => candidate.type === type);
  if (!definition) throw notFound('journey_type_not_found', `This site has no ${type} journey.`);
  const steps = await cachedContent(db, `journey-pages:${tenantUrl}:${type}`, () =>
    db
      .select({ key: pages.key, slug: pages.slug, title: pages.title, journey: pages.journey })
      .from(pages)
      .where(and(eq(pages.tenantUrl, tenantUrl), sql`${pages.journey}->>'type' = ${type}`)),
  );
  return graphOf(definition, steps);
}

const memberJourney = (member: MemberRecord, type: string) =>
  and(
    eq(memberJourneys.businessGroup, member.businessGroup),
    eq(memberJourneys.referenceNumber, member.referenceNumber),
    eq(memberJourneys.type, type),
  );

/** An unsubmitted journey whose expiry has passed is expired from then on (spec b.4). */
export const statusOf = (row: { status: JourneyStatus; expiresAt: Date }, now: Date): JourneyStatus =>
  row.status === 'Started' && row.expiresAt <= now ? 'Expired' : row.status;

/** A journey kept only as history (submitted, cancelled, ended): starting again opens a new one. */
export const isClosed = (row: { status: JourneyStatus }) => row.status !== 'Started';

/**
 * The member's latest journey of this type, whatever its status: a member may have several over
 * time (submitted, cancelled or ended ones are kept as history), and only the latest is theirs to see.
 */
export async function findJourney(db: Queryable, member: MemberRecord, type: string, lock = false) {
  const query = db
    .select()
    .from(memberJourneys)
    .where(memberJourney(member, type))
    .orderBy(desc(memberJourneys.startedAt), desc(memberJourneys.id))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** The member's cancelled journeys of every type, the latest cancelled first (at most `limit`). */
export const cancelledJourneysOf = (db: Queryable, member: MemberRecord, limit: number) =>
  db
    .select({
      type: memberJourneys.type,
      startedAt: memberJourneys.startedAt,
      closedAt: memberJourneys.closedAt,
    })
    .from(memberJourneys)
    .where(
      and(
        eq(memberJourneys.businessGroup, member.businessGroup),
        eq(memberJourneys.referenceNumber, member.referenceNumber),
        eq(memberJourneys.status, 'Cancelled'),
      ),
    )
    .orderBy(desc(memberJourneys.closedAt), desc(memberJourneys.id))
    .limit(limit);

/** The member's latest submitted journey of this type (its PDF), else null. */
export async function findSubmittedJourney(db: Queryable, member: MemberRecord, type: string) {
  const [row] = await db
    .select()
    .from(memberJourneys)
    .where(and(memberJourney(member, type), eq(memberJourneys.status, 'Submitted')))
    .orderBy(desc(memberJourneys.submittedAt))
    .limit(1);
  return row ?? null;
}

/** The member's latest journey of this type; 404 when never started or the latest was cancelled. */
export async function requireJourney(db: Queryable, member: MemberRecord, type: string, lock = false) {
  const row = await findJourney(db, member, type, lock);
  if (!row || row.status === 'Cancelled')
    throw notFound('journey_not_found', 'You have not started this journey.');
  return row;
}

/**
 * An ended journey, refused in its own word (`noun`, its `copy.noun`: "This switch has ended..."),
 * with what starting again is for.
 */
export const journeyEnded = (noun: string, startAgainTo: string) =>
  badRequest('journey_ended', `This ${noun} has ended. Start again to ${startAgainTo}.`);

/** An expired journey, refused in its own word (`noun`, its `copy.noun`). */
export const journeyExpired = (noun: string) =>
  badRequest('journey_expired', `This ${noun} has expired. Start again to see up-to-date figures.`);

/**
 * A journey that may still change: started, not submitted, not ended, not expired. A refusal names
 * the journey by its `noun` (its `copy.noun`).
 */
export function assertOpen<Row extends { status: JourneyStatus; expiresAt: Date }>(
  row: Row,
  now: Date,
  noun: string,
) {
  const status = statusOf(row, now);
  if (status === 'Submitted') throw badRequest('journey_submitted', 'This has been submitted already.');
  if (status === 'Ended') throw journeyEnded(noun, 'change it');
  if (status === 'Expired') throw journeyExpired(noun);
  return row;
}

export const stepsOf = (row: { steps: unknown[] }) => row.steps as JourneyStep[];
