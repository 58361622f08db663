import { and, eq, inArray, isNull } from 'drizzle-orm';
import { movesFrom, type UploadContextName, type UploadedDocument } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { caseEvents, memberCases, memberDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
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
 * Either way the entry says the member sent it (`upload`), as the console shows it.
 */
export function receivedWith(
  documents: Array<{ name: string; status: string; upload?: boolean }>,
  uploads: Array<{ name: string; tags: string[] }>,
) {
  const list = documents.map((document) => ({ ...document }));
  for (const upload of uploads) {
    const asked = list.find(
      (document) => document.status === 'outstanding' && upload.tags.includes(document.name),
    );
    if (asked) Object.assign(asked, { status: 'received', upload: true });
    else list.push({ name: upload.name, status: 'received', upload: true });
  }
  return list;
}

/** What the member reads in My requests once the last document asked for has come. */
export const RECEIVED_NOTE =
  'Thank you: we have the documents we asked for. We will check them and carry on with your request.';

/**
 * Sends a context's uploads not yet sent with one of the record's cases (404 `case_not_found` for
 * anyone else's, 409 `case_closed` once it is completed, rejected or otherwise closed, the uploads left
 * unsent): the uploads name the case, and the case's document list marks them received. When
 * the case was waiting for the member and these were the last documents it asked for, it moves back
 * to In progress with a note for the member. The timeline records the member's upload and, as the
 * portal's own event, the move (the scheme's administration system hears of the new status by webhook
 * like any other).
 */
export async function sendUploadsWithCase(
  db: Database,
  record: MemberRecord,
  context: UploadContextName,
  caseNumber: string,
  userId: string,
): Promise<DocumentRow[]> {
  return db.transaction(async (tx) => {
    // Under a lock: staff may be marking a document received or asking for another at this moment.
    const [found] = await tx
      .select()
      .from(memberCases)
      .where(and(eq(memberCases.caseNumber, caseNumber), casesOf(record)))
      .for('update');
    if (!found) throw notFound('case_not_found', 'We could not find this case.');
    if (found.closedAt !== null)
      throw new AppError(
        409,
        'case_closed',
        'This request is closed, so we cannot add documents to it. Contact us if you need to send us something.',
      );
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
      const documents = receivedWith(found.documents, pending);
      const askedFor = found.documents.filter(
        (before, index) => before.status === 'outstanding' && documents[index]?.status === 'received',
      );
      const backWithUs =
        found.closedAt === null &&
        found.status === 'Waiting for you' &&
        askedFor.length > 0 &&
        !documents.some((document) => document.status === 'outstanding') &&
        movesFrom(found.status).includes('In progress');
      const now = new Date();
      await tx
        .update(memberCases)
        .set({
          documents,
          updatedAt: now,
          ...(backWithUs ? { status: 'In progress', memberNote: RECEIVED_NOTE } : {}),
        })
        .where(eq(memberCases.caseNumber, caseNumber));
      if (askedFor.length > 0)
        await tx.insert(caseEvents).values({
          caseNumber,
          at: now,
          actor: 'member',
          userId,
          kind: 'document_uploaded',
          note: askedFor.map((document) => document.name).join(', '),
        });
      // The move back and its thank-you are the portal's, not the member's words: an event of its
      // own, a moment after the upload it follows.
      if (backWithUs)
        await tx.insert(caseEvents).values({
          caseNumber,
          at: new Date(now.getTime() + 1),
          actor: 'system',
          kind: 'status',
          status: 'In progress',
          memberNote: RECEIVED_NOTE,
        });
    }
    return pending.map((row) => ({ ...row, caseNumber }));
  });
}
