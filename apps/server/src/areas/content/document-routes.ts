import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contentRequestHeadersSchema,
  footerSchema,
  fundSchema,
  globalsSchema,
  menuSchema,
  optionListSchema,
  optionSummarySchema,
  questionNodeSchema,
  type ContentAccessKeyPayload,
  type Menu,
  visibilityKeyOf,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { requireContentAccessKey } from '../access-key/content-access-key';
import { errorResponses, notFound } from '../../lib/errors';
import {
  documentJson,
  findDocument,
  findImage,
  findWidgets,
  type DocumentReader,
} from './document-repository';
import { readerKey, readerName } from './readers';
import { contentImageVersion } from './image-version';
import { sendWrittenJson } from '../../lib/written-json';
import { personalise } from './personalise';

const tenantQuery = z.object({ tenantUrl: z.string().min(1).max(255) });
const keyQuery = z.object({ contentAccessKey: z.string().min(20).max(8000) });

type OptionList = z.infer<typeof optionListSchema>;
type OptionSummary = z.infer<typeof optionSummarySchema>;
type QuestionNode = z.infer<typeof questionNodeSchema>;
type Fund = z.infer<typeof fundSchema>;

/**
 * Tenant-wide content: globals, menu, footer, option lists and summaries, question nodes, funds,
 * images and page-feed widgets. "Authorized" calls are keyed by a content access key,
 * "unauthorized" ones by the tenant URL. Missing content answers 404, which clients read as empty.
 */
