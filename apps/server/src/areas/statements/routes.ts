import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { annualStatementSchema, recordQuerySchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { annualStatementFor, annualStatementPdf } from './statement';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The chosen record's annual statement: the DB annual benefit statement, or the DC record's SMPI. Both
 * only read: statements are issued into documents by the yearly statement run (and the demo seed).
 */
export const annualStatementRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/annual-statement',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'This statement year’s annual statement (pence): for a DB record the pension built up, at normal retirement age, the most tax-free cash and the spouse’s or partner’s pension; for a DC record the Statutory Money Purchase Illustration (AS TM1); with the assumptions. Read only: once the yearly run has issued it, its figures are as at that day and `document` is the PDF in documents; before that, today’s figures and no document. 404 no_annual_statement for a pension in payment',
        response: { 200: annualStatementSchema, ...errors },
      },
    },
    async (request) => annualStatementFor(db, request),
  );

  app.get(
    '/members/current/annual-statement/pdf',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'This statement year’s annual statement as a PDF, read only: the issued statement’s figures, or today’s before it is issued; files nothing. 404 no_annual_statement for a pension in payment',
        querystring: recordQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await annualStatementPdf(db, request);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .send(Buffer.from(pdf.bytes));
    },
  );
};
