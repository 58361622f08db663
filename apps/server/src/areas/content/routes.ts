import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizedPageQuerySchema,
  clientWordingFlagsQuery,
  contentRequestHeadersSchema,
  featureEnabled,
  pageSchema,
  type Globals,
  publicVisibilityKey,
  tenantContentQuerySchema,
  tenantContentSchema,
  unauthorizedPageQuerySchema,
  visibilityKeyOf,
} from '@meridian/contracts';
import { errorResponses, notFound } from '../../lib/errors';
import { sendWrittenJson } from '../../lib/written-json';
import { requireContentAccessKey } from '../access-key/content-access-key';
import type { Database } from '../../db/client';
import { findTenant } from '../tenancy/tenant-repository';
import { withResolvedAuthority } from '../single-auth/tenant-settings';
import { findDocument } from './document-repository';
import { findPageUrlByKey, pageJson } from './page-repository';
import { searchPublicPages } from './search';
import { readerKey } from './readers';

export interface ContentRoutesOptions {
  db: Database;
  /** Replaces a tenant's "embedded" single-auth authority. */
  oidcIssuer: string;
}

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, { db, oidcIssuer }) => {
  app.get(
    '/tenant-content',
    {
      schema: {
        tags: ['content'],
        summary: 'Tenant definition: name, branding, business groups, sign-in methods, route overrides',
        headers: contentRequestHeadersSchema,
        querystring: tenantContentQuerySchema,
        response: { 200: tenantContentSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const tenant = await findTenant(db, request.query.tenantUrl.toLowerCase());
      if (!tenant) throw notFound('tenant_not_found', 'No tenant is configured for this address.');
      return withResolvedAuthority(tenant, oidcIssuer);
    },
  );

  app.get(
    '/unauthorized-page',
    {
      schema: {
        tags: ['content'],
        summary: 'A public page of a tenant by its URL',
        headers: contentRequestHeadersSchema,
        querystring: unauthorizedPageQuerySchema,
        response: { 200: pageSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const page = await pageJson(db, request.query.tenantUrl.toLowerCase(), request.query.pageUrl, {
        publicOnly: true,
        key: publicVisibilityKey,
        log: request.log,
      });
      if (!page) throw notFound('page_not_found', 'There is no page at this address.');
      return sendWrittenJson(reply, page);
    },
  );

  app.get(
    '/authorized-page',
    {
      schema: {
        tags: ['content'],
        summary: 'A page for a signed-in member, personalised by their signed content access key',
        headers: contentRequestHeadersSchema,
        querystring: authorizedPageQuerySchema,
        response: { 200: pageSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { payload: key } = await requireContentAccessKey(
        app.contentAccessKeys,
        request.query.contentAccessKey,
        request,
        reply,
      );
      const page = await pageJson(db, key.tenantUrl, request.query.pageUrl, {
        publicOnly: false,
        key: readerKey(key, [request.query.wordingFlags ?? []].flat()),
        log: request.log,
      });
      if (!page) throw notFound('page_not_found', 'There is no page at this address.');
      return sendWrittenJson(reply, page);
    },
  );

  app.get(
    '/url',
    {
      schema: {
        tags: ['content'],
        summary:
          'The URL of a page by its key: public pages for anyone, others only with a content access key that opens them',
        headers: contentRequestHeadersSchema,
        querystring: z.object({
          key: z.string().min(1).max(60),
          tenantUrl: z.string().min(1).max(255).optional(),
          contentAccessKey: z.string().min(20).max(8000).optional(),
          wordingFlags: clientWordingFlagsQuery,
        }),
        response: { 200: z.object({ url: z.string() }), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const tenantUrl = (query.tenantUrl ?? request.tenantUrl).toLowerCase();
      const member = query.contentAccessKey
        ? (await requireContentAccessKey(app.contentAccessKeys, query.contentAccessKey, request, reply))
            .payload
        : null;
      const url =
        member && member.tenantUrl !== tenantUrl
          ? null
          : await findPageUrlByKey(db, tenantUrl, query.key, {
              publicOnly: !member,
              key: member ? visibilityKeyOf(member, [query.wordingFlags ?? []].flat()) : publicVisibilityKey,
            });
      if (!url) throw notFound('page_not_found', 'No page you can open has this key.');
      return { url };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['content'],
        summary: 'Search the public pages of a tenant',
        headers: contentRequestHeadersSchema,
        querystring: z.object({
          tenantUrl: z.string().min(1).max(255),
          q: z.string().trim().min(1).max(200),
        }),
        response: {
          200: z.object({
            query: z.string(),
            results: z.array(z.object({ url: z.string(), title: z.string(), summary: z.string() })),
          }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const tenantUrl = request.query.tenantUrl.toLowerCase();
      const tenant = await findTenant(db, tenantUrl);
      if (!tenant || !featureEnabled(tenant, 'siteSearch'))
        throw notFound('search_not_offered', 'This portal has no site search.');
      const globals = await findDocument<Globals>(db, tenantUrl, 'globals');
      const labels = Object.fromEntries(
        (globals?.labels ?? []).map((label) => [label.labelKey, label.labelText]),
      );
      return {
        query: request.query.q,
        results: await searchPublicPages(db, tenantUrl, request.query.q, labels),
      };
    },
  );
};
