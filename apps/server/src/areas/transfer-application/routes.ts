import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  journeySubmitResponseSchema,
  pensionTranchesQuerySchema,
  pensionTranchesResponseSchema,
  transferContactAddressRequestSchema,
  transferContactRequestSchema,
  transferFinancialAdviceRequestSchema,
  transferFinancialAdviceSchema,
  transferFlexibleBenefitsRequestSchema,
  transferFlexibleBenefitsSchema,
  transferPensionWiseRequestSchema,
  transferPensionWiseSchema,
  transferValuesQuerySchema,
  transferValuesResponseSchema,
  transferApplicationStatusRequestSchema,
  transferApplicationStatusSchema,
  uploadedDocumentSchema,
  transferApplicationViewSchema,
  transferJourneyLockSchema,
  transferJourneyStartRequestSchema,
  type JourneyDefinition,
  type ListItem,
  type TransferApplicationStatus,
  type TransferJourneyLock,
} from '@meridian/contracts';
import type { CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { AppError, badRequest, errorResponses, notFound } from '../../lib/errors';
import { accessKeyFactsOf } from '../access-key/access-key-facts';
import { findDocument } from '../content/document-repository';
import { sendUploadsWithCase, toUploaded } from '../documents/post-submission';
import { cancelJourney, memberOf, ownedGraph, questionAnswered, startJourney } from '../journeys/actions';
import { routeOf } from '../journeys/engine';
import { journeyPageAliases } from '../journeys/alias-routes';
import { memberFor } from '../journeys/lifecycle';
import type { JourneyOwner } from '../journeys/owner';
import { requireJourney, stepsOf } from '../journeys/repository';
import { lockedPartialTransfer, partialTransfer } from '../transfer-value/partial';
import { TRANSFER_CONTENT } from './journey-plugin';
import { canApplyToTransfer, TRANSFER_STARTS_FROM, transferApplicationStatusOf } from './status';

/**
 * The adviser firm's address in the existing portal's lines, as the application's `address` question
 * keeps it: up to three lines and the town (the last line given), with the postcode. FCA-authorised
 * firms are in the UK, so a country other than the UK is refused.
 */
function adviserAddressOf(body: z.infer<typeof transferContactAddressRequestSchema>): string {
  const parts = [body.line1, body.line2, body.line3, body.line4, body.line5]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  const country = (body.countryCode ?? body.country ?? 'GB').trim().toUpperCase();
  if (!['GB', 'GBR', 'UK', 'UNITED KINGDOM'].includes(country))
    throw badRequest('invalid_address', 'Give the UK address of your adviser’s firm.');
  if (parts.length < 2 || parts.length > 4)
    throw badRequest('invalid_address', 'Give one to three lines of the address, then the town or city.');
  return JSON.stringify({ lines: parts.slice(0, -1), town: parts.at(-1), postcode: body.postCode ?? '' });
}

/** Why a status cannot be set by the member: what moves the application there instead. */
function statusRefusal(wanted: TransferApplicationStatus, now: TransferApplicationStatus): string {
  if (now === 'UnavailableTA') return 'You cannot apply online to transfer this pension.';
  if (wanted === 'StartedTA')
    return now === 'SubmittedTA'
      ? 'Your transfer application has been sent.'
      : 'Your transfer application has every answer; change one from check your answers.';
  const how: Partial<Record<TransferApplicationStatus, string>> = {
    SubmitStarted: 'answering every question',
    SubmittedTA: 'sending the application',
    NotStartedTA: 'deleting the application',
    OutsideTA: 'an answer the transfer checks refuse',
  };
  return `The application reaches ${wanted} by ${how[wanted] ?? 'the scheme alone'}, not by setting it.`;
}

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['journeys'];

/** The tenant's journey that starts from a transfer quote (the transfer application). */
export async function transferJourneyType(db: Database, tenantUrl: string): Promise<string> {
  const definitions = (await findDocument<JourneyDefinition[]>(db, tenantUrl, 'journeys')) ?? [];
  const found = definitions.find((definition) => definition.startsFrom === TRANSFER_STARTS_FROM);
  if (!found) throw notFound('journey_type_not_found', 'This site has no transfer application.');
  return found.type;
}

/** The member's transfer application status, as the access key gives it. */
export async function transferApplicationStatusFor(db: Database, request: FastifyRequest) {
  const { member, scheme } = await memberFor(db, request);
  const facts = await accessKeyFactsOf(db, request.tenantUrl, memberOf(request), new Date());
  return transferApplicationStatusOf(canApplyToTransfer(scheme, member, facts), facts.journeys);
}

/** The pension a year kept with this part of the locked value transferred; null when it no longer fits. */
function residualPensionOf(lock: TransferJourneyLock, partPence: number) {
  try {
    return lockedPartialTransfer(lock, partPence).residualPensionPence;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The transfer application under the names the existing portal used (`v2/transfer-journeys/...`,
 * existing-portal d.11): each is the generic journey call for the tenant's journey that starts from a
 * transfer quote, or reads it.
 */
export const transferJourneyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
  members: JourneyOwner;
}> = async (app, { db, calculations, members }) => {
  app.addHook('preHandler', app.requireMember);
  const typeFor = (request: { tenantUrl: string }) => transferJourneyType(db, request.tenantUrl);
  /** The member's answer to a question on the route their transfer application takes, if they gave one. */
  const answerOf = async (request: FastifyRequest, questionKey: string) => {
    const type = await typeFor(request);
    const row = await requireJourney(db, memberOf(request), type);
    const graph = ownedGraph(await members.graphOf(request, type), row);
    const step = routeOf(graph, stepsOf(row)).path.find(
      (candidate) => graph.pages.get(candidate.pageKey)?.question?.key === questionKey,
    );
    return step?.answer ?? null;
  };
  const flexibleBenefitsOf = async (request: FastifyRequest) => {
    const answer = await answerOf(request, TRANSFER_CONTENT.flexibleBenefits);
    const items = answer?.answerValue ? (JSON.parse(answer.answerValue) as ListItem[]) : [];
    return items.map((item) => ({ nameOfPlan: item.title ?? '', amountPence: item.amountPence ?? null }));
  };

  for (const path of ['/transfer-journeys/start', '/v2/transfer-journeys/start'])
    app.post(
      path,
      {
        schema: {
          tags,
          summary:
            'Start the transfer application: locks the member’s latest guaranteed transfer quote (400 transfer_quote_not_found, guarantee_expired; 409 journey_in_progress, transfer_application_sent)',
          body: transferJourneyStartRequestSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const graph = await members.graphOf(request, await typeFor(request), 'start');
        await startJourney(db, calculations, members, request, graph, request.body);
        return reply.code(204).send(null);
      },
    );

  app.get(
    '/v2/transfer-journeys/transfer-application',
    {
      schema: {
        tags,
        summary: 'The member’s latest transfer application: status, dates and the guaranteed value it locked',
        response: { 200: transferApplicationViewSchema, ...errors },
      },
    },
    async (request) => {
      const row = await requireJourney(db, memberOf(request), await typeFor(request));
      const lock = transferJourneyLockSchema.safeParse(row.choice);
      const part = await answerOf(request, TRANSFER_CONTENT.partialTransferValue);
      const partialTransferValue = part ? Number(part.answerKey) : null;
      return {
        transferApplicationStatus: await transferApplicationStatusFor(db, request),
        startDate: row.startedAt.toISOString(),
        submissionDate: row.submittedAt?.toISOString() ?? null,
        caseNumber: row.caseNumber ?? null,
        totalGuaranteedTransferValue: lock.success ? lock.data.transferValuePence : null,
        totalNonGuaranteedTransferValue: lock.success ? lock.data.nonGuaranteedPence : null,
        guaranteeDate: lock.success ? lock.data.guaranteeDate : null,
        guaranteedUntil: lock.success ? lock.data.guaranteedUntil : null,
        payBy: lock.success ? lock.data.payBy : null,
        partialTransferValue,
        residualPension:
          lock.success && partialTransferValue !== null
            ? residualPensionOf(lock.data, partialTransferValue)
            : null,
      };
    },
  );

  for (const path of [
    '/transfer-journeys/transfer-application-status',
    '/v2/transfer-journeys/transfer-application-status',
  ])
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'The transfer application’s status: NotStartedTA, StartedTA, SubmitStarted, SubmittedTA, UnavailableTA or OutsideTA',
          response: { 200: transferApplicationStatusSchema, ...errors },
        },
      },
      async (request) => ({ status: await transferApplicationStatusFor(db, request) }),
    );

  app.post(
    '/v2/transfer-journeys/transfer-application-status',
    {
      schema: {
        tags,
        summary:
          'Move the transfer application to a status: StartedTA starts one from NotStartedTA or OutsideTA (as start does, with its refusals) and leaves one under way as it is; any other is 409 transfer_status_not_settable, the status following from what the member does',
        body: transferApplicationStatusRequestSchema,
        response: { 200: transferApplicationStatusSchema, ...errors },
      },
    },
    async (request) => {
      const now = await transferApplicationStatusFor(db, request);
      const wanted = request.body.status;
      if (
        wanted !== 'StartedTA' ||
        now === 'SubmitStarted' ||
        now === 'SubmittedTA' ||
        now === 'UnavailableTA'
      )
        throw new AppError(409, 'transfer_status_not_settable', statusRefusal(wanted, now));
      if (now !== 'StartedTA') {
        const graph = await members.graphOf(request, await typeFor(request), 'start');
        await startJourney(db, calculations, members, request, graph, {});
      }
      return { status: await transferApplicationStatusFor(db, request) };
    },
  );

  for (const path of ['/transfer-journeys/pension-tranches', '/v2/transfer-journeys/pension-tranches'])
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'Partial transfer, by value: transferring requestedTransferValue (pence) keeps this pension a year (pence); the AVC fund apart. Needs a transfer application under way',
          querystring: pensionTranchesQuerySchema,
          response: { 200: pensionTranchesResponseSchema, ...errors, ...errorResponses(424) },
        },
      },
      async (request) => {
        await requireJourney(db, memberOf(request), await typeFor(request));
        const partial = await partialTransfer(db, calculations, request, {
          by: 'transfer-value',
          transferValuePence: request.query.requestedTransferValue,
        });
        return {
          pensionTranchesResidualTotal: partial.residualPensionPence,
          nonGuaranteed: partial.nonGuaranteed.avcFundPence,
        };
      },
    );

  for (const path of ['/transfer-journeys/transfer-values', '/v2/transfer-journeys/transfer-values'])
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'Partial transfer, by pension kept: keeping requestedResidualPension (pence a year) leaves this value to transfer, beside the full value (pence); the AVC fund apart. Needs a transfer application under way',
          querystring: transferValuesQuerySchema,
          response: { 200: transferValuesResponseSchema, ...errors, ...errorResponses(424) },
        },
      },
      async (request) => {
        await requireJourney(db, memberOf(request), await typeFor(request));
        const partial = await partialTransfer(db, calculations, request, {
          by: 'residual-pension',
          residualPensionPence: request.query.requestedResidualPension,
        });
        return {
          transferValuesFullTotal: partial.fullTransferValuePence,
          nonGuaranteed: partial.nonGuaranteed.avcFundPence,
          transferValuesPartialTotal: partial.transferValuePence,
        };
      },
    );

  app.get(
    '/v2/transfer-journeys/pension-wise',
    {
      schema: {
        tags,
        summary:
          'The date of Pension Wise guidance the member gave in their transfer application (null when the route did not ask it, or not yet)',
        response: { 200: transferPensionWiseSchema, ...errors },
      },
    },
    async (request) => ({
      pensionWiseDate: (await answerOf(request, TRANSFER_CONTENT.pensionWiseDate))?.answerKey ?? null,
    }),
  );

  app.get(
    '/v2/transfer-journeys/flexible-benefits',
    {
      schema: {
        tags,
        summary:
          'The pensions the member says they have already taken money from (flexible benefits), with the amount in pence',
        response: { 200: transferFlexibleBenefitsSchema, ...errors },
      },
    },
    async (request) => ({ flexibleBenefits: await flexibleBenefitsOf(request) }),
  );

  /** Answers one of the application's questions where the member's route asks it, as its page would. */
  const answered = async (
    request: FastifyRequest,
    questionKey: string,
    answerKey: string,
    answerValue?: string,
  ) =>
    questionAnswered(db, members, request, await typeFor(request), { questionKey, answerKey, answerValue });
  const answerCall = { 204: z.null(), ...errors };

  app.post(
    '/v2/transfer-journeys/pension-wise',
    {
      schema: {
        tags,
        summary:
          'Answer the date of Pension Wise guidance, where the application asks it (400 question_not_reached, date_in_future)',
        body: transferPensionWiseRequestSchema,
        response: answerCall,
      },
    },
    async (request, reply) => {
      await answered(request, TRANSFER_CONTENT.pensionWiseDate, request.body.pensionWiseDate);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v2/transfer-journeys/financial-advise',
    {
      schema: {
        tags,
        summary:
          'The date of the regulated advice the member gave in their transfer application (null when not asked, or not yet)',
        response: { 200: transferFinancialAdviceSchema, ...errors },
      },
    },
    async (request) => ({
      financialAdviseDate: (await answerOf(request, TRANSFER_CONTENT.financialAdviceDate))?.answerKey ?? null,
    }),
  );

  app.post(
    '/v2/transfer-journeys/financial-advise',
    {
      schema: {
        tags,
        summary:
          'Answer the date of the regulated advice, in the last 12 months (400 question_not_reached, date_too_long_ago, date_in_future)',
        body: transferFinancialAdviceRequestSchema,
        response: answerCall,
      },
    },
    async (request, reply) => {
      await answered(request, TRANSFER_CONTENT.financialAdviceDate, request.body.financialAdviseDate);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/transfer-journeys/flexible-benefits',
    {
      schema: {
        tags,
        summary:
          'Answer the pensions the member has taken money from, with the amounts in pence, where the application asks them',
        body: transferFlexibleBenefitsRequestSchema,
        response: answerCall,
      },
    },
    async (request, reply) => {
      const items = request.body.flexibleBenefits.map((benefit) => ({
        title: benefit.nameOfPlan,
        amount: (benefit.amountPence / 100).toFixed(2),
      }));
      await answered(request, TRANSFER_CONTENT.flexibleBenefits, String(items.length), JSON.stringify(items));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/transfer-journeys/contact',
    {
      schema: {
        tags,
        summary:
          'Answer the receiving scheme’s name and administrator (ReceivingSchemes), or the adviser’s firm (Ifa), where the application asks them; each answer is checked as its page checks it (400 question_not_asked for advisorName: the application asks for the firm, not the adviser by name)',
        body: transferContactRequestSchema,
        response: answerCall,
      },
    },
    async (request, reply) => {
      const contact = request.body;
      if (contact.advisorName)
        throw badRequest(
          'question_not_asked',
          'The application asks for your adviser’s firm, its address and FCA number, not your adviser’s own name.',
        );
      if (contact.type === 'Ifa') {
        if (!contact.companyName)
          throw badRequest('company_name_required', 'Enter the name of your adviser’s firm.');
        await answered(request, TRANSFER_CONTENT.adviserFirm, contact.companyName);
        return reply.code(204).send(null);
      }
      if (contact.schemeName) await answered(request, TRANSFER_CONTENT.schemeName, contact.schemeName);
      if (contact.name || contact.email || contact.phoneNumber) {
        const words = (contact.name ?? '').trim().split(/\s+/);
        const phoneCode = contact.phoneCode?.replace(/^\+/, '');
        const person = {
          forenames: words.length > 1 ? words.slice(0, -1).join(' ') : words[0],
          surname: words.length > 1 ? words.at(-1) : '',
          email: contact.email,
          phone:
            contact.phoneNumber && (phoneCode ? `+${phoneCode} ${contact.phoneNumber}` : contact.phoneNumber),
        };
        await answered(request, TRANSFER_CONTENT.schemeAdministrator, 'provided', JSON.stringify(person));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/transfer-journeys/contact/address',
    {
      schema: {
        tags,
        summary:
          'Answer the receiving scheme’s postal address (ReceivingSchemes), or the adviser firm’s UK address (Ifa: line1 to line3, the town in the last line given, postCode; 400 invalid_address otherwise), where the application asks them',
        body: transferContactAddressRequestSchema,
        response: answerCall,
      },
    },
    async (request, reply) => {
      const { type, line1, line2, line3, line4, line5, postCode, country } = request.body;
      if (type === 'Ifa') {
        await answered(request, TRANSFER_CONTENT.adviserAddress, 'provided', adviserAddressOf(request.body));
        return reply.code(204).send(null);
      }
      const address = [line1, line2, line3, line4, line5, postCode, country]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(', ');
      await answered(request, TRANSFER_CONTENT.schemeAddress, address);
      return reply.code(204).send(null);
    },
  );

  journeyPageAliases(app, {
    db,
    members,
    prefix: '/v2/transfer-journeys',
    noun: 'transfer application',
    typeFor,
    tags,
    errors,
  });

  app.put(
    '/v2/transfer-journeys/delete-application',
    {
      schema: {
        tags,
        summary: 'Cancel an unsent transfer application (kept as history; the quote stays guaranteed)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelJourney(db, members, request, await typeFor(request));
      return reply.code(204).send(null);
    },
  );

  for (const path of ['/v2/transfer-journeys/submit', '/v3/transfer-journeys/submit'])
    app.post(
      path,
      {
        schema: {
          tags,
          summary:
            'Send the transfer application: a TOP9 case, its PDF and a confirmation email (409 guarantee_expired when the guarantee it is on has ended: a new statement of entitlement moves it onto the new value; 400 red_flag, safeguarding_reference_required, advice_required, fca_*; a retry answers the same case)',
          response: { 200: journeySubmitResponseSchema, ...errors, ...errorResponses(428) },
        },
      },
      async (request) => members.submit.send(request, await typeFor(request)),
    );

  app.post(
    '/v2/transfer-journeys/documents/post-submission',
    {
      schema: {
        tags,
        summary:
          'Send the documents uploaded for a transfer since it was sent (context transfer2) with its case (400 journey_not_submitted, 409 case_closed once the case is closed)',
        response: { 200: z.object({ documents: z.array(uploadedDocumentSchema) }), ...errors },
      },
    },
    async (request) => {
      const row = await requireJourney(db, memberOf(request), await typeFor(request));
      if (row.status !== 'Submitted' || !row.caseNumber)
        throw badRequest(
          'journey_not_submitted',
          'Send your transfer application before sending more documents with it.',
        );
      const sent = await sendUploadsWithCase(
        db,
        memberOf(request),
        'transfer2',
        row.caseNumber,
        request.member!.userId,
      );
      return { documents: sent.map(toUploaded) };
    },
  );

  // newPdf re-rendered the existing portal's summary; here the PDF kept with the case is the one there is.
  for (const path of ['/v2/transfer-journeys/download/pdf', '/v2/transfer-journeys/download/newPdf'])
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'The sent transfer application as a PDF, as kept with its case',
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => members.pdf.send(request, reply, await typeFor(request)),
    );
};
