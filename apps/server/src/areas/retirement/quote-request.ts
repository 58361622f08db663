import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberCases } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';
import { displayDate } from '../../lib/display';
import { fileForMember } from '../documents/library';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { memberOf } from '../journeys/actions';
import { openCase } from '../cases/open-case';
import type { JourneyGraph } from '../journeys/graph';
import { casesOf } from '../cases/case-ownership';

/**
 * Asks the scheme for a formal quote before applying (`submit-case`): a case of the journey's
 * `quoteRequest.caseType` with a PDF of the request, filed in the member's documents. While one is
 * still open (Received), asking again answers that case.
 */
export async function submitQuoteRequest(db: Database, request: FastifyRequest, graph: JourneyGraph) {
  const offered = graph.definition.quoteRequest;
  if (!offered)
    throw notFound('quote_request_not_offered', `${graph.definition.title} has no quote to request.`);
  const record = memberOf(request);
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const { member } = found;
  const created = await db.transaction(async (tx) => {
    // One request at a time per member record: the lock serialises a double click.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${record.businessGroup}/${record.referenceNumber}/${offered.caseType}`}))`,
    );
    const [open] = await tx
      .select()
      .from(memberCases)
      .where(
        and(casesOf(record), eq(memberCases.caseType, offered.caseType), eq(memberCases.status, 'Received')),
      );
    if (open) return { caseNumber: open.caseNumber, submissionDate: open.createdAt.toISOString(), pdf: null };
    const now = new Date();
    const { caseNumber, pdf } = await openCase(
      tx,
      {
        record,
        caseType: offered.caseType,
        title: offered.title,
        journeyType: graph.definition.type,
        documents: [{ name: 'Quote request', status: 'received' }],
        now,
      },
      (caseNumber) =>
        renderApplicationPdf({
          title: offered.title,
          caseNumber,
          submittedOn: displayDate(now.toISOString()),
          sections: [
            aboutYouSection(member, { label: 'Date of birth', value: displayDate(member.dateOfBirth) }),
            { heading: 'Your request', lines: [{ label: 'Request', value: offered.title }] },
          ],
        }),
    );
    return { caseNumber, submissionDate: now.toISOString(), pdf };
  });
  if (created.pdf)
    await fileForMember(request, {
      name: `${created.caseNumber}.pdf`,
      type: offered.title,
      kind: 'request',
      bytes: created.pdf,
    });
  return { caseNumber: created.caseNumber, submissionDate: created.submissionDate };
}
