import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { LibraryDocument } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { auditEvents, memberDocuments } from '../../db/schema';

export interface MemberRecord {
  businessGroup: string;
  referenceNumber: string;
}

export type DocumentRow = typeof memberDocuments.$inferSelect;

const DAY_MS = 86_400_000;

/** The condition that keeps a query on member documents to one record's own. */
export const ownedBy = (record: MemberRecord) =>
  and(
    eq(memberDocuments.businessGroup, record.businessGroup),
    eq(memberDocuments.referenceNumber, record.referenceNumber),
  )!;

/** One of the record's documents, or undefined: another member's id looks exactly like a missing one. */
export async function findOwnedDocument(db: Database, record: MemberRecord, id: string) {
  const [row] = await db
    .select()
    .from(memberDocuments)
    .where(and(ownedBy(record), eq(memberDocuments.id, id)));
  return row;
}

export async function findOwnedDocuments(db: Database, record: MemberRecord, ids: string[]) {
  return db
    .select()
    .from(memberDocuments)
    .where(and(ownedBy(record), inArray(memberDocuments.id, ids)));
}

export async function uploadsIn(db: Database, record: MemberRecord, context: string) {
  return db
    .select()
    .from(memberDocuments)
    .where(and(ownedBy(record), eq(memberDocuments.context, context)))
    .orderBy(asc(memberDocuments.receivedAt));
}

export async function namesIn(db: Database, record: MemberRecord, context: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: memberDocuments.name })
    .from(memberDocuments)
    .where(and(ownedBy(record), eq(memberDocuments.context, context)));
  return new Set(rows.map((row) => row.name));
}

/** The audit action of an upload; its entries (deleted uploads' included) are what the daily limits count. */
export const UPLOAD_AUDIT_ACTION = 'document_upload';

/** How many uploads the record made in the last 24 hours, and their bytes. */
export async function uploadsInLastDay(db: Database, record: MemberRecord) {
  const [sent] = await db
    .select({
      count: count(),
      bytes: sql<string>`coalesce(sum((${auditEvents.details}->>'sizeBytes')::bigint), 0)`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, UPLOAD_AUDIT_ACTION),
        eq(auditEvents.outcome, 'success'),
        eq(auditEvents.businessGroup, record.businessGroup),
        eq(auditEvents.referenceNumber, record.referenceNumber),
        gte(auditEvents.at, new Date(Date.now() - DAY_MS)),
      ),
    );
  return { count: sent?.count ?? 0, bytes: Number(sent?.bytes ?? 0) };
}

export const canDelete = (row: DocumentRow) => row.kind === 'upload' && row.caseNumber === null;

export const toLibraryDocument = (row: DocumentRow): LibraryDocument => ({
  id: row.id,
  name: row.name,
  type: row.type,
  kind: row.kind,
  dateReceived: row.receivedAt.toISOString(),
  isRead: row.readAt !== null,
  sizeBytes: row.sizeBytes,
  mediaType: row.mediaType,
  tags: row.tags,
  canDelete: canDelete(row),
});

export interface LibraryFilter {
  name?: string;
  type?: string;
  receivedDateFrom?: string;
  receivedDateTo?: string;
  documentReadStatus?: 'Read' | 'Unread';
  propertyName: 'Name' | 'DateReceived' | 'Type';
  ascending: boolean;
  pageNumber: number;
  pageSize: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const sortColumns = {
  Name: memberDocuments.name,
  DateReceived: memberDocuments.receivedAt,
  Type: memberDocuments.type,
};

/** The library list: filtered by name, type, received dates (whole UTC days) and read state, sorted, paged. */
export async function pageOfLibrary(db: Database, record: MemberRecord, filter: LibraryFilter) {
  const conditions: SQL[] = [ownedBy(record)];
  if (filter.name) conditions.push(ilike(memberDocuments.name, likePattern(filter.name)));
  if (filter.type) conditions.push(eq(memberDocuments.type, filter.type));
  if (filter.receivedDateFrom) {
    conditions.push(gte(memberDocuments.receivedAt, new Date(`${filter.receivedDateFrom}T00:00:00Z`)));
  }
  if (filter.receivedDateTo) {
    conditions.push(
      lt(memberDocuments.receivedAt, new Date(Date.parse(`${filter.receivedDateTo}T00:00:00Z`) + DAY_MS)),
    );
  }
  if (filter.documentReadStatus === 'Read') conditions.push(isNotNull(memberDocuments.readAt));
  if (filter.documentReadStatus === 'Unread') conditions.push(isNull(memberDocuments.readAt));
  const where = and(...conditions);
  const direction = filter.ascending ? asc : desc;
  const [total] = await db.select({ value: count() }).from(memberDocuments).where(where);
  const rows = await db
    .select()
    .from(memberDocuments)
    .where(where)
    .orderBy(
      direction(sortColumns[filter.propertyName]),
      direction(memberDocuments.receivedAt),
      asc(memberDocuments.id),
    )
    .limit(filter.pageSize)
    .offset((filter.pageNumber - 1) * filter.pageSize);
  const totalItems = total?.value ?? 0;
  return {
    items: rows.map(toLibraryDocument),
    pageNumber: filter.pageNumber,
    pageSize: filter.pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / filter.pageSize),
  };
}

export async function documentTypesOf(db: Database, record: MemberRecord): Promise<string[]> {
  const rows = await db
    .selectDistinct({ type: memberDocuments.type })
    .from(memberDocuments)
    .where(ownedBy(record))
    .orderBy(asc(memberDocuments.type));
  return rows.map((row) => row.type);
}

export async function markRead(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(memberDocuments)
    .set({ readAt: sql`now()` })
    .where(and(inArray(memberDocuments.id, ids), isNull(memberDocuments.readAt)));
}
