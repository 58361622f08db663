import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JourneyDefinition } from '@meridian/contracts';
import { alertSchema, dependantSchema, membershipSummarySchema, referralSchema } from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { errorResponses, notFound } from '../../lib/errors';
import { findMember, linkedRecordsOf } from '../member-data/member-repository';
import { memberAlerts, membershipSummary, retirementFigures } from './member-summary';
import { openBankChange } from './bank-changes';
import { currentBankAccount, dependantsOf, referralsOf } from './repository';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';
import { pageUrlWithKey } from '../content/page-repository';
import { findDocument } from '../content/document-repository';
import { retirementApplicationOf } from '../retirement/application';

/**
 * Where a member reads about taking their pension, best first, by the content keys of the tenant's
 * pages (a tenant chooses their addresses): for a defined benefit pension the page its retirement
 * application starts from (the `entryPage` of the tenant's journey started from a retirement quote),
 * then their pension page, then how to contact the scheme.
 */
async function retirementLinkFor(db: Database, tenantUrl: string, schemeType: 'DB' | 'DC') {
  const definitions =
    schemeType === 'DB' ? await findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys') : null;
  const applyFrom = definitions?.find(
    (definition) => definition.startsFrom === 'retirement-quote',
  )?.entryPage;
  for (const pageKey of [...(applyFrom ? [applyFrom] : []), 'my_pension', 'contact_us']) {
    const pageUrl = await pageUrlWithKey(db, tenantUrl, pageKey);
    if (pageUrl) return pageUrl;
  }
  return null;
}

const errors = errorResponses(401, 403, 404);
const badgeStatus = { Completed: 1, Pending: 2, Cancelled: 3 } as const;

/** What the administrator holds about the chosen record: membership, dependants, referrals, alerts. */
export const memberDetailsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const chosenRecord = async (request: FastifyRequest) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found;
  };

  app.get(
    '/members/current/membership-summary',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Membership of the chosen record: scheme, status, dates, service and retirement ages',
        response: { 200: membershipSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenRecord(request);
      const today = utcDay(new Date());
      return membershipSummary(
        member,
        scheme,
        await retirementFigures(calculations, member, scheme, today, lifeStagePeriodsOf(request)),
        today,
      );
    },
  );

  app.get(
    '/members/current/dependants',
    {
      schema: {
        tags: ['my-details'],
        summary: 'People the administrator records as depending on the member',
        response: { 200: z.object({ dependants: z.array(dependantSchema) }), ...errors },
      },
    },
    async (request) => {
      const { member } = await chosenRecord(request);
      const rows = await dependantsOf(db, member);
      return {
        dependants: rows.map(({ relationship, forenames, surname, dateOfBirth }) => ({
          relationship,
          forenames,
          surname,
          dateOfBirth,
        })),
      };
    },
  );

  app.get(
    '/members/current/referral-history',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Referrals to guidance or advice and where each stands',
        response: { 200: z.object({ referralHistories: z.array(referralSchema) }), ...errors },
      },
    },
    async (request) => {
      const { member } = await chosenRecord(request);
      const rows = await referralsOf(db, member);
      return {
        referralHistories: rows.map((row) => ({
          referralStatus: row.status,
          referralBadgeStatus: badgeStatus[row.status],
          service: row.service,
          referralDate: row.referralDate,
        })),
      };
    },
  );

  app.get(
    '/members/current/linked-members',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The other records held for this member (linked memberships)',
        response: {
          200: z.object({
            linkedMembers: z.array(
              z.object({
                referenceNumber: z.string(),
                businessGroup: z.string(),
                schemeName: z.string(),
                schemeType: z.enum(['DB', 'DC']),
                status: z.string(),
                recordNumber: z.number().int(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { member } = await chosenRecord(request);
      const records = await linkedRecordsOf(
        db,
        request.member!.userId,
        request.member!.tenant.businessGroups,
      );
      return {
        linkedMembers: records
          .filter(
            (record) =>
              record.businessGroup !== member.businessGroup ||
              record.referenceNumber !== member.referenceNumber,
          )
          .map((record) => ({
            referenceNumber: record.referenceNumber,
            businessGroup: record.businessGroup,
            schemeName: record.schemeDescription,
            schemeType: record.schemeType,
            status: record.memberStatus,
            recordNumber: record.recordNumber,
          })),
      };
    },
  );

  app.get(
    '/members/current/alerts',
    {
      schema: {
        tags: ['my-details'],
        summary: 'What the member should do or know now, priority alerts first',
        response: { 200: z.object({ alerts: z.array(alertSchema) }), ...errors },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenRecord(request);
      const today = utcDay(new Date());
      const alerts = memberAlerts({
        member,
        scheme,
        today,
        figures: await retirementFigures(calculations, member, scheme, today, lifeStagePeriodsOf(request)),
        // A change waiting out its cooling-off is bank details given: not asked for again.
        hasBankAccount:
          (await currentBankAccount(db, member)) !== null || (await openBankChange(db, member)) !== null,
        application: await retirementApplicationOf(db, member, new Date()),
        retirementLink: await retirementLinkFor(db, request.tenantUrl, scheme.type),
      });
      return {
        alerts: [...alerts.filter((alert) => alert.priority), ...alerts.filter((alert) => !alert.priority)],
      };
    },
  );
};
