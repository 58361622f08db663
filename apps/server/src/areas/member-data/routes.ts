import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessKeyQuerySchema,
  accessKeyResponseSchema,
  memberPersonalDetailsSchema,
  retirementPeriodsOf,
} from '@meridian/contracts';
import { createLocalCalculationProvider, utcDay, type CalculationProvider } from '@meridian/pensions';
import { issueContentAccessKey } from '../access-key/content-access-key';
import { accessKeyFactsOf } from '../access-key/access-key-facts';
import { buildAccessKeyPayload } from '../access-key/access-key-service';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import { audit } from '../../lib/audit';
import { issueLookupCode } from '../outbound-sso/outbound-sso';
import { findMember, linkedRecordsOf } from './member-repository';
import { memberReadKey, type MemberReads } from './member-reads';
import { sendWrittenJson, writtenJson } from '../../lib/written-json';
import { retirementApplicationOf } from '../retirement/application';
import { findTenant } from '../tenancy/tenant-repository';
import { recordsOf } from '../authentication/session-service';

export interface MemberDataRoutesOptions {
  db: Database;
  config: Config;
  calculations?: CalculationProvider;
  /** Personal details as sent, kept briefly by record; left out, they are read on every call. */
  memberReads?: MemberReads;
}

const linkedRecordSchema = z.object({
  referenceNumber: z.string(),
  businessGroup: z.string(),
  schemeCode: z.string(),
  schemeDescription: z.string(),
  schemeType: z.enum(['DB', 'DC']),
  dateJoinedCompany: z.string().nullable(),
  dateJoinedScheme: z.string().nullable(),
  dateLeft: z.string().nullable(),
  memberStatus: z.string(),
  recordNumber: z.number().int(),
  recordType: z.enum(['primary', 'linked']),
});

const personalDetailsSchema = memberPersonalDetailsSchema;

/** A record's personal details as the member reads them (and staff, in the console's member view). */
export function personalDetailsOf({ member, scheme }: NonNullable<Awaited<ReturnType<typeof findMember>>>) {
  return {
    title: member.title,
    gender: member.gender,
    name: [member.title, member.forenames, member.surname].filter(Boolean).join(' '),
    forenames: member.forenames,
    surname: member.surname,
    dateOfBirth: member.dateOfBirth,
    insuranceNumber: member.insuranceNumber,
    referenceNumber: member.referenceNumber,
    businessGroup: member.businessGroup,
    schemeName: scheme.name,
    schemeType: scheme.type,
    status: member.status,
  };
}

