import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  normalisePath,
  pageSchema,
  type BlockEnvelope,
  type Page,
  type VisibilityKey,
} from '@meridian/contracts';
import { cachedContent, cachedVariant } from './content-cache';
import type { WrittenJson } from '../../lib/written-json';
import { checkedBlocks } from './checked-blocks';
import { isVisible, personalise } from './personalise';
import { readerName } from './readers';
import type { Database } from '../../db/client';
import { pages, tenants } from '../../db/schema';

/** The stored page at a path (any case, trailing slash or query), read through the content cache. */
async function pageRow(db: Database, tenantUrl: string, pageUrl: string) {
  const slug = normalisePath(pageUrl);
  const [row] = await cachedContent(db, pageCacheKey(tenantUrl, slug), storedPage(db, tenantUrl, slug));
  return row;
}

const pageCacheKey = (tenantUrl: string, slug: string) => `page:${tenantUrl}:${slug}`;
const storedPage = (db: Database, tenantUrl: string, slug: string) => () =>
  db
    .select({ page: pages, businessGroups: tenants.businessGroups })
    .from(pages)
    .innerJoin(tenants, eq(pages.tenantUrl, tenants.tenantUrl))
    .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.slug, slug)))
    .limit(1);

type PageRow = NonNullable<Awaited<ReturnType<typeof pageRow>>>;

/** A cached row's blocks, checked against their contracts the first time a page request reads the row. */
const checkedBlocksOfRow = new WeakMap<PageRow['page'], BlockEnvelope[]>();

function deliverableBlocks({ page }: PageRow, log: Pick<FastifyBaseLogger, 'warn'>) {
  let blocks = checkedBlocksOfRow.get(page);
  if (!blocks) {
    blocks = checkedBlocks(page.blocks, (reason) =>
      log.warn({ tenantUrl: page.tenantUrl, slug: page.slug }, `${reason}: it is not delivered`),
    );
    checkedBlocksOfRow.set(page, blocks);
  }
  return blocks;
}

/** Whether the tenant has a page at this path, for anyone at all. */
export async function pageExists(db: Database, tenantUrl: string, pageUrl: string): Promise<boolean> {
  return (await pageRow(db, tenantUrl, pageUrl)) !== undefined;
}

/**
 * A page for whoever the key describes, as JSON by its contract: hidden pages are null, hidden blocks
 * are dropped, and blocks that fail their contract arrive as skipped-block markers (logged once per
 * cached read). It is kept with the stored page in the content cache for each kind of reader (their
 * key), so a page read again is not personalised and written out again.
 */
export async function pageJson(
  db: Database,
  tenantUrl: string,
  pageUrl: string,
  reader: PageReader,
): Promise<WrittenJson | null> {
  const slug = normalisePath(pageUrl);
  const { publicOnly, key } = reader;
  return cachedVariant(
    db,
    pageCacheKey(tenantUrl, slug),
    storedPage(db, tenantUrl, slug),
    readerName(publicOnly, key),
    ([row]) => {
      const page = pageFor(row, tenantUrl, reader);
      return page && JSON.stringify(z.encode(pageSchema, page));
    },
  );
}

interface PageReader {
  publicOnly: boolean;
  key: VisibilityKey;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

function pageFor(
  row: PageRow | undefined,
  tenantUrl: string,
  { publicOnly, key, log }: PageReader,
): Page | null {
  if (!row || (publicOnly && !row.page.isPublic) || !isVisible(row.page.visibility, key)) return null;
  return {
    slug: row.page.slug,
    key: row.page.key,
    title: row.page.title,
    authMethod: null,
    tenant: { tenantUrl, businessGroup: row.businessGroups },
    bgroup: row.businessGroups.join(','),
    ...(row.page.journey ? { journey: row.page.journey } : {}),
    blocks: personalise(deliverableBlocks(row, log), key),
  };
}

/** Where the tenant's page with this key is, and who may open it. */
async function pageWithKey(db: Database, tenantUrl: string, pageKey: string) {
  const [row] = await db
    .select({ slug: pages.slug, isPublic: pages.isPublic, visibility: pages.visibility })
    .from(pages)
    .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.key, pageKey)))
    .limit(1);
  return row;
}

/** The address of the tenant's page with this key, whoever it is for; null when no page has the key. */
export async function pageUrlWithKey(
  db: Database,
  tenantUrl: string,
  pageKey: string,
): Promise<string | null> {
  return (await pageWithKey(db, tenantUrl, pageKey))?.slug ?? null;
}

/**
 * The address of the page with this key, only when the caller may open it: a public page for a
 * visitor, or any page the member's key shows; otherwise null, as for a key no page has.
 */
export async function findPageUrlByKey(
  db: Database,
  tenantUrl: string,
  pageKey: string,
  { publicOnly, key }: { publicOnly: boolean; key: VisibilityKey },
): Promise<string | null> {
  const row = await pageWithKey(db, tenantUrl, pageKey);
  if (!row || (publicOnly && !row.isPublic) || !isVisible(row.visibility, key)) return null;
  return row.slug;
}
