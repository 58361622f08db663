import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  p60ParamsSchema,
  payslipParamsSchema,
  payslipSchema,
  pensionPaymentsSchema,
  taxYearPaymentsQuerySchema,
  taxYearPaymentsSchema,
} from '@meridian/contracts';
import { utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { p60Of, payslipOf, pensionPaymentsOf, taxYearPaymentsOf, type PayrollRecord } from './payroll';
import { p60Pdf, payslipPdf } from './payroll-pdfs';
import { errorResponses } from '../../lib/errors';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['member-data'];

const recordOf = (request: FastifyRequest): PayrollRecord => ({
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

const pdfHeaders = (fileName: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/** What the payroll holds about the chosen record's pension in payment: payments, payslips and P60s. */
export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/pension-payments',
    {
      schema: {
        tags,
        summary:
          'The pension being paid: the next payment’s date, gross, tax and net as the payroll will make it (after any increase effective by then, on the tax code held now), the last twelve payments (with their payslips), the tax years with a payment, increases, tax codes and the tax years with a P60',
        response: { 200: pensionPaymentsSchema, ...errors },
      },
    },
    async (request) => pensionPaymentsOf(db, recordOf(request), utcDay(new Date())),
  );

  app.get(
    '/members/current/payments',
    {
      schema: {
        tags,
        summary:
          'Every payment made in one tax year (taxYear as 2025-26, required), newest first, each with its payslip’s id: none for a year with no payment; a tax year miswritten is refused with 400',
        querystring: taxYearPaymentsQuerySchema,
        response: { 200: taxYearPaymentsSchema, ...errors },
      },
    },
    async (request) => taxYearPaymentsOf(db, recordOf(request), request.query.taxYear.replace('-', '/')),
  );

  app.get(
    '/members/current/payslips/:paymentId',
    {
      schema: {
        tags,
        summary:
          'One payment’s payslip: gross, tax with the code and basis, net, pay reference and the year to date',
        params: payslipParamsSchema,
        response: { 200: payslipSchema, ...errors },
      },
    },
    async (request) => (await payslipOf(db, recordOf(request), request.params.paymentId)).payslip,
  );

  app.get(
    '/members/current/payslips/:paymentId/pdf',
    {
      schema: {
        tags,
        summary: 'One payment’s payslip as a PDF',
        params: payslipParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { member, payslip } = await payslipOf(db, recordOf(request), request.params.paymentId);
      return reply
        .headers(pdfHeaders(`payslip-${payslip.paidOn}.pdf`))
        .send(Buffer.from(await payslipPdf(member, payslip)));
    },
  );

  app.get(
    '/members/current/p60s/:taxYear/pdf',
    {
      schema: {
        tags,
        summary:
          'The P60 for a tax year that has ended (taxYear as 2025-26): pay and tax in the year, and the final tax code',
        params: p60ParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const taxYear = request.params.taxYear.replace('-', '/');
      const { member, p60 } = await p60Of(db, recordOf(request), taxYear, utcDay(new Date()));
      return reply
        .headers(pdfHeaders(`P60-${request.params.taxYear}.pdf`))
        .send(Buffer.from(await p60Pdf(member, p60)));
    },
  );
};
