import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { ContentDocumentKind } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { cachedContent, cachedVariant } from './content-cache';
import type { WrittenJson } from '../../lib/written-json';
import { contentDocuments, contentImages, pages } from '../../db/schema';

const storedDocument = (db: Database, tenantUrl: string, kind: ContentDocumentKind) => () =>
  db
    .select({ body: contentDocuments.body })
    .from(contentDocuments)
    .where(and(eq(contentDocuments.tenantUrl, tenantUrl), eq(contentDocuments.kind, kind)));
const documentCacheKey = (tenantUrl: string, kind: ContentDocumentKind) => `document:${tenantUrl}:${kind}`;

export async function findDocument<T>(
  db: Database,
  tenantUrl: string,
  kind: ContentDocumentKind,
): Promise<T | null> {
  const [row] = await cachedContent(
    db,
    documentCacheKey(tenantUrl, kind),
    storedDocument(db, tenantUrl, kind),
  );
  return (row?.body as T | undefined) ?? null;
}

/** A kind of reader of a document: what it receives of the stored one, and a name unique to that (see readerName). */
export interface DocumentReader<T> {
  name: string;
  shape: (document: T) => T;
}

const everyone: DocumentReader<unknown> = { name: 'as stored', shape: (document) => document };

/**
 * A document as JSON by its contract (`schema`, the one for its kind), as the reader receives it,
 * kept with it in the content cache: a document read again is neither shaped nor written again.
 */
export async function documentJson<T>(
  db: Database,
  tenantUrl: string,
  kind: ContentDocumentKind,
  schema: z.ZodType,
  reader = everyone as DocumentReader<T>,
): Promise<WrittenJson | null> {
  return cachedVariant(
    db,
    documentCacheKey(tenantUrl, kind),
    storedDocument(db, tenantUrl, kind),
    reader.name,
    ([row]) => (row ? JSON.stringify(z.encode(schema, reader.shape(row.body as T))) : null),
  );
}

export async function findImage(db: Database, tenantUrl: string, imagePath: string) {
  const [row] = await db
    .select()
    .from(contentImages)
    .where(and(eq(contentImages.tenantUrl, tenantUrl), eq(contentImages.path, imagePath)));
  return row
    ? { mediaType: row.mediaType, data: Buffer.from(row.data, 'base64'), version: row.version }
    : null;
}

export async function findWidgets(db: Database, tenantUrl: string, slugs: string[]) {
  const rows = await db
    .select({ slug: pages.slug, key: pages.key, widget: pages.widget, isPublic: pages.isPublic })
    .from(pages)
    .where(and(eq(pages.tenantUrl, tenantUrl), inArray(pages.slug, slugs)));
  return rows.filter((row) => row.isPublic && row.widget);
}
