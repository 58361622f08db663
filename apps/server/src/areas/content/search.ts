import { and, eq, sql } from 'drizzle-orm';
import { publicVisibilityKey } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { contentDocuments, pages } from '../../db/schema';
import { isVisible, personalise } from './personalise';

/**
 * The content document (kind) that lists, by page key, the tenant's demo-only pages (the blocks demo):
 * served where the demo runs, never found by the site search. Written by the content sync.
 */
export const DEMO_ONLY_PAGES = 'demo-only-pages';

/**
 * Text as a reader sees it, for a search result: labels filled (keys and kinds in any case), the tokens
 * given filled (a PDF's: the advice threshold), every other placeholder (a member's data, a tooltip or
 * modal button) left out, and no space left before punctuation where one was.
 */
export function readableText(
  text: string,
  labels: Readonly<Record<string, string>>,
  tokens: Readonly<Record<string, string>> = {},
): string {
  const labelIndex = new Map(Object.entries(labels).map(([key, value]) => [key.toLowerCase(), value]));
  const tokenIndex = new Map(Object.entries(tokens).map(([key, value]) => [key.toLowerCase(), value]));
  const indexes: Record<string, Map<string, string>> = { label: labelIndex, token: tokenIndex };
  return text
    .replace(
      /\[\[\s*([a-z-]+)\s*:\s*([^\]]*?)\s*\]\]/gi,
      (_, kind: string, key: string) => indexes[kind.toLowerCase()]?.get(key.toLowerCase()) ?? '',
    )
    .replace(/\[\[[^\]]*\]\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim();
}

/** Block properties that say how a block works, not what it says: never searched. */
const technicalKeys = new Set([
  'type',
  'visibility',
  'variant',
  'action',
  'analyticsKey',
  'dataSourceUrl',
  'href',
  'pageKey',
  'path',
  'anchor',
  'kind',
  'format',
  'state',
  'journeyType',
  'imagePath',
  'src',
  'key',
  'field',
  'whenData',
]);

/** Every word a visitor can read in blocks (markup removed), in document order. */
function wordsOf(content: unknown, into: string[] = []): string[] {
  if (typeof content === 'string') into.push(content.replace(/<[^>]*>/g, ' '));
  else if (Array.isArray(content)) for (const item of content) wordsOf(item, into);
  else if (content && typeof content === 'object')
    for (const [name, value] of Object.entries(content)) if (!technicalKeys.has(name)) wordsOf(value, into);
  return into;
}

/** The text of the rich-text blocks a visitor sees, as a result's summary of at most 200 characters. */
function summarise(blocks: Array<Record<string, unknown>>, labels: Readonly<Record<string, string>>): string {
  const html = blocks.map((block) => (typeof block.html === 'string' ? block.html : '')).join(' ');
  const text = readableText(html.replace(/<[^>]*>/g, ' '), labels);
  return text.length > 200 ? `${text.slice(0, 197)}…` : text;
}

/**
 * Public pages whose title or visible text contains every word of the query, best title matches first.
 * A page counts as a visitor sees it: a page or block hidden from visitors by its visibility rule is
 * not found by its words nor shown in a summary, and a demo-only page (the blocks demo, with notes
 * for developers) is never found.
 */
export async function searchPublicPages(
  db: Database,
  tenantUrl: string,
  query: string,
  labels: Readonly<Record<string, string>> = {},
  limit = 20,
) {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[%_\\]/g, ''))
    .filter((word) => word.length > 1)
    .slice(0, 8);
  if (words.length === 0) return [];
  const text = sql`lower(${pages.title} || ' ' || ${pages.blocks}::text)`;
  const demoOnly = db
    .select({ found: sql`1` })
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.tenantUrl, pages.tenantUrl),
        eq(contentDocuments.kind, DEMO_ONLY_PAGES),
        sql`${contentDocuments.body} @> jsonb_build_array(${pages.key})`,
      ),
    );
  // The stored text holds hidden blocks and markup too: it narrows the pages down, and the words a
  // visitor reads decide.
  const candidates = await db
    .select({ slug: pages.slug, title: pages.title, blocks: pages.blocks, visibility: pages.visibility })
    .from(pages)
    .where(
      and(
        eq(pages.tenantUrl, tenantUrl),
        eq(pages.isPublic, true),
        sql`not exists (${demoOnly})`,
        ...words.map((word) => sql`${text} like ${`%${word}%`}`),
      ),
    )
    .orderBy(sql`position(${words[0]!} in lower(${pages.title})) = 0`, pages.title);
  return candidates
    .filter((row) => isVisible(row.visibility, publicVisibilityKey))
    .map((row) => ({ ...row, blocks: personalise(row.blocks, publicVisibilityKey) }))
    .filter((row) => {
      const visible = readableText(`${row.title} ${wordsOf(row.blocks).join(' ')}`, labels).toLowerCase();
      return words.every((word) => visible.includes(word));
    })
    .slice(0, limit)
    .map((row) => ({
      url: row.slug,
      title: readableText(row.title, labels),
      summary: summarise(row.blocks, labels),
    }));
}
