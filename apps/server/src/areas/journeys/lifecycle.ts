import type { FastifyRequest } from 'fastify';
import { evaluateVisibility, visibilityKeyOf, type VisibilityKey } from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { buildAccessKeyPayload } from '../access-key/access-key-service';
import { findMember, linkedRecordsOf } from '../member-data/member-repository';
import type { JourneyGraph } from './graph';

/** The signed-in member's record, or 404 when the scheme no longer holds it. */
export async function memberFor(db: Pick<Database, 'select'>, request: FastifyRequest) {
  const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  return found;
}

/**
 * The signed-in member's content access key as journeys read it (eligibility, and conditions on its
 * fields and flags): their record's fields and flags, as the access key route builds them.
 */
export async function memberAccessKey(
  db: Database,
  calculations: CalculationProvider,
  request: FastifyRequest,
): Promise<VisibilityKey> {
  const { member, scheme } = await memberFor(db, request);
  const payload = await buildAccessKeyPayload(calculations, member, scheme, {
    tenantUrl: request.tenantUrl,
    today: utcDay(new Date()),
    ...lifeStagePeriodsOf(request),
    basicMode: false,
    recordCount: (await linkedRecordsOf(db, request.member!.userId, request.member!.tenant.businessGroups))
      .length,
  });
  return visibilityKeyOf(payload);
}

/** The journey's eligibility rule, over the member's access key; 403 when it fails. */
export function assertEligible(graph: JourneyGraph, key: VisibilityKey) {
  const rule = graph.definition.eligibility;
  if (rule && !evaluateVisibility(rule, key))
    throw forbidden('journey_not_open', `${graph.definition.title} is not open to you.`);
}
