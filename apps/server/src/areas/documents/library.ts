import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '@meridian/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { memberDocuments } from '../../db/schema';
import { namesIn, ownedBy, type MemberRecord } from './repository';
import type { DocumentStore } from './store';

/** The context of documents the portal makes; members cannot upload into it. */
export const PORTAL_CONTEXT = 'portal';

export interface PortalDocument {
  /** The file name the member sees and downloads, such as expression-of-wish-2026-11-23.pdf. */
  name: string;
  /** The library type, such as "Expression of wish" or "Retirement application". */
  type: string;
  kind: Exclude<DocumentKind, 'upload'>;
  bytes: Uint8Array;
  mediaType?: string;
  /** When it reached the member; now by default (the demo files statements on their issue date). */
  receivedAt?: Date;
  /**
   * What it was made from (such as a quote's date and figures). A document with the same key is
   * already in the library: it is not filed again, and the one there is answered.
   */
  sourceKey?: string;
}

export interface DocumentLibrary {
  store: DocumentStore;
  /**
   * Puts a document the portal made (a quote, an application, a nomination) into the member's
   * library, unread. A name already in the library gets " (2)", " (3)"... before its ending; a
   * `sourceKey` already filed files nothing.
   */
  addPortalDocument(record: MemberRecord, document: PortalDocument): Promise<{ id: string; name: string }>;
}

function freeName(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ending] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let copy = 2; ; copy += 1) {
    const candidate = `${stem} (${copy})${ending}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Writes the bytes, then the row; if the row cannot be written the file is removed again. */
export async function storeDocument(
  db: Database,
  store: DocumentStore,
  row: typeof memberDocuments.$inferInsert & { id: string },
  bytes: Uint8Array,
) {
  await store.put(row.id, bytes, row.mediaType);
  try {
    await db.insert(memberDocuments).values(row);
  } catch (error) {
    await store.remove(row.id);
    throw error;
  }
}

export function createDocumentLibrary(db: Database, store: DocumentStore): DocumentLibrary {
  const filedFrom = async (record: MemberRecord, sourceKey: string) => {
    const [row] = await db
      .select({ id: memberDocuments.id, name: memberDocuments.name })
      .from(memberDocuments)
      .where(and(ownedBy(record), eq(memberDocuments.sourceKey, sourceKey)));
    return row ?? null;
  };
  return {
    store,
    async addPortalDocument(record, document) {
      const { sourceKey } = document;
      const filed = sourceKey ? await filedFrom(record, sourceKey) : null;
      if (filed) return filed;
      const name = freeName(document.name.replaceAll(',', '_'), await namesIn(db, record, PORTAL_CONTEXT));
      const id = randomUUID();
      try {
        await storeDocument(
          db,
          store,
          {
            id,
            ...record,
            name,
            type: document.type,
            kind: document.kind,
            context: PORTAL_CONTEXT,
            mediaType: document.mediaType ?? 'application/pdf',
            sizeBytes: document.bytes.length,
            receivedAt: document.receivedAt,
            sourceKey,
          },
          document.bytes,
        );
      } catch (error) {
        // Two downloads of one quote at once: the other one filed it.
        const other = sourceKey ? await filedFrom(record, sourceKey) : null;
        if (other) return other;
        throw error;
      }
      return { id, name };
    },
  };
}

/** Files a PDF the portal made for the signed-in member's chosen record in their library. */
export const fileForMember = (request: FastifyRequest, document: PortalDocument) =>
  request.server.documentLibrary.addPortalDocument(
    { businessGroup: request.member!.businessGroup, referenceNumber: request.member!.referenceNumber },
    document,
  );
