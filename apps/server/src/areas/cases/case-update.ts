import { eq } from 'drizzle-orm';
import { memberCaseSchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberCases } from '../../db/schema';

export type CaseDocumentStatus =
  (typeof memberCaseSchema.shape.documents.element.shape.status.options)[number];

export interface CaseChange {
  status?: string;
  /** Documents by name and where each now stands; a name the case does not list yet is added. */
  documents?: Record<string, CaseDocumentStatus>;
}

/**
 * The scheme side of a case (an administrator's system, or the case:update command for now): a new
 * status or document status, which My requests then shows. False when there is no such case.
 */
export async function updateCase(db: Database, caseNumber: string, change: CaseChange): Promise<boolean> {
  const [found] = await db.select().from(memberCases).where(eq(memberCases.caseNumber, caseNumber));
  if (!found) return false;
  const documents = found.documents.map((document) => ({
    name: document.name,
    status: change.documents?.[document.name] ?? document.status,
  }));
  for (const [name, status] of Object.entries(change.documents ?? {}))
    if (!documents.some((document) => document.name === name)) documents.push({ name, status });
  await db
    .update(memberCases)
    .set({ status: change.status ?? found.status, documents, updatedAt: new Date() })
    .where(eq(memberCases.caseNumber, caseNumber));
  return true;
}
