import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { memberCases } from '../../db/schema';

export interface NewCase {
  /** The member record it is about; a visitor's case names none (referenceNumber null) until it is matched. */
  record: { businessGroup: string; referenceNumber: string | null };
  caseType: string;
  title: string;
  journeyType: string;
  documents?: Array<{ name: string; status: string }>;
  now: Date;
}

/**
 * Opens a case with the scheme inside the caller's transaction: the next reference
 * (`<caseType>-<number>`), the PDF made for that reference, and the case row that keeps it.
 */
export async function openCase(
  tx: Transaction,
  opened: NewCase,
  renderPdf: (caseNumber: string) => Promise<Uint8Array>,
): Promise<{ caseNumber: string; pdf: Uint8Array }> {
  const [{ next }] = (await tx.execute(sql`select nextval('portal.case_numbers') as next`)).rows as [
    { next: string | number },
  ];
  const caseNumber = `${opened.caseType}-${next}`;
  const pdf = await renderPdf(caseNumber);
  await tx.insert(memberCases).values({
    caseNumber,
    ...opened.record,
    caseType: opened.caseType,
    title: opened.title,
    journeyType: opened.journeyType,
    status: 'Received',
    documents: opened.documents ?? [],
    summaryPdf: Buffer.from(pdf).toString('base64'),
    createdAt: opened.now,
    updatedAt: opened.now,
  });
  return { caseNumber, pdf };
}
