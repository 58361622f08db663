import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import {
  errorBodySchema,
  journeySubmitResponseSchema,
  journeyTypeParamsSchema,
  memberCaseSchema,
  recordQuerySchema,
  type JourneyChoice,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberCases, memberJourneys, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { queueEmail } from '../../lib/outbox';
import { IDENTITY_CASE_DOCUMENT, identityVerificationOf } from '../identity-verification/service';
import { findMember } from '../member-data/member-repository';
import { answerLines, choiceLines } from './answers';
import { displayDate } from '../../lib/display';
import { fileForMember } from '../documents/library';
import { aboutYouSection, fullNameOf, renderApplicationPdf } from './application-pdf';
import { addressLines, memberOf } from './actions';
import { assertComplete, routeOf } from './engine';
import { openCase } from './open-case';
import { loadJourneyGraph, requireJourney, statusOf, stepsOf } from './repository';
import { casesOf } from './case-ownership';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['journeys'];
const addressRequired = () => badRequest('address_required', 'Give your postal address before you send this.');

/**
 * Submits a completed journey: one transaction opens a case, keeps the PDF and emails a confirmation;
 * a retry answers the same case.
 */
export async function submitJourney(db: Database, request: FastifyRequest, type: string) {
  const record = memberOf(request);
  const graph = await loadJourneyGraph(db, request.tenantUrl, type);
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const { member } = found;
  const address = addressLines(member.address);
  // Refused before anything else is asked (a step-up code included): the scheme writes to this address.
  const needsAddress = [...graph.pages.values()].some((page) => page.shows === 'contact-details');
  if (!address?.length && needsAddress) throw addressRequired();
  // Proof of identity as the scheme holds it, read before the transaction (a provider may be asked).
  const identity = await identityVerificationOf(db, request.server.identityVerifier, record);
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, request.member!.userId));
  const submitted = await db.transaction(async (tx) => {
    const row = await requireJourney(tx, record, type, true);
    const now = new Date();
    const status = statusOf(row, now);
    if (status === 'Submitted')
      return { caseNumber: row.caseNumber!, submissionDate: row.submittedAt!.toISOString() };
    if (status === 'Expired')
      throw badRequest('journey_expired', 'This journey has expired. Start again to see up-to-date figures.');
    const steps = stepsOf(row);
    assertComplete(graph, steps);
    const { path } = routeOf(graph, steps);
    if (!address?.length && needsAddress) throw addressRequired();
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
          { name: 'Application form', status: 'received' },
          ...graph.definition.caseDocuments.map((document) => ({
            name: document,
            status: document === IDENTITY_CASE_DOCUMENT && identitySent ? 'received' : 'outstanding',
          })),
        ],
        now,
      },
      (caseNumber) =>
        renderApplicationPdf({
          title: graph.definition.title,
          caseNumber,
          submittedOn: displayDate(now.toISOString()),
          sections: [
            aboutYouSection(
              member,
              { label: 'Date of birth', value: displayDate(member.dateOfBirth) },
              { label: 'National Insurance number', value: member.insuranceNumber ?? 'Not held' },
              { label: 'Postal address', value: address?.join(', ') ?? 'Not held' },
            ),
            ...(row.choice
              ? [{ heading: 'Your choice', lines: choiceLines(row.choice as JourneyChoice) }]
              : []),
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
  });
  // A new case's application is filed in the member's documents once the case is committed.
  if (submitted.pdf)
    await fileForMember(request, {
      name: `${submitted.caseNumber}.pdf`,
      type: graph.definition.title,
      kind: 'application',
      bytes: submitted.pdf,
    });
  return { caseNumber: submitted.caseNumber, submissionDate: submitted.submissionDate };
}

/** The submitted application's PDF, as an attachment. */
export async function sendJourneyPdf(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
) {
  const row = await requireJourney(db, memberOf(request), type);
  const [found] = row.caseNumber
    ? await db.select().from(memberCases).where(eq(memberCases.caseNumber, row.caseNumber))
    : [];
  if (!found?.summaryPdf) throw notFound('pdf_not_found', 'There is no PDF until you submit.');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${found.caseNumber}.pdf"`)
    .send(Buffer.from(found.summaryPdf, 'base64'));
}

/** Submitting a journey as a case, its PDF record, and the member's cases (My requests). */
export const journeySubmissionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.post(
    '/journeys/:journeyType/submit',
    {
      schema: {
        tags,
        summary:
          'Submit a completed journey: one transaction opens a case with a reference, keeps the PDF and emails a confirmation; a retry answers the same case',
        params: journeyTypeParamsSchema,
        response: { 200: journeySubmitResponseSchema, ...errors },
      },
    },
    async (request) => submitJourney(db, request, request.params.journeyType),
  );

  app.get(
    '/journeys/:journeyType/pdf/download',
    {
      schema: {
        tags,
        summary: 'The submitted application as a PDF',
        params: journeyTypeParamsSchema,
        querystring: recordQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => sendJourneyPdf(db, request, reply, request.params.journeyType),
  );

  app.get(
    '/cases',
    {
      schema: {
        tags,
        summary: 'The member’s cases (applications and requests) with status, dates and documents',
        response: { 200: z.object({ cases: z.array(memberCaseSchema) }), ...errors },
      },
    },
    async (request) => {
      const record = memberOf(request);
      // Not the summary PDF each submitted case keeps: a list has no use for it.
      const rows = await db
        .select({
          caseNumber: memberCases.caseNumber,
          caseType: memberCases.caseType,
          title: memberCases.title,
          status: memberCases.status,
          createdAt: memberCases.createdAt,
          updatedAt: memberCases.updatedAt,
          documents: memberCases.documents,
          journeyType: memberCases.journeyType,
        })
        .from(memberCases)
        .where(casesOf(record))
        .orderBy(desc(memberCases.createdAt));
      return {
        cases: rows.map((row) => ({
          caseNumber: row.caseNumber,
          caseType: row.caseType,
          title: row.title,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          documents: row.documents.map((document) => ({
            name: document.name,
            status: memberCaseSchema.shape.documents.element.shape.status.parse(document.status),
          })),
          journeyType: row.journeyType,
        })),
      };
    },
  );
};
