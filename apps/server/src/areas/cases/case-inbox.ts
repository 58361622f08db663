import type { FastifyBaseLogger } from 'fastify';
import type { CaseInbox } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { queueEmail } from '../../lib/outbox';
import { findDocument } from '../content/document-repository';

/** The tenant's case inbox, if its content names one; read before the transaction that opens the case. */
export const caseInboxOf = (db: Database, tenantUrl: string) =>
  findDocument<CaseInbox>(db, tenantUrl, 'case-inbox');

/**
 * Tells the tenant's case inbox (`case-inbox.json`) of a case a visitor has just sent, in the caller's
 * transaction, through the outbox and its job queue. Only the reference and the type: the inbox is
 * outside the portal, so what the visitor told us is read in the console. Nothing without an inbox.
 */
export async function tellCaseInbox(
  tx: Transaction,
  log: FastifyBaseLogger,
  inbox: CaseInbox | null,
  opened: { caseNumber: string; caseType: string; title: string },
) {
  if (!inbox) return;
  await queueEmail(tx, log, {
    to: inbox.address,
    subject: `New case ${opened.caseNumber}: ${opened.title}`,
    body: [
      `A new case has been sent from the website: ${opened.caseNumber}, ${opened.title} (${opened.caseType}).`,
      'Open it from the queue in the operations console (/admin) to read it and work it.',
    ].join('\n\n'),
  });
}
