import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/client';
import { members } from '../../db/schema';
import type { QueuedMessage } from '../../lib/messaging';
import { fullNameOf } from '../../lib/pdf/application-pdf';
import { sentVisitorCase } from '../journeys/visitor-store';
import { queueServiceNotice } from '../../lib/service-notices';

/** What the scheme did on a case that the member is told of: a move with a note, or a document asked for. */
export type CaseNews = { kind: 'status'; status: string } | { kind: 'document_requested'; document: string };

/**
 * Tells the member whose case it is of its news, as a service notice (the way they chose in My details,
 * else a letter), in the transaction that makes the change. The note itself is read in My requests
 * once signed in: an email or a text says only that there is one. A case a visitor sent tells no one,
 * matched to a member or not: a report of a death is about the member, not theirs to hear of.
 */
export async function tellMemberOfCase(
  tx: Transaction,
  log: FastifyBaseLogger,
  found: { caseNumber: string; title: string; businessGroup: string; referenceNumber: string | null },
  news: CaseNews,
): Promise<QueuedMessage[]> {
  if (!found.referenceNumber || (await sentVisitorCase(tx, found.caseNumber))) return [];
  const [member] = await tx
    .select()
    .from(members)
    .where(
      and(eq(members.businessGroup, found.businessGroup), eq(members.referenceNumber, found.referenceNumber)),
    );
  if (!member) return [];
  const request = `your request ${found.caseNumber} (${found.title})`;
  const dear = `Dear ${fullNameOf(member)},\n\n`;
  return queueServiceNotice(
    tx,
    log,
    member,
    news.kind === 'status'
      ? {
          subject: `News on your request ${found.caseNumber}`,
          body: `${dear}We have updated ${request}: it is now “${news.status}”. Sign in and open My requests to read our note.`,
        }
      : {
          subject: `We need a document for your request ${found.caseNumber}`,
          body: `${dear}To carry on with ${request} we need: ${news.document}. Sign in and open My requests to read our message and send it.`,
        },
  );
}
