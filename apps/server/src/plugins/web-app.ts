import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  errorCodes,
  featureEnabled,
  isWebAppPath,
  tenantContentSchema,
  type TenantContent,
} from '@meridian/contracts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { pageExists } from '../areas/content/page-repository';
import { withResolvedAuthority } from '../areas/single-auth/tenant-settings';
import { findTenant } from '../areas/tenancy/tenant-repository';
import { API_PATH_PREFIXES, HASHED_ASSETS_PATH, isApiPath } from '../lib/api-paths';
import { matomoEnabled, MIXPANEL_DEFAULT_API_HOST } from './analytics-sources';

/** Without EPA_DOMAIN (never in production), links to this host stand for the other member site. */
export const DEVELOPMENT_EPA_DOMAIN = 'epa.localhost';

const apiPrefixes = [...API_PATH_PREFIXES, '/docs/'];

/** What the browser needs at start-up, injected into index.html so one build serves every environment. */
export function webRuntimeConfig(config: Config, request: FastifyRequest) {
  const origin = `${request.protocol}://${request.host}`;
  return {
    environment: config.API_ENVIRONMENT,
    apiUrl: config.API_URL ?? origin,
    epaDomain: config.EPA_DOMAIN ?? DEVELOPMENT_EPA_DOMAIN,
    idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
    bereavementJourneyMinutes: config.BEREAVEMENT_JOURNEY_MINUTES,
    loaderDelayMs: 200,
    cookieBannerHiddenPaths: config.HIDE_COOKIE_BANNER_PATHS,
    whitelistedCookies: config.WHITELISTED_COOKIES,
    sessionReplayPercent: config.SESSION_REPLAY_PERCENT,
    identityVerificationCacheExpiryMs: config.IDENTITY_VERIFICATION_CACHE_EXPIRY_MS,
    matomo: matomoEnabled(config)
      ? {
          url: config.MATOMO_URL!,
          scriptFile: config.MATOMO_JS_TRACKER_FILE,
          serverSideFile: config.MATOMO_PHP_TRACKER_FILE,
          siteId: config.MATOMO_SITE_ID!,
        }
      : null,
    mixpanel: config.MIXPANEL_TOKEN
      ? { token: config.MIXPANEL_TOKEN, apiHost: config.MIXPANEL_API_HOST ?? MIXPANEL_DEFAULT_API_HOST }
      : null,
    analyticsExcludedPaths: config.ANALYTICS_EXCLUDED_PATHS,
  };
}

const escapeForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The tenant for the page's host, in the page itself: the app draws its header, menu place and
 * footer in its first paint instead of after a round trip (a frame that arrives late moves the page).
 * `null` says no tenant is configured here; the app asks the API only when the page has none (vite's
 * development server).
 */
export function tenantScript(tenant: TenantContent | null, oidcIssuer: string, nonce: string) {
  const inline = tenant ? tenantContentSchema.encode(withResolvedAuthority(tenant, oidcIssuer)) : null;
  return `<script nonce="${nonce}">window.__MERIDIAN_TENANT__=${escapeForScript(inline)}</script>`;
}

/**
 * Whether the tenant has a page at this path: one the web app draws itself, or a content page (for
 * anyone: a page only members see is still there). An address that is no tenant's shows its own page.
 */
async function hasPageAt(db: Database, tenant: TenantContent | null, pathname: string): Promise<boolean> {
  if (!tenant) return true;
  const siteSearch = featureEnabled(tenant, 'siteSearch');
  if (isWebAppPath(pathname, { routes: tenant.routes, siteSearch })) return true;
  return pageExists(db, tenant.tenantUrl, pathname);
}

/**
 * Serves the built single-page app: hashed assets with a year-long immutable cache (their brotli or
 * gzip copy when the browser takes it), and index.html
 * (never cached) for every other GET that asks for HTML, with status 404 where the tenant has no page
 * (the app then shows its not-found page). API paths that match nothing get JSON 404s.
 */
export async function webApp(app: FastifyInstance, { config, db }: { config: Config; db: Database }) {
  const distDir = path.resolve(config.WEB_DIST_DIR);
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (!indexHtml) app.log.warn({ distDir }, 'web app is not built: run `npm run build` to serve it');

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the assets (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Left to setHeaders: otherwise its own `max-age=0` replaces the header set there.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Meridian</title><p>The web app is not built yet. Run npm run build.</p>',
        );
    }
    const nonce = reply.inlineScriptNonce();
    const script = `<script nonce="${nonce}">window.__MERIDIAN_CONFIG__=${escapeForScript(webRuntimeConfig(config, request))}</script>`;
    const tenant = await findTenant(db, request.tenantUrl);
    const found = await hasPageAt(db, tenant, pathname);
    return reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        indexHtml.replace('</head>', `${script}${tenantScript(tenant, config.oidcIssuer, nonce)}</head>`),
      );
  };

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0]!;
    const isApi = isApiPath(pathOnly, apiPrefixes) || pathOnly.startsWith(HASHED_ASSETS_PATH);
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsHtml) return sendIndex(request, reply, pathOnly);
    return reply.code(404).send({
      errors: [{ code: errorCodes.routeNotFound, message: `No route ${request.method} ${pathOnly}` }],
    });
  });
}
