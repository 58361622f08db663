import type { FastifyReply, FastifyRequest } from 'fastify';
import { journeyCopyOf, type JourneyCopy } from '@meridian/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { memberCases, memberJourneys, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { QueuedMessage } from '../../lib/messaging';
import { confirmOneTimeCode, confirmationErrors, pendingChange } from '../../lib/one-time-codes';
import { findTenant } from '../tenancy/tenant-repository';
import { saveBankChange } from '../my-details/bank-changes';
import { defencesOf, refuseUnsettledCodeRoute } from '../my-details/change-defences';
import { BANK_CHANGE_PURPOSE, bankAccountToChange, stepUpRequired } from './bank-step-up';
import { queueEmail } from '../../lib/outbox';
import { IDENTITY_CASE_DOCUMENT, identityVerificationOf } from '../identity-verification/service';
import { findMember } from '../member-data/member-repository';
import { answerLines } from './answers';
import { pluginOf, runSubmitChecks } from './plugins';
import { displayDate } from '../../lib/display';
import { fileForMember } from '../documents/library';
import { aboutYouSection, fullNameOf, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { addressLines, memberOf, ownedGraph } from './actions';
import { assertComplete, routeOf } from './engine';
import { caseDocumentsFor } from './graph';
import { openCase } from '../cases/open-case';
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

/** The step-up code for a journey's bank account, when the member sends one with the submit. */
export interface SubmitStepUp {
  nonce: string | undefined;
  code: string | undefined;
}

const sameUkAccount = (
  payload: Record<string, unknown>,
  account: { accountName: string; sortCode: string; accountNumber: string },
) =>
  payload.accountName === account.accountName &&
  payload.sortCode === account.sortCode &&
  payload.accountNumber === account.accountNumber;

/**
 * What the sent journey is called among its case's documents: its PDF's title (a fund switch's "Fund
 * switch request"), else "{Noun} form" ("Application form" for a journey with no copy of its own).
 */
export const caseDocumentOf = (copy: JourneyCopy) =>
  copy.pdfTitle ?? `${copy.noun.charAt(0).toUpperCase()}${copy.noun.slice(1)} form`;

/**
 * Submits a completed journey: one transaction opens a case, keeps the PDF and emails a confirmation;
 * a retry answers the same case. A bank account the journey gives that is not already the member's is
 * saved in the same transaction under My details' rules: the submit must carry the step-up code (428
 * `step_up_required` without one), and the account may wait out the cooling-off.
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
  // Refused before anything else is asked (a step-up code included).
  await runSubmitChecks({
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
  // Proof of identity as the scheme holds it, read before the transaction (a provider may be asked).
  const identity = await identityVerificationOf(db, request.server.identityVerifier, record);
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, request.member!.userId));
  const account =
    statusOf(before, new Date()) === 'Started'
      ? await bankAccountToChange(db, member, beforeGraph, stepsOf(before))
      : null;
  if (account && !stepUp.code) throw stepUpRequired();
  const defences = await defencesOf(db, request);
  const owner = { userId: request.member!.userId, ...record };
  if (account)
    refuseUnsettledCodeRoute(
      await pendingChange(db, owner, BANK_CHANGE_PURPOSE, stepUp.nonce),
      member,
      defences,
    );
  const plugin = pluginOf(graph.definition);
  const tenantName = (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';
  let notices: QueuedMessage[] = [];
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
    // Proof sent inside the journey (or before it) is with the scheme: received, pending its check.
    const identitySent = identity.status === 'pending' || identity.status === 'verified';
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
            status: document === IDENTITY_CASE_DOCUMENT && identitySent ? 'received' : 'outstanding',
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
            ...(row.choice && plugin ? [plugin.lockedSection(row.choice, now)] : []),
            { heading: 'Your answers', lines: answerLines(graph, path, { identity: identity.status }) },
          ],
        }),
    );
    await tx
      .update(memberJourneys)
      .set({ status: 'Submitted', submittedAt: now, updatedAt: now, caseNumber })
      .where(eq(memberJourneys.id, row.id));
    const to = member.email ?? user?.email;
    if (to) {
      const fill = (text: string) => text.replaceAll('{caseNumber}', caseNumber).replaceAll('{name}', name);
      await queueEmail(tx, request.log, {
        to,
        subject: fill(graph.definition.confirmationEmail.subject),
        body: fill(graph.definition.confirmationEmail.body),
      });
    }
    return { caseNumber, submissionDate: now.toISOString(), pdf };
  };
  const submitted = account
    ? await confirmOneTimeCode(
        db,
        {
          owner,
          purpose: BANK_CHANGE_PURPOSE,
          nonce: stepUp.nonce,
          code: stepUp.code!,
        },
        async (tx, payload) => {
          if (!sameUkAccount(payload, account)) {
            throw new AppError(
              400,
              confirmationErrors.invalid,
              'This code was sent for different bank details. Ask for a new code.',
            );
          }
          notices = (await saveBankChange(tx, request.log, member, account, defences, tenantName)).notices;
          return submitInside(tx);
        },
      )
    : await db.transaction(submitInside);
  await request.server.messaging.deliverQueued(notices);
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