export const contentDocumentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const accessKey = async (token: string, request: FastifyRequest, reply: FastifyReply) =>
    (await requireContentAccessKey(app.contentAccessKeys, token, request, reply)).payload;
  const document = async <T>(tenantUrl: string, kind: Parameters<typeof findDocument>[2]) => {
    const found = await findDocument<T>(db, tenantUrl.toLowerCase(), kind);
    if (!found) throw notFound('content_not_found', `This tenant has no ${kind}.`);
    return found;
  };
  /** A tenant's globals, menu or footer as JSON for this reader, or 404. */
  const keptJson = async <T>(
    tenantUrl: string,
    kind: 'globals' | 'menu' | 'footer',
    schema: z.ZodType,
    reader?: DocumentReader<T>,
  ) => {
    const found = await documentJson(db, tenantUrl.toLowerCase(), kind, schema, reader);
    if (!found) throw notFound('content_not_found', `This tenant has no ${kind}.`);
    return found;
  };
  const visitorMenu: DocumentReader<Menu> = {
    name: 'visitor',
    shape: (menu) => ({ items: menu.items.filter((item) => !item.signedInOnly) }),
  };
  const memberMenu = (payload: ContentAccessKeyPayload): DocumentReader<Menu> => {
    const key = readerKey(payload);
    return { name: readerName(false, key), shape: (menu) => personalise(menu, key) };
  };
  const responses = <T extends z.ZodType>(schema: T) => ({
    200: schema,
    ...errorResponses(400, 401, 404),
  });

  app.get(
    '/unauthorized-globals',
    {
      schema: {
        tags: ['content'],
        summary: 'Labels, classifiers, messages, modals and tooltips of a tenant',
        headers: contentRequestHeadersSchema,
        querystring: tenantQuery,
        response: responses(globalsSchema),
      },
    },
    async (request, reply) =>
      sendWrittenJson(reply, await keptJson(request.query.tenantUrl, 'globals', globalsSchema)),
  );
  app.get(
    '/authorized-globals',
    {
      schema: {
        tags: ['content'],
        summary: 'Globals for a signed-in member',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery,
        response: responses(globalsSchema),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      return sendWrittenJson(reply, await keptJson(key.tenantUrl, 'globals', globalsSchema));
    },
  );
  app.get(
    '/unauthorized-menu',
    {
      schema: {
        tags: ['content'],
        summary: 'The menu for visitors',
        headers: contentRequestHeadersSchema,
        querystring: tenantQuery,
        response: responses(menuSchema),
      },
    },
    async (request, reply) =>
      sendWrittenJson(reply, await keptJson(request.query.tenantUrl, 'menu', menuSchema, visitorMenu)),
  );
  app.get(
    '/authorized-menu',
    {
      schema: {
        tags: ['content'],
        summary: 'The menu for a signed-in member',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery,
        response: responses(menuSchema),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      return sendWrittenJson(reply, await keptJson(key.tenantUrl, 'menu', menuSchema, memberMenu(key)));
    },
  );
  app.get(
    '/unauthorized-footer',
    {
      schema: {
        tags: ['content'],
        summary: 'The footer for visitors',
        headers: contentRequestHeadersSchema,
        querystring: tenantQuery,
        response: responses(footerSchema),
      },
    },
    async (request, reply) =>
      sendWrittenJson(reply, await keptJson(request.query.tenantUrl, 'footer', footerSchema)),
  );
  app.get(
    '/authorized-footer',
    {
      schema: {
        tags: ['content'],
        summary: 'The footer for a signed-in member',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery,
        response: responses(footerSchema),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      return sendWrittenJson(reply, await keptJson(key.tenantUrl, 'footer', footerSchema));
    },
  );
  app.get(
    '/authorized-option-list',
    {
      schema: {
        tags: ['content'],
        summary: 'A retirement option list (by key or the selected quote name)',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery.extend({
          key: z.string().min(1).max(100).optional(),
          selectedQuoteName: z.string().min(1).max(200).optional(),
        }),
        response: responses(optionListSchema),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      const wanted = request.query.key ?? request.query.selectedQuoteName?.split('.')[0];
      const list = (await document<OptionList[]>(key.tenantUrl, 'option-lists')).find(
        (candidate) => candidate.key === wanted,
      );
      if (!list) throw notFound('content_not_found', 'No option list has this key.');
      return personalise(list, visibilityKeyOf(key));
    },
  );
  app.get(
    '/authorized-option-summary',
    {
      schema: {
        tags: ['content'],
        summary: 'The summary of one retirement option',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery.extend({ key: z.string().min(1).max(100) }),
        response: responses(optionSummarySchema),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      const summary = (await document<OptionSummary[]>(key.tenantUrl, 'option-summaries')).find(
        (candidate) => candidate.key === request.query.key,
      );
      if (!summary) throw notFound('content_not_found', 'No option summary has this key.');
      return summary;
    },
  );
  app.get(
    '/authorized-question-nodes',
    {
      schema: {
        tags: ['content'],
        summary: 'The explore-options question tree for an option',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery.extend({ optionKey: z.string().min(1).max(100) }),
        response: responses(z.array(questionNodeSchema)),
      },
    },
    async (request, reply) => {
      const key = await accessKey(request.query.contentAccessKey, request, reply);
      const nodes = (await document<QuestionNode[]>(key.tenantUrl, 'question-nodes')).filter(
        (node) => node.optionKey === request.query.optionKey,
      );
      if (nodes.length === 0) throw notFound('content_not_found', 'No questions for this option.');
      return nodes;
    },
  );
  app.get(
    '/authorized-funds',
    {
      schema: {
        tags: ['content'],
        summary: 'The funds of the tenant’s DC schemes',
        headers: contentRequestHeadersSchema,
        querystring: keyQuery,
        response: responses(z.array(fundSchema)),
      },
    },
    async (request, reply) => {
      const funds = await document<Fund[]>(
        (await accessKey(request.query.contentAccessKey, request, reply)).tenantUrl,
        'funds',
      );
      return [...funds].sort((a, b) => a.orderNo - b.orderNo);
    },
  );
  app.get(
    '/unauthorized-page-feed-widgets',
    {
      schema: {
        tags: ['content'],
        summary: 'What the feeds of other pages show of the given public pages',
        headers: contentRequestHeadersSchema,
        querystring: tenantQuery.extend({
          pageUrls: z.union([z.string().max(500), z.array(z.string().max(500)).max(20)]),
        }),
        response: responses(
          z.array(
            z.object({
              pageUrl: z.string(),
              pageKey: z.string(),
              title: z.string(),
              html: z.string(),
              imagePath: z.string().optional(),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const urls = [request.query.pageUrls].flat();
      const widgets = await findWidgets(db, request.query.tenantUrl.toLowerCase(), urls);
      if (widgets.length === 0) throw notFound('content_not_found', 'None of these pages has a widget.');
      return widgets.map((row) => ({
        pageUrl: row.slug,
        pageKey: row.key,
        ...(row.widget as { title: string; html: string; imagePath?: string }),
      }));
    },
  );
  // The spec's spelling of this endpoint is kept so existing clients work.
  app.get(
    '/image-resouce',
    {
      schema: {
        tags: ['content'],
        summary: 'An image referenced by content, as bytes with its media type',
        headers: contentRequestHeadersSchema,
        querystring: z.object({
          cmsRelativeUrl: z.string().regex(/^images\/[\w.-]+$/, 'a path such as images/logo.png'),
          tenantUrl: z.string().min(1).max(255).optional(),
          /** The version of the image's bytes (contentImageUrl): an address that always means these bytes. */
          v: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const image = await findImage(
        db,
        (request.query.tenantUrl ?? request.tenantUrl).toLowerCase(),
        request.query.cmsRelativeUrl,
      );
      if (!image) throw notFound('content_not_found', 'No image at this path.');
      const versioned = request.query.v !== undefined && request.query.v === contentImageVersion(image.data);
      return reply
        .type(image.mediaType)
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .header('etag', `"v${image.version}"`)
        .send(image.data);
    },
  );
};
