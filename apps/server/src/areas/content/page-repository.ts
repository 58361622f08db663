import { and, eq, sql } from 'drizzle-orm';
import type { Page, VisibilityKey } from '@meridian/contracts';
import { cachedContent } from './content-cache';
import { isVisible, personalise } from './personalise';
import type { Database } from '../../db/client';
import { pages, tenants } from '../../db/schema';

function normaliseSlug(pageUrl: string): string {
  const path = pageUrl.split(/[?#]/)[0]!.toLowerCase();
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A page for whoever the key describes: hidden pages are null, hidden blocks are dropped. */
export async function findPageBySlug(
  db: Database,
  tenantUrl: string,
  pageUrl: string,
  { publicOnly, key }: { publicOnly: boolean; key: VisibilityKey },
): Promise<Page | null> {
  const slug = normaliseSlug(pageUrl);
  const [row] = await cachedContent(db, `page:${tenantUrl}:${slug}`, () =>
    db
      .select({ page: pages, businessGroups: tenants.businessGroups })
      .from(pages)
      .innerJoin(tenants, eq(pages.tenantUrl, tenants.tenantUrl))
      .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.slug, slug)))
      .limit(1),
  );
  if (!row || (publicOnly && !row.page.isPublic) || !isVisible(row.page.visibility, key)) return null;
  return {
    slug: row.page.slug,
    key: row.page.key,
    title: row.page.title,
    authMethod: null,
    tenant: { tenantUrl, businessGroup: row.businessGroups },
    bgroup: row.businessGroups.join(','),
    ...(row.page.journey ? { journey: row.page.journey } : {}),
    blocks: personalise(row.page.blocks, key) as Page['blocks'],
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

/** Public pages whose title or text contains every word of the query, best title matches first. */
export async function searchPublicPages(db: Database, tenantUrl: string, query: string, limit = 20) {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[%_\\]/g, ''))
    .filter((word) => word.length > 1)
    .slice(0, 8);
  if (words.length === 0) return [];
  const text = sql`lower(${pages.title} || ' ' || ${pages.blocks}::text)`;
  const rows = await db
    .select({ slug: pages.slug, title: pages.title, blocks: pages.blocks })
    .from(pages)
    .where(
      and(
        eq(pages.tenantUrl, tenantUrl),
        eq(pages.isPublic, true),
        ...words.map((word) => sql`${text} like ${`%${word}%`}`),
      ),
    )
    .orderBy(sql`position(${words[0]!} in lower(${pages.title})) = 0`, pages.title)
    .limit(limit);
  return rows.map((row) => ({ url: row.slug, title: row.title, summary: summarise(row.blocks) }));
}

function summarise(blocks: Array<Record<string, unknown>>): string {
  const html = blocks.map((block) => (typeof block.html === 'string' ? block.html : '')).join(' ');
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}
