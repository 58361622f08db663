import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { evaluateVisibility, visibilityKeyOf, type JourneyChoice } from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberJourneys } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { buildAccessKeyPayload } from '../access-key/access-key-service';
import { findMember, linkedRecordsOf } from '../member-data/member-repository';
import type { JourneyGraph } from './graph';
import { findJourney, isClosed, statusOf, type Queryable } from './repository';

/** The signed-in member's record, or 404 when the scheme no longer holds it. */
export async function memberFor(db: Database, request: FastifyRequest) {
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  return found;
}

/** The journey's eligibility rule, over the same key content is personalised on; 403 when it fails. */
export async function assertEligible(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
  graph: JourneyGraph,
) {
  const rule = graph.definition.eligibility;
  if (!rule) return;
  const { member, scheme } = await memberFor(db, request);
  const payload = await buildAccessKeyPayload(calculations, member, scheme, {
    tenantUrl: request.tenantUrl,
    today: utcDay(new Date()),
    ...lifeStagePeriodsOf(request),
    basicMode: false,
    recordCount: (await linkedRecordsOf(db, request.member!.userId, request.member!.tenant.businessGroups))
      .length,
  });
  if (!evaluateVisibility(rule, visibilityKeyOf(payload)))
    throw forbidden('journey_not_open', `${graph.definition.title} is not open to you.`);
}

/**
 * Opens the member's journey of this type: a new one when there is none open (the submitted, cancelled
 * or ended ones stay as history), else the open one takes the new values (an expired one starts afresh).
 * False when a racing start opened one first.
 */
export async function openJourney(
  tx: Queryable,
  request: FastifyRequest,
  graph: JourneyGraph,
  values: { expiresAt: Date; choice: JourneyChoice | null },
) {
  const member = {
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  };
  const existing = await findJourney(tx, member, graph.definition.type, true);
  const now = new Date();
  if (!existing || isClosed(existing)) {
    // Two starts racing: the partial unique index keeps one open journey, the other opens nothing.
    const inserted = await tx
      .insert(memberJourneys)
      .values({
        ...member,
        type: graph.definition.type,
        ...values,
        steps: [],
        startedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: memberJourneys.id });
    return inserted.length > 0;
  }
  // A new choice keeps the answers given so far; an expired journey starts afresh.
  const fresh = statusOf(existing, now) === 'Expired' ? { steps: [], startedAt: now } : {};
  await tx
    .update(memberJourneys)
    .set({ ...values, ...fresh, updatedAt: now })
    .where(eq(memberJourneys.id, existing.id));
  return true;
}
