import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { and, asc, eq, max } from 'drizzle-orm';
import {
  contentLoadedSchema,
  contentLoadParamsSchema,
  contentOverviewSchema,
  staffMay,
  type ContentTenant,
  type JourneyDefinition,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { contentDocuments, contentVersions, pages, tenants } from '../../db/schema';
import { AppError, errorResponses } from '../../lib/errors';
import { auditStaff } from '../operations/staff-audit';
import { requireStaff } from '../operations/staff-session';
import { ContentFileError, readContentTree, syncContent } from './sync';

const tags = ['operations-console'];
const errors = errorResponses(400, 401, 403, 404);

/** The audit action of each route, for a refusal before its handler runs. */
const auditActions: Record<string, string> = {
  'GET /admin-api/content': 'content_view',
  'POST /admin-api/content/:tenantUrl/load': 'content_load',
};

/** The problem the tenant's files have now (file: reason), or null when they would load. */
async function problemOf(root: string, demo: boolean, tenantUrl: string) {
  try {
    await readContentTree(root, { demo, tenantUrl });
    return null;
  } catch (error) {
    if (error instanceof ContentFileError) return error.message;
    throw error;
  }
}

/** A tenant's content as loaded: its pages, its journeys with their page counts, and its version. */
async function tenantContent(
  db: Database,
  tenant: { tenantUrl: string; name: string },
  problem: string | null,
): Promise<ContentTenant> {
  const rows = await db
    .select({
      key: pages.key,
      title: pages.title,
      slug: pages.slug,
      isPublic: pages.isPublic,
      journey: pages.journey,
      version: pages.version,
    })
    .from(pages)
    .where(eq(pages.tenantUrl, tenant.tenantUrl))
    .orderBy(asc(pages.slug));
  const [journeyFile] = await db
    .select({ body: contentDocuments.body })
    .from(contentDocuments)
    .where(and(eq(contentDocuments.tenantUrl, tenant.tenantUrl), eq(contentDocuments.kind, 'journeys')));
  const [latest] = await db
    .select({ version: max(pages.version) })
    .from(pages)
    .where(eq(pages.tenantUrl, tenant.tenantUrl));
  const [loaded] = latest?.version
    ? await db
        .select({ version: contentVersions.version, at: contentVersions.syncedAt })
        .from(contentVersions)
        .where(eq(contentVersions.version, latest.version))
    : [];
  const definitions = (journeyFile?.body ?? []) as JourneyDefinition[];
  return {
    ...tenant,
    loaded: loaded ? { version: loaded.version, at: loaded.at.toISOString() } : null,
    problem,
    pages: rows.map((row) => ({
      key: row.key,
      title: row.title,
      slug: row.slug,
      isPublic: row.isPublic,
      journeyType: row.journey?.type ?? null,
    })),
    journeys: definitions.map((definition) => ({
      type: definition.type,
      title: definition.title,
      pageCount: rows.filter((row) => row.journey?.type === definition.type).length,
    })),
  };
}

/**
 * The console's Content page (/admin/content) for content editors and administrators: each of their
 * tenants' pages and journeys as loaded, when, whether the files validate now, and Load content from
 * files now, the sync `npm run content:sync` runs, for that tenant alone (all of it or none of it).
 */
export const contentConsoleRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The content folder the server loads (CONTENT_DIR, else the repository's). */
  contentDir: string;
  demo: boolean;
}> = async (parent, { db, contentDir, demo }) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('staff', null);
  app.addHook('preValidation', requireStaff(db));
  app.addHook('preValidation', async (request) => {
    const staff = request.staff!;
    if (staffMay(staff.role, 'editContent')) return;
    await auditStaff(db, request, {
      action: auditActions[`${request.method} ${request.routeOptions.url}`] ?? 'content',
      outcome: 'denied',
      details: { reason: 'role', role: staff.role },
    });
    throw new AppError(403, 'staff_role_not_allowed', 'Your role does not allow this.');
  });

  const tenantsOf = (request: FastifyRequest) => {
    const own = request.staff!.tenantUrl;
    return db
      .select({ tenantUrl: tenants.tenantUrl, name: tenants.tenantName })
      .from(tenants)
      .where(own === null ? undefined : eq(tenants.tenantUrl, own))
      .orderBy(asc(tenants.tenantName));
  };

  app.get(
    '/content',
    {
      schema: {
        tags,
        summary:
          'The content of the staff member’s tenants (every tenant for an administrator firm’s staff): pages, journeys, when it was loaded and whether the files validate now (content editors, administrators)',
        response: { 200: contentOverviewSchema, ...errors },
      },
    },
    async (request) => {
      const found = await tenantsOf(request);
      const overview = [];
      for (const tenant of found)
        overview.push(await tenantContent(db, tenant, await problemOf(contentDir, demo, tenant.tenantUrl)));
      await auditStaff(db, request, {
        action: 'content_view',
        outcome: 'success',
        details: { tenants: found.map((tenant) => tenant.tenantUrl) },
      });
      return { tenants: overview };
    },
  );

  app.post(
    '/content/:tenantUrl/load',
    {
      schema: {
        tags,
        summary:
          'Loads one tenant’s content from its files now, as npm run content:sync does for every tenant (content editors, administrators)',
        description:
          'All of it or none of it: a file that does not validate is 422 content_invalid, its message naming the file and the reason, and the version before keeps serving. Files unchanged since this tenant’s last load answer changed: false. Another tenant’s: 404 content_tenant_not_found.',
        params: contentLoadParamsSchema,
        response: { 200: contentLoadedSchema, ...errors, ...errorResponses(422) },
      },
    },
    async (request) => {
      const { tenantUrl } = request.params;
      if (!(await tenantsOf(request)).some((tenant) => tenant.tenantUrl === tenantUrl)) {
        await auditStaff(db, request, {
          action: 'content_load',
          outcome: 'failure',
          details: { tenantUrl, reason: 'not_found' },
        });
        throw new AppError(404, 'content_tenant_not_found', 'There is no such scheme.');
      }
      try {
        const result = await syncContent(db, contentDir, { demo, tenantUrl });
        await auditStaff(db, request, {
          action: 'content_load',
          outcome: 'success',
          tenantUrl,
          details: { version: result.version, changed: result.changed, pages: result.pages },
        });
        return { tenantUrl, version: result.version, changed: result.changed, pages: result.pages };
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        await auditStaff(db, request, {
          action: 'content_load',
          outcome: 'failure',
          tenantUrl,
          details: { reason: 'content_invalid', file: error.file, problem: error.reason },
        });
        throw new AppError(
          422,
          'content_invalid',
          `Nothing was loaded; the content before keeps serving. ${error.message}`,
        );
      }
    },
  );
};
