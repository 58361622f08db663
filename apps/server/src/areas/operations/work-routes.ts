import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankChangeDecisionSchema,
  bankChangeParamsSchema,
  dashboardSchema,
  deathReportListSchema,
  deathReportMatchAnswerSchema,
  deathReportMatchSchema,
  deathReportParamsSchema,
  deathReportQuerySchema,
  deathReportUnmatchAnswerSchema,
  pendingBankChangeListSchema,
  pendingBankChangeQuerySchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { requireRight } from './case-work';
import { dashboardCases, dashboardOf } from './dashboard';
import {
  decideBankChange,
  deathReportsInScope,
  matchDeathReport,
  pendingBankChangesInScope,
  unmatchDeathReport,
} from './record-work';
import { auditStaff } from './staff-audit';
import { done, routeErrors as errors } from './console-route-parts';

const tags = ['operations-console'];

/**
 * The console's pending bank changes, reports of deaths and dashboard; registered inside the signed-in
 * staff scope of `operationsRoutes`, so every route needs a staff session.
 */
export const consoleWorkRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'Open cases by type and age band, overdue counts, and week by week time to first action',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => {
      await requireRight(db, request, 'read');
      const now = new Date();
      const dashboard = dashboardOf(await dashboardCases(db, request.staff!, now), now);
      await auditStaff(db, request, { action: 'dashboard_view', outcome: 'success' });
      return dashboard;
    },
  );

  app.get(
    '/bank-changes',
    {
      schema: {
        tags,
        summary:
          'Bank changes held in their cooling-off period, a page at a time, the soonest to apply first, and how many wait (audited)',
        querystring: pendingBankChangeQuerySchema,
        response: { 200: pendingBankChangeListSchema, ...errors },
      },
    },
    async (request) => {
      await requireRight(db, request, 'read');
      const { changes, total } = await pendingBankChangesInScope(db, request, request.query);
      return { changes, total, page: request.query.page, limit: request.query.limit };
    },
  );

  for (const decision of ['release', 'cancel'] as const)
    app.post(
      `/bank-changes/:changeId/${decision}`,
      {
        schema: {
          tags,
          summary:
            decision === 'release'
              ? 'Applies a held bank change now, after a call with the member; every route on file is told'
              : 'Cancels a held bank change; every route on file is told, as when the member cancels',
          params: bankChangeParamsSchema,
          body: bankChangeDecisionSchema,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await requireRight(db, request, 'work');
        await decideBankChange(
          db,
          app.messaging,
          request,
          request.params.changeId,
          decision,
          request.body.note,
        );
        return { ok: true as const };
      },
    );

  app.get(
    '/death-reports',
    {
      schema: {
        tags,
        summary:
          'Sent reports of a death, a page at a time: those not yet matched first, then newest first; each with the member record it is matched to, and how many there are (audited)',
        querystring: deathReportQuerySchema,
        response: { 200: deathReportListSchema, ...errors },
      },
    },
    async (request) => {
      await requireRight(db, request, 'read');
      const { reports, total } = await deathReportsInScope(db, request, request.query);
      return { reports, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.post(
    '/death-reports/:caseNumber/match',
    {
      schema: {
        tags,
        summary: 'Matches a report to the member record it is about, which suspends the member’s account',
        params: deathReportParamsSchema,
        body: deathReportMatchSchema,
        response: { 200: deathReportMatchAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireRight(db, request, 'work', request.params.caseNumber);
      const match = await matchDeathReport(
        db,
        request,
        request.params.caseNumber,
        request.body.memberReference,
      );
      return {
        businessGroup: match.businessGroup,
        referenceNumber: match.referenceNumber,
        suspendedUsers: match.suspendedUsers,
        endedSessions: match.endedSessions,
      };
    },
  );

  app.post(
    '/death-reports/:caseNumber/unmatch',
    {
      schema: {
        tags,
        summary: 'Undoes a mistaken match: the suspensions this report made are lifted',
        params: deathReportParamsSchema,
        response: { 200: deathReportUnmatchAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await requireRight(db, request, 'work', request.params.caseNumber);
      return unmatchDeathReport(db, request, request.params.caseNumber);
    },
  );
};
