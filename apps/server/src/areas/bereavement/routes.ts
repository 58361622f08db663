import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BEREAVEMENT_API_PREFIX,
  reportWarningSeconds,
  bereavementCaptchaChallengeSchema,
  bereavementCaptchaPassSchema,
  bereavementEmailCodeSentSchema,
  bereavementStartRequestSchema,
  journeyTypeParamsSchema,
  type BereavementStartRequest,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { journeyRoutesFor } from '../journeys/routes';
import { createAddressLookup } from '../my-details/address-lookup';
import { addressLookupRoutes } from '../my-details/address-routes';
import { visitorJourneyOwner } from '../journeys/visitor-owner';
import { reportAliasRoutes } from './alias-routes';
import { altchaCaptcha, providerWidget, SITEVERIFY_URLS, siteverifyCaptcha, type Captcha } from './captcha';
import { keepReportFilesIn, reportDocumentRoutes, reportDocumentStore } from './documents';
import { EMAIL_PROOF_RULES, reportRow, sendEmailCode } from './email-proof';
import { reportSessionRoutes } from './session-routes';
import { answerAtSpecPaths } from './spec-paths';
import { CAPTCHA_PASS_MINUTES, withCaptchaPasses } from './captcha-pass';
import { emailProvenIn, reportHoldsUpload } from './journey-checks';
import { bereavementStore } from './store';
import { errorResponses } from '../../lib/errors';

export interface BereavementRoutesOptions {
  db: Database;
  config: Config;
  calculations: CalculationProvider;
}

/**
 * Reporting a death without an account (docs/bereavement.md): a captcha challenge, then the journey
 * engine's visitor routes for `audience: "bereavement"` journeys, whose start needs the solved
 * captcha and whose answers are kept in the bereavement schema, apart from members' data. The spec's
 * calls answer at `/api/bereavement/<call>` too (spec-paths.ts).
 */
export const bereavementRoutes: FastifyPluginAsyncZod<BereavementRoutesOptions> = async (
  app,
  { db, config, calculations },
) => {
  const widget = providerWidget(config);
  const widgetCaptcha: Captcha = widget
    ? siteverifyCaptcha({
        widget,
        secret: config.BEREAVEMENT_CAPTCHA_SECRET!,
        verifyUrl: config.BEREAVEMENT_CAPTCHA_VERIFY_URL ?? SITEVERIFY_URLS[widget.provider],
      })
    : await altchaCaptcha(db, config.SECRETS_KEY, config.BEREAVEMENT_CAPTCHA_WORK);
  const captcha = await withCaptchaPasses(db, config.SECRETS_KEY, widgetCaptcha);
  const store = reportDocumentStore(config);
  // The scheme's staff open the reports' files from the case (the console, the integration API).
  keepReportFilesIn(db, store);
  const lookup = createAddressLookup(config, db);

  app.get(
    '/captcha-challenge',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['bereavement'],
        summary:
          'The captcha before a report of a death starts: a signed proof-of-work challenge (ALTCHA) that expires in 10 minutes and solves one start, or, with reCAPTCHA or Turnstile configured, that provider, its public site key and its widget script',
        response: { 200: bereavementCaptchaChallengeSchema, ...errorResponses(429) },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await captcha.challenge()),
  );

  app.post(
    '/captcha-verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['bereavement'],
        summary: `Checks the captcha before the report starts (the spec's captcha-verify): spends the widget's solution or token and answers a pass that the start (or login) takes as its captcha, once, within ${CAPTCHA_PASS_MINUTES} minutes`,
        body: bereavementStartRequestSchema,
        response: {
          200: bereavementCaptchaPassSchema,
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await db.transaction((tx) => captcha.verify(tx, request.body.captcha, request.ip))),
  );

  const owner = visitorJourneyOwner({
    db,
    config,
    kind: {
      audience: 'bereavement',
      tag: 'bereavement',
      prefix: BEREAVEMENT_API_PREFIX,
      // The spec's token calls are at /api/bereavement/...: the cookie goes to this API, no other.
      tokenPath: BEREAVEMENT_API_PREFIX,
      store: bereavementStore,
      minutes: config.BEREAVEMENT_JOURNEY_MINUTES,
      warningSeconds: reportWarningSeconds(config.BEREAVEMENT_JOURNEY_MINUTES),
      membersWelcome: true,
      holdsUpload: reportHoldsUpload,
      minutesSaid: `${config.BEREAVEMENT_JOURNEY_MINUTES} minutes, or ${config.BEREAVEMENT_PROVEN_MINUTES} once the reporter’s email is proven`,
      async minutesFor(q, journeyId) {
        const { emailProvenAt } = await reportRow(q, journeyId);
        return emailProvenAt ? config.BEREAVEMENT_PROVEN_MINUTES : config.BEREAVEMENT_JOURNEY_MINUTES;
      },
      // The token held before the email was proven opens nothing after it: the code's answer carries a new one.
      async stepped(request, reply, journey, tokens) {
        if (emailProvenIn(request))
          await tokens.rotate(db, reply, journey, config.BEREAVEMENT_PROVEN_MINUTES);
      },
      admit: {
        body: bereavementStartRequestSchema,
        check: (tx, request) =>
          captcha.spend(tx, (request.body as BereavementStartRequest).captcha, request.ip),
      },
      routes(journeys, walker, tokens) {
        journeys.post(
          '/journeys/:journeyType/email-token',
          {
            config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
            schema: {
              tags: ['bereavement'],
              summary: `Email a 6-digit code to the report's email answer, valid ${EMAIL_PROOF_RULES.expiryMinutes} minutes (a code sent under ${EMAIL_PROOF_RULES.resendSeconds} seconds ago stands); 403 email_locked for a day after ${EMAIL_PROOF_RULES.maxAttempts} wrong codes; 429 email_codes_exceeded after ${EMAIL_PROOF_RULES.codesPerAddressPerHour} codes to one address in an hour`,
              params: journeyTypeParamsSchema,
              response: {
                200: bereavementEmailCodeSentSchema,
                ...errorResponses(400, 401, 403, 404, 429),
              },
            },
          },
          async (request) => {
            const journey = await walker.journeyOf(db, request, request.params.journeyType);
            return sendEmailCode(db, request.log, await reportRow(db, journey.id), new Date(), (email) =>
              request.server.attemptCounters.take(
                'bereavement-email-code',
                email,
                EMAIL_PROOF_RULES.codesPerAddressPerHour,
              ),
            );
          },
        );
        reportDocumentRoutes(journeys, walker, db, store);
        reportAliasRoutes(journeys, walker, db, calculations);
        reportSessionRoutes(journeys, walker, tokens, { db, config, calculations });
        // The address boxes' lookup, for the report's own token (never the member API's).
        addressLookupRoutes(journeys, lookup, {
          path: '/journeys/:journeyType/addresses',
          params: journeyTypeParamsSchema,
          tags: ['bereavement'],
          config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
          allow: async (request) => {
            await walker.journeyOf(db, request, (request.params as { journeyType: string }).journeyType);
          },
        });
      },
    },
  });
  answerAtSpecPaths(app);
  await app.register(journeyRoutesFor(owner), { db, config, calculations });
};
