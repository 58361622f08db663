import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { ContentAccessKeyGate } from './areas/access-key/content-access-key';
import { API_PATH_PREFIXES } from './lib/api-paths';
import { AccessLog, loggerOptions } from './lib/logging';
import { requestValidatorCompiler } from './lib/request-validation';
import type { DatabaseHandle } from './db/client';
import { errorHandling, frameworkErrorReply } from './plugins/error-handling';
import { inputPolicy } from './plugins/input-policy';
import { apiCompression, COMPRESSION_THRESHOLD_BYTES } from './plugins/api-compression';
import { securityHeaders } from './plugins/security-headers';
import { csrfProtection, XSRF_SECURITY_SCHEME, xsrfSecurityScheme } from './plugins/csrf';
import { memberAuthentication, type CachedSession } from './plugins/member-auth';
import { createSessionCache } from './lib/session-cache';
import { loadSigningKey } from './lib/server-keys';
import { siteFiles } from './plugins/site-files';
import { webApp } from './plugins/web-app';
import { hostWithoutPort, isLoopbackHostName, tenantUrlForHostName } from './areas/tenancy/resolve';
import { contentRoutes } from './areas/content/routes';
import { contentDocumentRoutes } from './areas/content/document-routes';
import { registrationRoutes } from './areas/authentication/registration-routes';
import { recoveryRoutes } from './areas/account/recovery-routes';
import { securityRoutes } from './areas/account/security-routes';
import { twoStepRoutes } from './areas/two-step/routes';
import { passkeyRoutes } from './areas/passkeys/routes';
import { developmentRoutes } from './areas/development/routes';
import { otherMemberSiteRoutes } from './areas/development/other-member-site';
import { authenticationRoutes } from './areas/authentication/routes';
import { memberDataRoutes, memberDataInitializeRoute } from './areas/member-data/routes';
import { batchRoutes } from './areas/member-data/batch-routes';
import { createMemberReads } from './areas/member-data/member-reads';
import { bereavementRoutes } from './areas/bereavement/routes';
import { identityProvider } from './areas/identity-provider/plugin';
import { singleAuthRoutes } from './areas/single-auth/routes';
import { singleAuthConnectSources } from './areas/single-auth/connect-sources';
import { createCalculationProvider } from './areas/member-data/calculations';
import { paymentRoutes } from './areas/payments/routes';
import { annualStatementRoutes } from './areas/statements/routes';
import {
  scheduleStatementRun,
  statementRunHandler,
  statementYearStart,
} from './areas/statements/statement-run';
import { retirementRoutes } from './areas/retirement/routes';
import { targetAgeRoutes } from './areas/retirement/target-age-routes';
import { dcPotRoutes } from './areas/retirement/dc-pot-routes';
import { fundSwitchPendingRoutes } from './areas/retirement/fund-switch-pending';
import { fundSwitchPreviewRoutes } from './areas/retirement/fund-switch-preview';
import { retirementJourneyRoutes } from './areas/retirement/application-alias-routes';
import { retirementQuoteRoutes } from './areas/retirement/quote-routes';
import { dcOptionsRoutes } from './areas/retirement/dc-options-routes';
import { dcQuoteRoutes } from './areas/retirement/dc-quote-routes';
import { transferValueRoutes } from './areas/transfer-value/routes';
import { analyticsRoutes } from './areas/analytics/routes';
import { analyticsSources } from './plugins/analytics-sources';
import { captchaSources } from './areas/bereavement/captcha';
import { journeyRoutesFor } from './areas/journeys/routes';
import { memberJourneyOwner } from './areas/journeys/member-owner';
import { stepUpRoutes } from './areas/step-up/routes';
import { VISITOR_API_PREFIX, visitorJourneyOwner } from './areas/journeys/visitor-owner';
import { caseRoutes } from './areas/cases/routes';
import { operationsRoutes } from './areas/operations/routes';
import { recurringJobsOf } from './areas/operations/recurring-jobs';
import { retirementStartRoutes } from './areas/retirement/start-routes';
import './areas/retirement/journey-plugin';
import './areas/retirement/dc-journey-plugin';
import './areas/transfer-application/journey-plugin';
import { fcaRegisterFrom, useFcaRegister } from './areas/transfer-application/fca-register';
import { transferJourneyRoutes } from './areas/transfer-application/routes';
import './areas/my-details/journey-checks';
import './areas/identity-verification/journey-checks';
import './areas/journeys/kind-checks';
import { registerMetrics } from './plugins/metrics';
import { createDocumentStore } from './areas/documents/store';
import { getSchemeConfig, utcDay, type SchemeLookup } from '@meridian/pensions';
import { seedDemoDocuments } from './seed/demo-documents';
import { seedDemoRecordWork } from './seed/demo-record-work';
import { createDocumentLibrary, type DocumentLibrary } from './areas/documents/library';
import { documentUploadRoutes } from './areas/documents/upload-routes';
import { documentLibraryRoutes } from './areas/documents/library-routes';
import { beneficiaryRoutes } from './areas/beneficiaries/routes';
import { rateLimits } from './plugins/rate-limits';
import { createMessaging, type Messaging } from './lib/messaging';
import { httpSmsSender } from './lib/sms-provider';
import { createJobWorker, type JobWorker } from './lib/job-queue';
import { inMessageScope, type OutboxDelivery } from './lib/outbox';
import { sealPlainWebhookSecrets, webhookJobHandler, webhookSecretKey } from './areas/webhooks/delivery';
import { webhookConsoleRoutes } from './areas/webhooks/routes';
import { webhookOpenApi } from './areas/webhooks/openapi';
import {
  INTEGRATION_API_PREFIX,
  INTEGRATION_SECURITY_SCHEME,
  integrationRoutes,
  integrationSecurityScheme,
} from './areas/integration/routes';
import { integrationConsoleRoutes } from './areas/integration/console-routes';
import { staffAdminRoutes } from './areas/operations/staff-admin-routes';
import { contentConsoleRoutes } from './areas/content/console-routes';
import { contentRoot } from './prepare';
import { webhookReceiverRoutes } from './areas/webhooks/receiver-routes';
import { caseDeadlineRoutes } from './areas/operations/deadline-routes';
import { outboxConsoleRoutes } from './areas/outbox/routes';
import { memberDetailsRoutes } from './areas/my-details/member-routes';
import { contactRoutes } from './areas/my-details/contact-routes';
import { bankRoutes } from './areas/my-details/bank-routes';
import { addressRoutes } from './areas/my-details/address-routes';
import { createAddressLookup } from './areas/my-details/address-lookup';
import { telephoneRoutes } from './areas/my-details/telephone-routes';
import { slowRequests } from './plugins/slow-requests';
import { identityVerificationRoutes } from './areas/identity-verification/routes';
import {
  embeddedVerifier,
  httpIdentityProvider,
  type IdentityVerifier,
} from './areas/identity-verification/verifier';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks content access keys (member-data issues them, content checks them). */
    contentAccessKeys: ContentAccessKeyGate;
    /** Members' documents: the store, and how other areas put a portal-made PDF into a member's library. */
    documentLibrary: DocumentLibrary;
    /** The schemes' configuration the built-in calculation engine and the transfer terms read (`AppDependencies.schemes`). */
    schemes: SchemeLookup;
    identityVerifier: IdentityVerifier;
    /** Email and SMS to members (outbox, plus SMTP when configured); one-time codes go through it. */
    messaging: Messaging;
    /** This instance's worker of the job queue (messages, webhooks); a test can drive one poll. */
    jobs: JobWorker;
    /** Set as the instance begins to stop: /ready answers 503, so a load balancer sends it nothing new. */
    draining: boolean;
  }
  interface FastifyRequest {
    /** The tenant this request is for, from its Host header. */
    tenantUrl: string;
  }
}

