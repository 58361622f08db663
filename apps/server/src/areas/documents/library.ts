import { randomUUID } from 'node:crypto';
import type { DocumentKind } from '@meridian/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { memberDocuments } from '../../db/schema';
import { lockMemberRecord } from '../../lib/member-lock';
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
   * library, unread. A name already in the library gets " (2)", " (3)"... before its ending (chosen
   * under the record's documents lock, so two filed at once get two names); a `sourceKey` already
   * filed files nothing.
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

/** The advisory lock every document write of one member record takes (`lockMemberRecord`). */
export const DOCUMENTS_LOCK = 'documents';

/**
 * Writes the bytes, then, in one transaction under the member record's documents lock, whatever
 * `record` does (check the limits, insert the row): two uploads of one record never count or name
 * their files at once. If the transaction fails, the file is removed again; a process killed between
 * the two leaves a file with no row, which `sweepDocumentStore` removes.
 */
export async function storeDocument<T>(
  db: Database,
  store: DocumentStore,
  file: { id: string; mediaType: string; owner: MemberRecord },
  bytes: Uint8Array,
  record: (tx: Transaction) => Promise<T>,
): Promise<T> {
  await store.put(file.id, bytes, file.mediaType);
  try {
    return await db.transaction(async (tx) => {
      await lockMemberRecord(tx, DOCUMENTS_LOCK, file.owner);
      return record(tx);
    });
  } catch (error) {
    await store.remove(file.id);
    throw error;
  }
}

/** Files and partial writes younger than this may belong to an upload still under way (in any process). */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Removes what interrupted uploads left in the store (a `.part` file, a file no row names) once it
 * is older than an hour: the job queue's hourly `upload_sweep`, on one instance of the deployment
 * (areas/operations/recurring-jobs.ts).
 */
export async function sweepDocumentStore(db: Database, store: DocumentStore, now = new Date()) {
  return store.sweep(new Date(now.getTime() - SWEEP_GRACE_MS), async (keys) => {
    const known = new Set<string>();
    for (let start = 0; start < keys.length; start += SWEEP_BATCH) {
      const rows = await db
        .select({ id: memberDocuments.id })
        .from(memberDocuments)
        .where(inArray(memberDocuments.id, keys.slice(start, start + SWEEP_BATCH)));
      for (const row of rows) known.add(row.id);
    }
    return known;
  });
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
      const id = randomUUID();
      try {
        const name = await storeDocument(
          db,
          store,
          { id, mediaType: document.mediaType ?? 'application/pdf', owner: record },
          document.bytes,
          async (tx) => {
            const name = freeName(
              document.name.replaceAll(',', '_'),
              await namesIn(tx, record, PORTAL_CONTEXT),
            );
            await tx.insert(memberDocuments).values({
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
            });
            return name;
          },
        );
        return { id, name };
      } catch (error) {
        // Two downloads of one quote at once: the other one filed it.
        const other = sourceKey ? await filedFrom(record, sourceKey) : null;
        if (other) return other;
        throw error;
      }
    },
  };
}

/** Files a PDF the portal made for the signed-in member's chosen record in their library. */
export const fileForMember = (request: FastifyRequest, document: PortalDocument) =>
  request.server.documentLibrary.addPortalDocument(
    { businessGroup: request.member!.businessGroup, referenceNumber: request.member!.referenceNumber },
    document,
  );