/** POST /mdp-api/initialize: session bootstrap after sign-in; confirms the chosen record exists. */
export const memberDataInitializeRoute: FastifyPluginAsyncZod<MemberDataRoutesOptions> = async (
  app,
  { db },
) => {
  app.post(
    '/initialize',
    {
      preHandler: app.requireMember,
      config: { beforeTwoStepSetup: true },
      schema: {
        tags: ['member-data'],
        summary: 'Start a member session for the chosen record',
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { businessGroup, referenceNumber } = request.member!;
      if (!(await findMember(db, businessGroup, referenceNumber))) {
        throw notFound('member_not_found', 'We could not find your membership record.');
      }
      return reply.code(204).send(null);
    },
  );
};

export const memberDataRoutes: FastifyPluginAsyncZod<MemberDataRoutesOptions> = async (
  app,
  { db, calculations = createLocalCalculationProvider(), memberReads },
) => {
  app.addHook('preHandler', app.requireMember);

  async function personalDetailsJson(record: { businessGroup: string; referenceNumber: string }) {
    const key = memberReadKey(record);
    const kept = memberReads?.get(key);
    if (kept) return kept;
    const readAt = performance.now();
    const found = await findMember(db, record.businessGroup, record.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    const json = writtenJson(JSON.stringify(z.encode(personalDetailsSchema, personalDetailsOf(found))));
    memberReads?.set(key, json, readAt);
    return json;
  }

  app.get(
    '/members/personal-details',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Personal details of the chosen record',
        response: {
          200: personalDetailsSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => sendWrittenJson(reply, await personalDetailsJson(request.member!)),
  );

  app.get(
    '/linked-records',
    {
      schema: {
        tags: ['member-data'],
        summary: 'The records this sign-in may switch between on this tenant',
        response: {
          200: z.object({ hasOutsideRecords: z.boolean(), members: z.array(linkedRecordSchema) }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const { userId, tenant } = request.member!;
      const records = await linkedRecordsOf(db, userId, tenant.businessGroups);
      if (records.length === 0)
        throw notFound('linked_records_not_found', 'No records are linked to this sign-in.');
      const everywhere = await recordsOf(db, userId);
      return {
        hasOutsideRecords: everywhere.length > records.length,
        members: records.map(({ isPrimary, ...record }) => ({
          ...record,
          recordType: isPrimary ? ('primary' as const) : ('linked' as const),
        })),
      };
    },
  );

  for (const path of ['/content/access-key', '/content/recalculate-access-key']) {
    app.get(
      path,
      {
        // The pages around setting up a required two-step verification are personalised with it.
        config: { beforeTwoStepSetup: true },
        schema: {
          tags: ['member-data'],
          summary:
            'A content access key for the member attributes content is personalised on, and those attributes',
          querystring: accessKeyQuerySchema,
          response: {
            200: accessKeyResponseSchema,
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const { businessGroup, referenceNumber, userId } = request.member!;
        const found = await findMember(db, businessGroup, referenceNumber);
        if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
        const query = request.query;
        const tenant = await findTenant(db, request.member!.tenant.tenantUrl);
        if (!tenant || query.tenantUrl.toLowerCase() !== tenant.tenantUrl) {
          throw notFound('tenant_not_found', 'This sign-in does not belong to the tenant asked for.');
        }
        const records = await linkedRecordsOf(db, userId, request.member!.tenant.businessGroups);
        const payload = await buildAccessKeyPayload(calculations, found.member, found.scheme, {
          tenantUrl: query.tenantUrl,
          today: utcDay(new Date()),
          preRetirementAgePeriodInYears:
            query.preRetirementAgePeriodInYears ?? retirementPeriodsOf(tenant).preRetirementAgePeriod,
          newlyRetiredRangeInMonths:
            query.newlyRetiredRangeInMonth ?? retirementPeriodsOf(tenant).newlyRetiredRange,
          basicMode: query.basicMode,
          recordCount: records.length,
          retirementApplication: await retirementApplicationOf(db, request.member!, new Date()),
          facts: query.basicMode
            ? undefined
            : await accessKeyFactsOf(db, tenant.tenantUrl, request.member!, new Date()),
        });
        const issued = await issueContentAccessKey(
          app.contentAccessKeys,
          payload,
          { businessGroup, referenceNumber },
          request.member!.session,
        );
        return {
          contentAccessKey: issued.token,
          attributes: payload,
          schemeType: payload.basicMode ? null : found.scheme.type,
          schemeCodeAndCategory: payload.basicMode
            ? null
            : `${found.member.schemeCode}-${found.member.category}`,
          expiresAt: issued.expiresAt.toISOString(),
        };
      },
    );
  }

  app.get(
    '/sso/outbound',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'A one-time lookup code (valid 60 s) that signs the member in to the administrator’s other site',
        querystring: z.object({
          recordNumber: z.coerce.number().int().min(1).max(99).default(1),
          hasMultipleRecords: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: z.object({ lookupCode: z.string() }), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const member = request.member!;
      const records = await linkedRecordsOf(db, member.userId, member.tenant.businessGroups);
      const record = records.find((candidate) => candidate.recordNumber === request.query.recordNumber);
      if (!record) {
        await audit(db, request, {
          action: 'outbound_sso',
          outcome: 'denied',
          userId: member.userId,
          details: { recordNumber: request.query.recordNumber },
        });
        throw new AppError(403, 'record_not_entitled', 'You have no record with this number.');
      }
      const lookupCode = await issueLookupCode(db, {
        userId: member.userId,
        businessGroup: record.businessGroup,
        referenceNumber: record.referenceNumber,
        hasMultipleRecords: records.length > 1,
      });
      await audit(db, request, {
        action: 'outbound_sso',
        outcome: 'success',
        userId: member.userId,
        businessGroup: record.businessGroup,
        referenceNumber: record.referenceNumber,
      });
      return { lookupCode };
    },
  );
};
