import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UploadContextName, UploadedDocument } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberCases, memberDocuments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { casesOf } from '../cases/case-ownership';
import { uploadsIn, type DocumentRow, type MemberRecord } from './repository';

export const toUploaded = (row: DocumentRow): UploadedDocument => ({
  fileUuid: row.id,
  filename: row.name,
  journeyType: row.context,
  tags: row.tags,
  documentType: row.documentType,
  sizeBytes: row.sizeBytes,
  caseNumber: row.caseNumber,
});

/**
 * A case's document list once uploads are sent with it: an upload tagged with the name of a document
 * the case still needs marks that one received; any other upload is listed as received under its name.
 */
export function receivedWith(
  documents: Array<{ name: string; status: string }>,
  uploads: Array<{ name: string; tags: string[] }>,
) {
  const list = documents.map((document) => ({ ...document }));
  for (const upload of uploads) {
    const asked = list.find(
      (document) => document.status === 'outstanding' && upload.tags.includes(document.name),
    );
    if (asked) asked.status = 'received';
    else list.push({ name: upload.name, status: 'received' });
  }
  return list;
}

/**
 * Sends a context's uploads not yet sent with one of the record's cases (404 `case_not_found` for
 * anyone else's): the uploads name the case, and the case's document list marks them received.
 */
export async function sendUploadsWithCase(
  db: Database,
  record: MemberRecord,
  context: UploadContextName,
  caseNumber: string,
): Promise<DocumentRow[]> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(memberCases)
      .where(and(eq(memberCases.caseNumber, caseNumber), casesOf(record)));
    if (!found) throw notFound('case_not_found', 'We could not find this case.');
    const pending = (await uploadsIn(tx, record, context)).filter((row) => row.caseNumber === null);
    if (pending.length > 0) {
      await tx
        .update(memberDocuments)
        .set({ caseNumber })
        .where(
          and(
            inArray(
              memberDocuments.id,
              pending.map((row) => row.id),
            ),
            isNull(memberDocuments.caseNumber),
          ),
        );
      await tx
        .update(memberCases)
        .set({ documents: receivedWith(found.documents, pending), updatedAt: new Date() })
        .where(eq(memberCases.caseNumber, caseNumber));
    }
    return pending.map((row) => ({ ...row, caseNumber }));
  });
}
