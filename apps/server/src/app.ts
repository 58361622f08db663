import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { errorHandling } from './plugins/error-handling';
import { csrfProtection } from './plugins/csrf';
import { memberAuthentication } from './plugins/member-auth';
import { loadSigningKey } from './lib/server-keys';
import { webApp } from './plugins/web-app';
import { tenantUrlForHost } from './areas/tenancy/resolve';
import { contentRoutes } from './areas/content/routes';
import { contentDocumentRoutes } from './areas/content/document-routes';
import { registrationRoutes } from './areas/authentication/registration-routes';
import { developmentRoutes } from './areas/development/routes';
import { otherMemberSiteRoutes } from './areas/development/other-member-site';
import { authenticationRoutes } from './areas/authentication/routes';
import { memberDataRoutes, memberDataInitializeRoute } from './areas/member-data/routes';
import { bereavementRoutes } from './areas/bereavement/routes';
import { identityProvider } from './areas/identity-provider/plugin';
import { singleAuthRoutes } from './areas/single-auth/routes';
import { singleAuthConnectSources } from './areas/single-auth/connect-sources';
import { createCalculationProvider } from './areas/member-data/calculations';
import { retirementRoutes } from './areas/member-data/retirement-routes';
import { analyticsRoutes } from './areas/member-data/analytics-routes';
import { analyticsSources } from './plugins/analytics-sources';
import { registerMetrics } from './plugins/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and verifies content access keys (member-data issues them, content checks them). */
    contentAccessKeySecret: Uint8Array;
  }
  interface FastifyRequest {
    /** The tenant this request is for, from its Host header. */
    tenantUrl: string;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
}

export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandling);
  app.decorateRequest('tenantUrl', '');
  app.addHook('onRequest', async (request, reply) => {
    request.tenantUrl = tenantUrlForHost(request.headers.host, config.TENANT_URL_FALLBACK);
    reply.header('x-request-id', request.id);
  });

  const analytics = analyticsSources(config);
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics.scriptSrc],
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
    },
    hsts: config.isProduction,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(csrfProtection, { secure: config.isProduction });
  const signingKey = await loadSigningKey(database.db, 'access-token', config.SECRETS_KEY);
  await app.register(memberAuthentication, { db: database.db, config, signingKey });
  app.decorate(
    'contentAccessKeySecret',
    await loadSigningKey(database.db, 'content-access-key', config.SECRETS_KEY),
  );

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
        { name: 'bereavement', description: 'Reporting a death, for visitors without an account' },
        { name: 'operations', description: 'Health and readiness' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await registerMetrics(app, config);
  app.get('/health', { schema: { tags: ['operations'], summary: 'Liveness' } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/ready',
    { schema: { tags: ['operations'], summary: 'Readiness: the database answers' } },
    async (_, reply) => {
      const databaseUp = await database.ping();
      return reply
        .code(databaseUp ? 200 : 503)
        .send({ status: databaseUp ? 'ready' : 'unavailable', database: databaseUp });
    },
  );

  const db = database.db;
  await app.register(authenticationRoutes, { prefix: '/authentication-api/api', db, config });
  await app.register(registrationRoutes, { prefix: '/authentication-api/api', db });
  if (!config.isProduction) {
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
  const calculations = createCalculationProvider(config);
  await app.register(memberDataRoutes, { prefix: '/mdp-api/api', db, config, calculations });
  await app.register(retirementRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(analyticsRoutes, { prefix: '/mdp-api/api', db, calculations });
  await app.register(bereavementRoutes, { prefix: '/api/bereavement', db, config });
  await app.register(singleAuthRoutes, { prefix: '/mdp-api/api', db });
  await identityProvider(app, { db, config });

  await webApp(app, { config });
  return app;
}
