import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BEREAVEMENT_JOURNEY_TYPE,
  bereavementLoginRequestSchema,
  bereavementLoginResponseSchema,
  bereavementSubmitEmailRequestSchema,
  journeyTypeParamsSchema,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, badRequest, errorResponses } from '../../lib/errors';
import { startJourney } from '../journeys/actions';
import type { JourneyOwner, RoutesApp } from '../journeys/owner';
import type { VisitorTokens } from '../journeys/visitor-owner';
import { refuseExtendingSent, SENT_VISITOR_JOURNEY_MINUTES } from '../journeys/visitor-store';
import { findTenant } from '../tenancy/tenant-repository';
import { emailProven } from './documents';
import { EMAIL_PROOF_RULES, proveEmail, reportRow } from './email-proof';

const expirySchema = z.object({ expiresAt: z.string() });
const errors = errorResponses(400, 401, 403, 404);

/**
 * The spec's bereavement token calls (docs/bereavement.md): `login` opens a report under the scheme's
 * business group; `refresh-token` and `verification-exchange-token` give the report a new token, the
 * second once the reporter's email is proven (the step that proves it already gives one). Both answer
 * at the report's own path and at the spec's top-level one (spec-paths.ts), as the report's token
 * cookie is sent to the whole bereavement API (and nowhere else). A sent report's token is not renewed:
 * 409 `visitor_journey_sent`.
 */
export function reportSessionRoutes(
  app: RoutesApp,
  owner: JourneyOwner,
  tokens: VisitorTokens,
  { db, config, calculations }: { db: Database; config: Config; calculations: CalculationProvider },
) {
  const tags = [owner.tag];

  app.post(
    '/login',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'The spec’s login (payload: businessGroup): opens a report of a death under one of this site’s business groups, with a solved captcha; the token is the report’s cookie',
        body: bereavementLoginRequestSchema,
        response: {
          200: bereavementLoginResponseSchema,
          ...errors,
          ...errorResponses(409, 429),
        },
      },
    },
    async (request, reply) => {
      const tenant = await findTenant(db, request.tenantUrl);
      if (!tenant?.businessGroups.includes(request.body.businessGroup))
        throw badRequest(
          'business_group_unknown',
          'This site does not run a scheme with that business group.',
        );
      const graph = await owner.graphOf(request, BEREAVEMENT_JOURNEY_TYPE, 'start');
      const answer = await startJourney(db, calculations, owner, request, graph, request.body);
      return answer(reply);
    },
  );

  const reportOf = async (request: FastifyRequest, type: string) =>
    reportRow(db, (await owner.journeyOf(db, request, type)).id);

  /** A token call, at the report's own path (and at the spec's, spec-paths.ts). */
  const tokenCall = (
    call: string,
    summary: string,
    renew: (request: FastifyRequest, reply: FastifyReply, type: string) => Promise<Date>,
  ) => {
    const response = { 200: expirySchema, ...errors, ...errorResponses(409) };
    app.post(
      `/journeys/:journeyType/${call}`,
      { schema: { tags, summary, params: journeyTypeParamsSchema, response } },
      async (request, reply) => ({
        expiresAt: (await renew(request, reply, request.params.journeyType)).toISOString(),
      }),
    );
  };

  tokenCall(
    'refresh-token',
    `The spec’s refresh-token: a new token for the report (the old one stops working), valid ${config.BEREAVEMENT_JOURNEY_MINUTES} minutes, or ${config.BEREAVEMENT_PROVEN_MINUTES} once the email is proven; 409 visitor_journey_sent once the report is sent (its token ends at most ${SENT_VISITOR_JOURNEY_MINUTES} minutes after sending)`,
    async (request, reply, type) => {
      const report = await reportOf(request, type);
      const minutes = emailProven(report)
        ? config.BEREAVEMENT_PROVEN_MINUTES
        : config.BEREAVEMENT_JOURNEY_MINUTES;
      return tokens.rotate(db, reply, report, minutes);
    },
  );

  app.post(
    '/journeys/:journeyType/submit-email',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: `The spec’s submit-email: the 6-digit code email-token sent to the report’s email answer proves that address (as the code page’s answer does) and gives the report a new token valid ${config.BEREAVEMENT_PROVEN_MINUTES} minutes; 400 email_code_invalid with the tries left, email_code_expired or email_code_not_sent; 403 email_locked for a day after ${EMAIL_PROOF_RULES.maxAttempts} wrong codes; 409 visitor_journey_sent once the report is sent`,
        params: journeyTypeParamsSchema,
        body: bereavementSubmitEmailRequestSchema,
        response: { 200: expirySchema, ...errors, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      const report = await reportOf(request, request.params.journeyType);
      refuseExtendingSent(report);
      await proveEmail(db, report, request.body.emailConfirmationToken, new Date());
      const expiresAt = await tokens.rotate(db, reply, report, config.BEREAVEMENT_PROVEN_MINUTES);
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  tokenCall(
    'verification-exchange-token',
    `The spec’s verification-exchange-token: once the reporter’s email is proven, the token they hold is exchanged for a new one valid ${config.BEREAVEMENT_PROVEN_MINUTES} minutes (the accepted code’s answer has already given one; this stays for clients that call it); 403 email_not_proven before; 409 visitor_journey_sent once the report is sent`,
    async (request, reply, type) => {
      const report = await reportOf(request, type);
      if (!emailProven(report))
        throw new AppError(
          403,
          'email_not_proven',
          'Confirm your email address with the code we sent first.',
        );
      return tokens.rotate(db, reply, report, config.BEREAVEMENT_PROVEN_MINUTES);
    },
  );
}
