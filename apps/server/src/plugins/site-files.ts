import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveRoutes } from '@meridian/contracts';
import type { Database } from '../db/client';
import { notFound } from '../lib/errors';
import { findImage } from '../areas/content/document-repository';
import { findTenant } from '../areas/tenancy/tenant-repository';

/** Where the tab icon lives among every tenant's content images. */
export const FAVICON_IMAGE = 'images/favicon.png';

/** Addresses no search engine should index: the APIs, the sign-in machinery and members' own pages. */
const privatePrefixes = [
  '/authentication-api/',
  '/content-api/',
  '/mdp-api/',
  '/api/',
  '/docs/',
  '/oidc/',
  '/sa/',
];

/**
 * The files browsers and crawlers ask every site for: `/robots.txt` (a deployment that is not
 * production asks not to be indexed at all) and `/favicon.ico` (the tenant's `images/favicon.png`).
 */
export const siteFiles: FastifyPluginAsyncZod<{ db: Database; production: boolean }> = async (
  app,
  { db, production },
) => {
  app.get(
    '/robots.txt',
    { schema: { tags: ['site'], summary: 'What crawlers may index on this tenant’s site' } },
    async (request, reply) => {
      const tenant = await findTenant(db, request.tenantUrl);
      const routes = resolveRoutes(tenant?.routes);
      const disallowed = production
        ? [...privatePrefixes, routes.landing, routes.deeplink, routes.error, routes.logout]
        : ['/'];
      const lines = ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`)];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(`${lines.join('\n')}\n`);
    },
  );

  app.get(
    '/favicon.ico',
    { schema: { tags: ['site'], summary: 'The tenant’s tab icon (its content image images/favicon.png)' } },
    async (request, reply) => {
      const image = await findImage(db, request.tenantUrl, FAVICON_IMAGE);
      if (!image) throw notFound('content_not_found', 'This site has no tab icon.');
      return reply
        .type(image.mediaType)
        .header('cache-control', 'public, max-age=3600')
        .header('etag', `"v${image.version}"`)
        .send(image.data);
    },
  );
};