const HSTS_POLICY = 'max-age=31536000; includeSubDomains';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (standard output unless given; tests capture it). */
  logStream?: DestinationStream;
  /**
   * The schemes' configuration that the built-in calculation engine and the transfer terms (the charge
   * for a second statement, partial transfers) are read from: the bundled files of @meridian/pensions
   * unless given (a test gives a scheme of its own besides them).
   */
  schemes?: SchemeLookup;
}

export async function buildApp({
  config,
  database,
  logStream,
  schemes = getSchemeConfig,
}: AppDependencies): Promise<FastifyInstance> {
  useFcaRegister(fcaRegisterFrom(config));
  const trusted = config.trustProxy;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, logStream),
    logController: new AccessLog(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorReply,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandling);
  await app.register(slowRequests, { timeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000 });
  await app.register(inputPolicy);
  app.decorateRequest('tenantUrl', '');
  // Passkeys' relying party shared by the hosts under it (PASSKEY_RP_ID), read by passkeys/relying-party.ts.
  app.decorate('passkeyRpId', config.passkeyRpId);
  app.addHook('onRequest', (request, reply, done) => {
    const hostName = hostWithoutPort(request.headers.host);
    request.tenantUrl = tenantUrlForHostName(hostName, config.TENANT_URL_FALLBACK);
    reply.header('x-request-id', request.id);
    // Browsers keep to HTTPS for a year once any host but this machine has answered.
    if (!isLoopbackHostName(hostName)) reply.header('strict-transport-security', HSTS_POLICY);
    done();
  });
  // The rest of the request runs in its message scope: what it queues carries its tenant (lib/outbox.ts).
  let messageDelivery: OutboxDelivery | null = null;
  app.addHook('onRequest', (request, _reply, done) =>
    messageDelivery ? inMessageScope(request.tenantUrl, messageDelivery, done) : done(),
  );

  const analytics = analyticsSources(config);
  const captcha = captchaSources(config);
  await app.register(securityHeaders, {
    apiPrefixes: API_PATH_PREFIXES,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...analytics.scriptSrc, ...captcha.scriptSrc],
      ...(captcha.frameSrc.length > 0 && { frameSrc: ["'self'", ...captcha.frameSrc] }),
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...analytics.imgSrc],
      connectSrc: [
        "'self'",
        ...(await singleAuthConnectSources(database.db, config.oidcIssuer)),
        ...analytics.connectSrc,
      ],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: config.isProduction ? [] : null,
    },
  });
  await app.register(apiCompression, { apiPrefixes: API_PATH_PREFIXES });
  await app.register(compress, { global: true, threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(cookie);
  await app.register(rateLimits, { redisUrl: config.REDIS_URL });
  await app.register(csrfProtection);
  const signingKey = await loadSigningKey(database.db, 'access-token', config.SECRETS_KEY);
  const sessionCache = await createSessionCache<CachedSession>({
    database,
    ttlMs: config.SESSION_CACHE_MS,
    redisUrl: config.REDIS_URL,
    log: app.log,
  });
  app.addHook('onClose', () => sessionCache.close());
  const sessionPolicy = {
    idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
  };
  await app.register(memberAuthentication, { db: database.db, config, signingKey, sessionCache });
  app.decorate('contentAccessKeys', {
    secret: await loadSigningKey(database.db, 'content-access-key', config.SECRETS_KEY),
    db: database.db,
    policy: sessionPolicy,
    sessionCache,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Meridian API',
        version: '0.1.0',
        description:
          'Member pension self-service portal: authentication, content, member data and bereavement.',
      },
      tags: [
        { name: 'authentication', description: 'Sign-in, sessions and record switching' },
        { name: 'content', description: 'Tenant content: pages, globals, menus' },
        { name: 'member-data', description: 'Member data platform (mdp-api)' },
        { name: 'my-details', description: 'Your details: membership, contacts, address, bank account' },
        {
          name: 'step-up',
          description: 'Confirming it is you again before an action a stolen session must not take',
        },
        { name: 'journeys', description: 'Journeys defined in content: steps, answers, submission, cases' },
        { name: 'beneficiaries', description: 'Nominating who receives benefits on death' },
        { name: 'documents', description: 'Members’ uploads and document library' },
        {
          name: 'identity-verification',
          description: 'Checking a member’s identity: photo ID or a provider',
        },
        { name: 'bereavement', description: 'Reporting a death, for visitors without an account' },
        { name: 'operations', description: 'Health and readiness' },
        { name: 'operations-console', description: 'Scheme staff: sign-in and case work (/admin-api)' },
        {
          name: 'integration',
          description:
            'A scheme’s administration system: OAuth client credentials, cases, member data; the case events sent to its receivers are under x-webhooks',
        },
      ],
      ...webhookOpenApi,
      components: {
        securitySchemes: {
          [XSRF_SECURITY_SCHEME]: xsrfSecurityScheme,
          [INTEGRATION_SECURITY_SCHEME]: integrationSecurityScheme,
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await registerMetrics(app, config);
  app.get('/health', { schema: { tags: ['operations'], summary: 'Liveness' } }, async () => ({
    status: 'ok',
  }));
  app.decorate('draining', false);
  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and the instance is not stopping',
      },
    },
    async (_, reply) => {
      const databaseUp = await database.ping();
      const ready = databaseUp && !app.draining;
      return reply.code(ready ? 200 : 503).send({
        status: app.draining ? 'draining' : databaseUp ? 'ready' : 'unavailable',
        database: databaseUp,
      });
    },
  );

  const db = database.db;
  const documentStore = createDocumentStore(config);
  app.log.info({ documents: documentStore.description }, 'document store ready');
  app.decorate('documentLibrary', createDocumentLibrary(db, documentStore));
  app.decorate('schemes', schemes);
  // The demo's statements, letters and nomination need the document store, so they are filed here.
  if (config.demo) await seedDemoDocuments(db, app.documentLibrary, utcDay(new Date()));
  app.decorate(
    'identityVerifier',
    config.IDENTITY_VERIFICATION_URL
      ? httpIdentityProvider(config.IDENTITY_VERIFICATION_URL, config.IDENTITY_VERIFICATION_KEY)
      : embeddedVerifier,
  );
  const letterSecret = await loadSigningKey(database.db, 'outbox-letters', config.SECRETS_KEY);
  const messaging = createMessaging({
    db,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    sms: config.SMS_PROVIDER_URL
      ? httpSmsSender({
          url: config.SMS_PROVIDER_URL,
          apiKey: config.SMS_PROVIDER_KEY!,
          sender: config.SMS_SENDER,
        })
      : undefined,
    keepCodes: config.NODE_ENV !== 'production',
    letterSecret,
    wake: () => jobs.wake(),
  });
  messageDelivery = messaging.delivery;
  app.decorate('messaging', messaging);
  const webhookKey = await webhookSecretKey(db, config.SECRETS_KEY);
  const sealedWebhooks = await sealPlainWebhookSecrets(db, webhookKey);
  if (sealedWebhooks > 0) app.log.info({ sealed: sealedWebhooks }, 'webhook secrets sealed');
  const jobs = createJobWorker({
    db,
    log: app.log,
    pollMs: config.JOB_POLL_MS,
    retryBaseMs: config.JOB_RETRY_BASE_MS,
    retryMaxMs: config.JOB_RETRY_MAX_MS,
    recurring: recurringJobsOf({
      db,
      config,
      sessionPolicy,
      messaging,
      documentStore,
      letterSecret,
      log: app.log,
    }),
    handlers: {
      ...messaging.jobHandlers,
      webhook: webhookJobHandler(db, webhookKey),
      'annual-statements': statementRunHandler(db, app.documentLibrary, app.log),
    },
  });
  // The yearly statement run: this statement year's (the next year's in the demo, whose seed issues the
  // personas' statements and leaves the others' documents empty); each run queues the next.
  const statementYear = statementYearStart(utcDay(new Date()));
  await scheduleStatementRun(db, config.demo ? statementYear + 1 : statementYear);
  app.decorate('jobs', jobs);
  // The console's held bank change and unmatched report of a death: the hold tells the member.
  if (config.demo) await seedDemoRecordWork(db, messaging, app.log, utcDay(new Date()));
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  await app.register(authenticationRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(registrationRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(recoveryRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(securityRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(twoStepRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(passkeyRoutes, { prefix: '/authentication-api/api', db });
  if (config.demo) {
    await app.register(developmentRoutes, { prefix: '/api/dev', db });
    await app.register(otherMemberSiteRoutes, { prefix: '/api/dev/other-member-site' });
  }
  await app.register(contentRoutes, {
    prefix: '/content-api/api/v2/content',
    db,
    oidcIssuer: config.oidcIssuer,
  });
  await app.register(contentDocumentRoutes, { prefix: '/content-api/api/v2/content', db });
  await app.register(memberDataInitializeRoute, { prefix: '/mdp-api', db, config });
  const calculations = createCalculationProvider(config, schemes);
  const memberReads = await createMemberReads({ database, ttlMs: config.SESSION_CACHE_MS, log: app.log });
  app.addHook('onClose', () => memberReads.close());
  await app.register(memberDataRoutes, { prefix: '/mdp-api/api', db, config, calculations, memberReads });
  await app.register(batchRoutes, { prefix: '/mdp-api/api' });
  await app.register(retirementRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(targetAgeRoutes, { prefix: '/mdp-api/api', db });
  await app.register(dcPotRoutes, { prefix: '/mdp-api/api', db });
  await app.register(fundSwitchPendingRoutes, { prefix: '/mdp-api/api', db });
  await app.register(fundSwitchPreviewRoutes, { prefix: '/mdp-api/api', db });
  await app.register(retirementQuoteRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(dcOptionsRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(dcQuoteRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(transferValueRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(paymentRoutes, { prefix: '/mdp-api/api', db });
  await app.register(annualStatementRoutes, { prefix: '/mdp-api/api', db });
  await app.register(analyticsRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(documentUploadRoutes, { prefix: '/mdp-api/api', db, config });
  await app.register(documentLibraryRoutes, { prefix: '/mdp-api/api', db });
  await app.register(beneficiaryRoutes, { prefix: '/mdp-api/api', db, messaging });
  await app.register(memberDetailsRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(contactRoutes, { prefix: '/mdp-api/api', db, messaging });
  await app.register(bankRoutes, { prefix: '/mdp-api/api', db, messaging });
  await app.register(stepUpRoutes, { prefix: '/mdp-api/api', db, config });
  await app.register(addressRoutes, { prefix: '/mdp-api/api', lookup: createAddressLookup(config, db) });
  await app.register(telephoneRoutes, { prefix: '/mdp-api/api', db, config });
  await app.register(identityVerificationRoutes, { prefix: '/mdp-api/api', db });
  // One set of journey routes, mounted for members and for visitors (areas/journeys/owner.ts).
  const members = memberJourneyOwner({ db, calculations });
  const journeyDeps = { db, config, calculations };
  await app.register(journeyRoutesFor(members), { prefix: '/mdp-api/api', ...journeyDeps });
  await app.register(journeyRoutesFor(visitorJourneyOwner({ db, config })), {
    prefix: VISITOR_API_PREFIX,
    ...journeyDeps,
  });
  await app.register(caseRoutes, { prefix: '/mdp-api/api', db });
  await app.register(retirementStartRoutes, { prefix: '/mdp-api/api', db, calculations, members });
  await app.register(retirementJourneyRoutes, { prefix: '/mdp-api/api', db, members });
  await app.register(transferJourneyRoutes, { prefix: '/mdp-api/api', db, calculations, members });
  await app.register(bereavementRoutes, { prefix: '/api/bereavement', ...journeyDeps });
  await app.register(singleAuthRoutes, { prefix: '/mdp-api/api', db });
  await identityProvider(app, { db, config });
  await app.register(operationsRoutes, {
    prefix: '/admin-api',
    db,
    calculations,
    secretsKey: config.SECRETS_KEY,
    staffOidc: config.staffOidc,
    staffOidcSecrets: config.staffOidcSecrets,
  });
  await app.register(outboxConsoleRoutes, { prefix: '/admin-api', db });
  await app.register(webhookConsoleRoutes, { prefix: '/admin-api', db });
  await app.register(integrationRoutes, { prefix: INTEGRATION_API_PREFIX, db });
  await app.register(integrationConsoleRoutes, {
    prefix: '/admin-api',
    db,
    secretGraceHours: config.INTEGRATION_SECRET_GRACE_HOURS,
  });
  await app.register(caseDeadlineRoutes, { prefix: '/admin-api', db });
  await app.register(staffAdminRoutes, { prefix: '/admin-api', db });
  await app.register(contentConsoleRoutes, {
    prefix: '/admin-api',
    db,
    contentDir: config.CONTENT_DIR ?? contentRoot,
    demo: config.demo,
  });
  await app.register(webhookReceiverRoutes, {
    prefix: '/admin-api',
    db,
    production: config.isProduction,
    secretsKey: config.SECRETS_KEY,
    secretGraceHours: config.WEBHOOK_SECRET_GRACE_HOURS,
  });

  await app.register(siteFiles, { db, production: config.isProduction });
  await webApp(app, { config, db });
  return app;
}
