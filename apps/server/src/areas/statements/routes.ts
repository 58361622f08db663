import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { annualStatementSchema, errorBodySchema } from '@meridian/contracts';
import type { Database } from '../../db/client';
import { annualStatementFor } from './statement';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The chosen record's annual statement: the DB annual benefit statement, or the DC record's SMPI. */
export const annualStatementRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/annual-statement',
    {
      schema: {
        tags: ['member-data'],
        summary:
          'This statement year’s annual statement (pence): for a DB record the pension built up, at normal retirement age, the most tax-free cash and the spouse’s pension; for a DC record the Statutory Money Purchase Illustration (AS TM1); with the assumptions. The first ask in a statement year files its PDF in documents, and later asks answer the same document; 404 no_annual_statement for a pension in payment',
        response: { 200: annualStatementSchema, ...errors },
      },
    },
    async (request) => annualStatementFor(db, request),
  );
};
