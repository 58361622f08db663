import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SCAM_WARNING_MESSAGE,
  partialTransferPdfQuerySchema,
  partialTransferRequestSchema,
  partialTransferResponseSchema,
  transferPositionSchema,
  transferStatementRequestSchema,
  transferStatementResponseSchema,
} from '@meridian/contracts';
import { utcDay, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { badRequest, errorResponses, notFound } from '../../lib/errors';
import { globalMessage } from '../content/global-messages';
import { guaranteedTransferQuote } from '../member-data/member-repository';
import { memberOf } from '../journeys/actions';
import { memberAccessKey } from '../journeys/lifecycle';
import { renderTransferPack } from './pack';
import { partialFigures, partialTransfer } from './partial';
import { renderPartialTransferPdf } from './partial-pdf';
import { avcFundOf, keptBenefits, transferBasisFor, transferPosition } from './position';
import { issueTransferStatement, tellStatementReady } from './statement';

const errors = errorResponses(400, 401, 403, 404, 424);
const tags = ['transfer-value'];
/**
 * Transfer value for the signed-in member's DB record: the position (guaranteed value, non-guaranteed AVCs,
 * the free statement, what the member keeps), a statement of entitlement (one free in 12 months, else the
 * scheme's charge once the member accepts it), the partial transfer calculator and the transfer pack.
 */
export const transferValueRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/transfer-value',
    {
      schema: {
        tags,
        summary:
          'The member’s transfer position: the guaranteed value (or today’s figure), AVCs apart, the free statement or the date the next is due and the charge, partial transfers, and the benefits kept by not transferring (pence); 404 no_transfer_value for a DC pot or a pension in payment',
        response: { 200: transferPositionSchema, ...errors },
      },
    },
    async (request) => transferPosition(db, calculations, request, utcDay(new Date())),
  );

  app.post(
    '/transfer-value/statement',
    {
      schema: {
        tags,
        summary:
          'Ask for a statement of entitlement: the value worked out today and guaranteed for 3 months, a case in My requests and the transfer pack in documents, the member told it is ready (by the routes chosen in How we contact you); an open transfer application moves onto it. One is free in 12 months; another is 409 free_statement_not_due (with the date the next free one is due) unless acceptCharge is true, which records the scheme’s charge on the case',
        body: transferStatementRequestSchema,
        response: { 201: transferStatementResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const issued = await issueTransferStatement(
        { db, calculations, library: app.documentLibrary, schemes: app.schemes },
        {
          record: memberOf(request),
          tenantUrl: request.tenantUrl,
          today: utcDay(new Date()),
          now: new Date(),
          acceptCharge: request.body.acceptCharge === true,
          accessKeyOf: () => memberAccessKey(db, calculations, request),
        },
      );
      await tellStatementReady(db, request, issued);
      return reply.code(201).send(issued);
    },
  );

  app.post(
    '/transfer-value/partial',
    {
      schema: {
        tags,
        summary:
          'Partial transfer calculator on the guaranteed value (else today’s figure): transfer this much → the pension kept, or keep this pension → the value; 400 partial_transfer_not_allowed where the scheme does not allow partial transfers, transfer_value_out_of_range, residual_pension_out_of_range (pence)',
        body: partialTransferRequestSchema,
        response: { 200: partialTransferResponseSchema, ...errors },
      },
    },
    async (request) => partialTransfer(db, calculations, request, request.body),
  );

  // The existing portal's downloads of the guaranteed quote (v1 transfer-pdf, v2 download-guaranteed-transfer) are this pack.
  for (const path of [
    '/transfer-value/pack',
    '/transfer-journeys/download/transfer-pdf',
    '/v2/transfer-journeys/download-guaranteed-transfer',
  ])
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'The transfer pack for the member’s guaranteed statement as a PDF; 404 no_guaranteed_transfer_value when none holds',
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const today = utcDay(new Date());
        const basis = await transferBasisFor(db, request, today);
        const stored = await guaranteedTransferQuote(db, basis.member, today);
        if (!stored)
          throw notFound(
            'no_guaranteed_transfer_value',
            'You have no guaranteed transfer value. Ask for a statement of entitlement first.',
          );
        const pdf = await renderTransferPack({
          member: basis.member,
          quote: stored.quote,
          issuedOn: stored.storedOn,
          avcFundPence: avcFundOf(basis.member),
          keep: await keptBenefits(db, calculations, basis, today),
          chargePence: stored.chargePence ?? 0,
          ...(stored.caseNumber && { caseNumber: stored.caseNumber }),
          scamWarning: await globalMessage(db, request.tenantUrl, SCAM_WARNING_MESSAGE),
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="transfer-pack-${stored.storedOn}.pdf"`)
          .send(Buffer.from(pdf));
      },
    );

  // The existing portal's download of the calculator's figures (v1; v2 beside it, as the other transfer downloads have).
  for (const path of [
    '/transfer-journeys/download/partial-transfer-pdf',
    '/v2/transfer-journeys/download/partial-transfer-pdf',
  ])
    app.get(
      path,
      {
        schema: {
          tags,
          summary:
            'The partial transfer calculator’s figures as a PDF (partial-transfer.pdf), from requestedTransferValue (pence to transfer) or requestedResidualPension (pence a year to keep), one of them: the value transferred, the pension kept, each tranche, the AVC fund apart, whether the value is guaranteed and until when, the scam warning. 400 one_partial_figure_required for neither or both, partial_transfer_not_allowed, transfer_value_out_of_range, residual_pension_out_of_range',
          querystring: partialTransferPdfQuerySchema,
          response: { 200: z.any(), ...errors },
        },
      },
      async (request, reply) => {
        const { requestedTransferValue, requestedResidualPension } = request.query;
        if ((requestedTransferValue === undefined) === (requestedResidualPension === undefined))
          throw badRequest(
            'one_partial_figure_required',
            'Give either the amount to transfer (requestedTransferValue) or the pension to keep (requestedResidualPension), not both.',
          );
        const asked =
          requestedTransferValue === undefined
            ? { by: 'residual-pension' as const, residualPensionPence: requestedResidualPension! }
            : { by: 'transfer-value' as const, transferValuePence: requestedTransferValue };
        const today = utcDay(new Date());
        const figures = await partialFigures(db, calculations, request, asked, today);
        const scamWarning = await globalMessage(db, request.tenantUrl, SCAM_WARNING_MESSAGE);
        const pdf = await renderPartialTransferPdf(asked, figures, scamWarning, today);
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="partial-transfer.pdf"')
          .send(Buffer.from(pdf));
      },
    );
};
