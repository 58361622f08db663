import { and, eq } from 'drizzle-orm';
import type { Page } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { pages, tenants } from '../../db/schema';

function normaliseSlug(pageUrl: string): string {
  const path = pageUrl.split(/[?#]/)[0]!.toLowerCase();
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export async function findPageBySlug(
  db: Database,
  tenantUrl: string,
  pageUrl: string,
  { publicOnly }: { publicOnly: boolean },
): Promise<Page | null> {
  const [row] = await db
    .select({ page: pages, businessGroups: tenants.businessGroups })
    .from(pages)
    .innerJoin(tenants, eq(pages.tenantUrl, tenants.tenantUrl))
    .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.slug, normaliseSlug(pageUrl))))
    .limit(1);
  if (!row || (publicOnly && !row.page.isPublic)) return null;
  return {
    slug: row.page.slug,
    key: row.page.key,
    title: row.page.title,
    authMethod: null,
    tenant: { tenantUrl, businessGroup: row.businessGroups },
    bgroup: row.businessGroups.join(','),
    blocks: row.page.blocks as Page['blocks'],
  };
}

export async function findPageUrlByKey(db: Database, tenantUrl: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.key, key)))
    .limit(1);
  return row?.slug ?? null;
}
