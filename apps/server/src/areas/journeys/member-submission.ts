import type { FastifyReply, FastifyRequest } from 'fastify';
import { journeyCopyOf, type JourneyCopy } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { caseEvents, memberCases, memberJourneys, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';
import { answerLines } from './answers';
import { memberRecordsOf, pluginOf, runSubmitChecks, runSubmitHooks, type SubmitStepUp } from './plugins';
import { displayDate } from '../../lib/display';
import { fileForMember } from '../documents/library';
import { aboutYouSection, fullNameOf, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { addressLines, memberOf, ownedGraph } from './actions';
import { assertComplete, routeOf } from './engine';
import { caseDocumentsFor } from './graph';
import { openCase } from '../cases/open-case';
import { queueServiceNotice, withAccountEmail } from '../../lib/service-notices';
import type { JourneyGraph } from './graph';
import { requireFreshStepUp } from '../step-up/service';
import {
  findSubmittedJourney,
  journeyEnded,
  journeyExpired,
  requireJourney,
  statusOf,
  stepsOf,
} from './repository';

/**
 * What the sent journey is called among its case's documents: its PDF's title (a fund switch's "Fund
 * switch request"), else "{Noun} form" ("Application form" for a journey with no copy of its own).
 */
export const caseDocumentOf = (copy: JourneyCopy) =>
  copy.pdfTitle ?? `${copy.noun.charAt(0).toUpperCase()}${copy.noun.slice(1)} form`;

/**
 * Submits a completed journey: one transaction opens a case, keeps the PDF and emails a confirmation;
 * a retry answers the same case. What an area saves with it takes part through a submit hook
 * (plugins.ts): My details saves a new bank account the journey gives in the same transaction, once
 * the submit carries its step-up code. What the scheme holds (proof of identity) is read through the
 * member-records hook: what check your answers and the PDF show, and which case documents are received.
 */
export async function submitJourney(
  db: Database,
  request: FastifyRequest,
  graph: JourneyGraph,
  stepUp: SubmitStepUp,
) {
  const record = memberOf(request);
  const type = graph.definition.type;
  const copy = journeyCopyOf(graph.definition.copy);
  const pdfTitle = copy.pdfTitle ?? graph.definition.title;
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const { member } = found;
  const address = addressLines(member.address);
  const before = await requireJourney(db, record, type);
  const beforeGraph = ownedGraph(graph, before);
  // An ended journey is refused as such, before its checks judge the answers that ended it.
  if (statusOf(before, new Date()) === 'Ended') throw journeyEnded(copy.noun, 'send it');
  // Refused before anything else is asked (a step-up code included); what they let through with a
  // note for the scheme's staff (an adviser not checked) goes on the new case's timeline.
  const caseNotes = await runSubmitChecks({
    db,
    request,
    graph: beforeGraph,
    path: routeOf(beforeGraph, stepsOf(before)).path,
    locked: before.choice,
  });
  // A journey that moves the pension away asks the member to prove it is them (a retry of a sent one does
  // not), once it could be sent: an unfinished one is refused as such first, so no code is asked for nothing.
  if (graph.definition.stepUpBeforeSubmit && statusOf(before, new Date()) === 'Started') {
    assertComplete(beforeGraph, stepsOf(before));
    await requireFreshStepUp(db, request);
  }
  // What the scheme holds of the member (proof of identity), read before the transaction (a provider may be asked).
  const records = await memberRecordsOf({ db, request, record });
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, request.member!.userId));
  // An area's submit hook takes part in a started journey's submission (a retry of a sent one is answered).
  const wrap =
    statusOf(before, new Date()) === 'Started'
      ? await runSubmitHooks({
          db,
          request,
          graph: beforeGraph,
          steps: stepsOf(before),
          member,
          owner: { userId: request.member!.userId, ...record },
          stepUp,
        })
      : null;
  const plugin = pluginOf(graph.definition);
  const submitInside = async (tx: Transaction) => {
    const row = await requireJourney(tx, record, type, true);
    const now = new Date();
    const status = statusOf(row, now);
    if (status === 'Submitted')
      return { caseNumber: row.caseNumber!, submissionDate: row.submittedAt!.toISOString() };
    if (status === 'Ended') throw journeyEnded(copy.noun, 'send it');
    if (status === 'Expired') throw journeyExpired(copy.noun);
    const steps = stepsOf(row);
    const owned = ownedGraph(graph, row);
    assertComplete(owned, steps);
    const { path } = routeOf(owned, steps);
    const name = fullNameOf(member);
    const { caseNumber, pdf } = await openCase(
      tx,
      {
        record,
        caseType: graph.definition.caseType,
        title: graph.definition.title,
        journeyType: type,
        documents: [
          { name: caseDocumentOf(copy), status: 'received' },
          ...caseDocumentsFor(owned, path).map((document) => ({
            name: document,
            status: records.receivedDocuments.includes(document) ? 'received' : 'outstanding',
          })),
        ],
        now,
      },
      (caseNumber) =>
        renderApplicationPdf({
          title: pdfTitle,
          caseNumber,
          submittedOn: displayDate(now.toISOString()),
          sections: [
            aboutYouSection(
              member,
              { label: 'Date of birth', value: displayDate(member.dateOfBirth) },
              { label: 'National Insurance number', value: member.insuranceNumber ?? 'Not held' },
              { label: 'Postal address', value: address?.join(', ') ?? 'Not held' },
            ),
            ...(row.choice && plugin ? [plugin.lockedSection(row.choice, now, path)] : []),
            {
              heading: 'Your answers',
              lines: answerLines(graph, path, { identity: records.identity.status }),
            },
          ],
        }),
    );
    if (caseNotes.length > 0)
      await tx.insert(caseEvents).values(
        caseNotes.map((note) => ({
          caseNumber,
          at: now,
          // Left by the portal itself as the member's application opened the case: not the member's words.
          actor: 'system' as const,
          kind: 'note' as const,
          note,
        })),
      );
    await tx
      .update(memberJourneys)
      .set({ status: 'Submitted', submittedAt: now, updatedAt: now, caseNumber })
      .where(eq(memberJourneys.id, row.id));
    // The confirmation is a service notice: it goes the way the member chose (the account's email
    // standing in for a record that holds none), else by letter.
    const fill = (text: string) => text.replaceAll('{caseNumber}', caseNumber).replaceAll('{name}', name);
    await queueServiceNotice(tx, request.log, withAccountEmail(member, user), {
      subject: fill(graph.definition.confirmationEmail.subject),
      body: fill(graph.definition.confirmationEmail.body),
    });
    return { caseNumber, submissionDate: now.toISOString(), pdf };
  };
  const submitted = wrap ? await wrap.run(submitInside) : await db.transaction(submitInside);
  await wrap?.after?.();
  // A new case's application is filed in the member's documents once the case is committed.
  if (submitted.pdf)
    await fileForMember(request, {
      name: `${submitted.caseNumber}.pdf`,
      type: pdfTitle,
      kind: 'application',
      bytes: submitted.pdf,
    });
  return { caseNumber: submitted.caseNumber, submissionDate: submitted.submissionDate };
}

/** The latest submitted application's PDF, as an attachment (a newer one may be under way). */
export async function sendJourneyPdf(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
) {
  const row =
    (await findSubmittedJourney(db, memberOf(request), type)) ??
    (await requireJourney(db, memberOf(request), type));
  // An ended journey's case (a refusal recorded for the scheme) is no application of the member's.
  const [found] =
    row.status === 'Submitted' && row.caseNumber
      ? await db.select().from(memberCases).where(eq(memberCases.caseNumber, row.caseNumber))
      : [];
  if (!found?.summaryPdf) throw notFound('pdf_not_found', 'There is no PDF until you submit.');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${found.caseNumber}.pdf"`)
    .send(Buffer.from(found.summaryPdf, 'base64'));
}
