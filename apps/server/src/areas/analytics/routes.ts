import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsProfileQuerySchema,
  analyticsProfileResponseSchema,
  memberAnalyticsSchema,
  type AnalyticsProfileData,
} from '@meridian/contracts';
import {
  CalculationError,
  CalculationProviderError,
  isoDate,
  tenureYears,
  utcDay,
  type CalculationProvider,
  type RetirementDatesAges,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { requireContentAccessKey } from '../access-key/content-access-key';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import { calculationMember } from '../member-data/calculations';
import { findMember, linkedRecordsOf } from '../member-data/member-repository';
import { lifeStagePeriodsOf } from '../../plugins/member-auth';

const errors = errorResponses(401, 403, 404);

/**
 * What the browser's analytics needs of the signed-in member's chosen record: the web-analytics
 * custom dimensions, and the product-analytics profile (spec sections 3 and 7).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const chosenMember = async (member: { businessGroup: string; referenceNumber: string }) => {
    const found = await findMember(db, member.businessGroup, member.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found;
  };

  app.get(
    '/members/current/analytics',
    {
      schema: {
        tags: ['member-data'],
        summary: 'Analytics parameters of the chosen record (web-analytics custom dimensions 1 to 7)',
        response: { 200: memberAnalyticsSchema, ...errors },
      },
    },
    async (request) => {
      const { member, scheme } = await chosenMember(request.member!);
      return {
        businessGroup: member.businessGroup,
        status: member.status,
        schemeType: scheme.type,
        schemeCode: scheme.code,
        categoryCode: member.category,
        locationCode: member.locationCode ?? '',
        employerCode: member.employerCode ?? '',
      };
    },
  );

  app.get(
    '/members/current/analytics-profile',
    {
      schema: {
        tags: ['member-data'],
        summary: 'The product-analytics profile of the chosen record, read with its content access key',
        querystring: analyticsProfileQuerySchema,
        response: { 200: analyticsProfileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = request.member!;
      const key = await requireContentAccessKey(
        app.contentAccessKeys,
        request.query.contentAccessKey,
        request,
        reply,
      );
      if (key.sessionId !== signedIn.session.id) {
        throw new AppError(403, 'access_key_other_session', 'This access key belongs to another sign-in.');
      }
      if (key.subject !== `${signedIn.businessGroup}:${signedIn.referenceNumber}`) {
        throw new AppError(403, 'record_not_entitled', 'This access key belongs to another record.');
      }
      const { member, scheme } = await chosenMember(signedIn);
      const today = utcDay(new Date());
      const summary = await calculations
        .retirementDatesAges({
          schemeCode: scheme.code,
          today,
          member: calculationMember(member),
          ...lifeStagePeriodsOf(request),
        })
        .catch((error: unknown): RetirementDatesAges | null => {
          if (error instanceof CalculationError || error instanceof CalculationProviderError) return null;
          throw error;
        });
      const records = await linkedRecordsOf(db, signedIn.userId, signedIn.tenant.businessGroups);
      const { payload } = key;
      const hasAvcs = payload.hasAdditionalContributions;
      const data: AnalyticsProfileData = {
        userId: `${member.businessGroup}${member.referenceNumber}`,
        businessGroup: member.businessGroup,
        status: member.status,
        schemeType: scheme.type,
        schemeCode: scheme.code,
        categoryCode: member.category,
        locationCode: member.locationCode,
        employerCode: member.employerCode,
        gender: member.gender,
        // A member's pay is not shared with a product-analytics provider.
        income: null,
        lifeStage: payload.lifeStage,
        dbCalculationStatus: payload.dbCalculationStatus,
        normalRetirementDate: summary?.dates.normal ?? null,
        targetRetirementDate: summary?.dates.target ?? null,
        maritalStatus: member.maritalStatus,
        retirementApplicationStatus: payload.retirementApplicationStatus,
        transferApplicationStatus: payload.transferApplicationStatus,
        tenantUrl: payload.tenantUrl,
        dcLifeStage: payload.dcLifeStage,
        isAvc: hasAvcs,
        hasAdditionalContributions: hasAvcs,
        // The DC journeys are not built yet, so none has been started.
        dcRetirementJourney: false,
        dcexploreoptionsStarted: false,
        dcretirementapplicationStarted: false,
        dcretirementapplicationSubmitted: false,
        tenure: tenureYears(
          member.dateJoinedCompany ? isoDate(member.dateJoinedCompany) : null,
          member.datePensionableServiceStarted ? isoDate(member.datePensionableServiceStarted) : null,
        ),
        earliestRetirementAge: summary?.ages.earliest ?? null,
        latestRetirementAge: summary?.ages.latest ?? null,
        normalRetirementAge: summary?.ages.normal ?? null,
        targetRetirementAge: summary?.ages.target ?? null,
        currentAge: summary?.age ?? null,
        hasMultipleRecords: records.length > 1,
      };
      return { data };
    },
  );
};
