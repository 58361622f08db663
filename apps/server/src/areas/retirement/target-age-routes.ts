import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { targetRetirementAgeRequestSchema, targetRetirementAgeSchema } from '@meridian/contracts';
import {
  dateAtAge,
  dcBenefitsSchema,
  getDcSchemeConfig,
  isoDate,
  targetAgeRange,
  utcDay,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { members } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, errorResponses, notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';
import { fundsOf, glidePathFor } from './dc-pot';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['retirement'];

/** The DC record the member acts as, with its target age now and the ages they may choose. */
async function targetOf(db: Database, request: FastifyRequest) {
  const { businessGroup, referenceNumber } = request.member!;
  const found = await findMember(db, businessGroup, referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const { member, scheme } = found;
  if (scheme.type !== 'DC' || member.status === 'Pensioner')
    throw badRequest(
      'target_age_not_for_this_record',
      'A target retirement age is for a savings pot that is not being paid yet.',
    );
  const today = utcDay(new Date());
  const config = getDcSchemeConfig(scheme.code, today);
  const dateOfBirth = isoDate(member.dateOfBirth);
  const range = targetAgeRange(
    dateOfBirth,
    today,
    config.ages.latestRetirementAge,
    member.protectedPensionAge,
  );
  const chosen = member.benefits.targetRetirementAge;
  // The projection's own rule (calculateDcQuote): the member's target, else the scheme's default.
  const age = typeof chosen === 'number' ? chosen : config.defaultTargetRetirementAge;
  /** The glide path the pot follows to the target date at `targetAge` (null when the pot's data cannot be read). */
  const glidePathAt = async (targetAge: number) => {
    const benefits = dcBenefitsSchema.safeParse({ ...member.benefits, targetRetirementAge: targetAge });
    if (!benefits.success) return null;
    const funds = await fundsOf(db, request.member!.tenant.tenantUrl);
    return glidePathFor(found, benefits.data, funds, today, request.log);
  };
  return { member, dateOfBirth, range, age, glidePathAt };
}

/**
 * A DC member's target retirement age: the date their projection, the lifestyle strategy's move into
 * steadier funds and the hub count towards. Changing it takes effect at once.
 */
export const targetAgeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/target-retirement-age',
    {
      schema: {
        tags,
        summary:
          'The DC target retirement age, its date, the whole ages the member may choose, and the lifestyle strategy the pot follows with the day it starts moving into steadier funds',
        response: { 200: targetRetirementAgeSchema, ...errors },
      },
    },
    async (request) => {
      const { dateOfBirth, range, age, glidePathAt } = await targetOf(db, request);
      return {
        targetRetirementAge: age,
        targetRetirementDate: dateAtAge(dateOfBirth, age),
        range,
        glidePath: await glidePathAt(age),
      };
    },
  );

  app.put(
    '/members/current/target-retirement-age',
    {
      schema: {
        tags,
        summary:
          'Change the DC target retirement age (400 target_age_out_of_range with the ages allowed: from the minimum pension age, or next birthday, to the scheme’s latest); answers the new date and when the lifestyle strategy now starts moving the pot',
        body: targetRetirementAgeRequestSchema,
        response: { 200: targetRetirementAgeSchema, ...errors },
      },
    },
    async (request) => {
      const { member, dateOfBirth, range, age, glidePathAt } = await targetOf(db, request);
      const wanted = request.body.targetRetirementAge;
      if (wanted < range.min || wanted > range.max)
        throw badRequest('target_age_out_of_range', `Choose an age from ${range.min} to ${range.max}.`);
      await db
        .update(members)
        .set({ benefits: { ...member.benefits, targetRetirementAge: wanted } })
        .where(
          and(
            eq(members.businessGroup, member.businessGroup),
            eq(members.referenceNumber, member.referenceNumber),
          ),
        );
      await audit(db, request, {
        action: 'target_retirement_age_change',
        outcome: 'success',
        userId: request.member!.userId,
        businessGroup: member.businessGroup,
        referenceNumber: member.referenceNumber,
        details: { from: age, to: wanted },
      });
      return {
        targetRetirementAge: wanted,
        targetRetirementDate: dateAtAge(dateOfBirth, wanted),
        range,
        glidePath: await glidePathAt(wanted),
      };
    },
  );
};
