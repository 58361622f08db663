import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBodySchema } from '@meridian/contracts';
import { getDbSchemeConfig, nextPaymentDate, utcDay } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { pensionPayments, pensionPayroll } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findMember } from '../member-data/member-repository';

const paymentSchema = z.object({
  paidOn: z.string(),
  grossPence: z.number().int(),
  taxPence: z.number().int(),
  netPence: z.number().int(),
});

export const pensionPaymentsSchema = z.object({
  annualPensionPence: z.number().int(),
  taxCode: z.string(),
  /** From the scheme's pay day, moved back before weekends and bank holidays. */
  nextPaymentOn: z.string(),
  /** What each payment is now (the latest one's gross, tax and net); null before the first payment. */
  currentPayment: paymentSchema.omit({ paidOn: true }).nullable(),
  /** Up to the last twelve payments, newest first. */
  lastPayments: z.array(paymentSchema),
  increase: z.object({
    rule: z.string(),
    nextOn: z.string(),
    lastPercent: z.number().nullable(),
    lastOn: z.string().nullable(),
  }),
});

/** What the payroll holds about the chosen record's pension in payment. */
export const paymentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireMember);

  app.get(
    '/members/current/pension-payments',
    {
      schema: {
        tags: ['member-data'],
        summary: 'The pension being paid: next payment date and amounts, the last twelve payments, increases',
        response: {
          200: pensionPaymentsSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { businessGroup, referenceNumber } = request.member!;
      const found = await findMember(db, businessGroup, referenceNumber);
      if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
      const [payroll] = await db
        .select()
        .from(pensionPayroll)
        .where(
          and(
            eq(pensionPayroll.businessGroup, businessGroup),
            eq(pensionPayroll.referenceNumber, referenceNumber),
          ),
        );
      if (!payroll) throw notFound('no_pension_in_payment', 'No pension is being paid on this record.');
      const lastPayments = await db
        .select({
          paidOn: pensionPayments.paidOn,
          grossPence: pensionPayments.grossPence,
          taxPence: pensionPayments.taxPence,
          netPence: pensionPayments.netPence,
        })
        .from(pensionPayments)
        .where(
          and(
            eq(pensionPayments.businessGroup, businessGroup),
            eq(pensionPayments.referenceNumber, referenceNumber),
          ),
        )
        .orderBy(desc(pensionPayments.paidOn))
        .limit(12);
      const today = utcDay(new Date());
      const { payDay, region } = getDbSchemeConfig(found.scheme.code, today).payments;
      const latest = lastPayments[0];
      return {
        annualPensionPence: payroll.annualPensionPence,
        taxCode: payroll.taxCode,
        nextPaymentOn: nextPaymentDate(today, payDay, region),
        currentPayment: latest
          ? { grossPence: latest.grossPence, taxPence: latest.taxPence, netPence: latest.netPence }
          : null,
        lastPayments,
        increase: {
          rule: payroll.increaseRule,
          nextOn: payroll.nextIncreaseOn,
          lastPercent:
            payroll.lastIncreaseBasisPoints === null ? null : payroll.lastIncreaseBasisPoints / 100,
          lastOn: payroll.lastIncreaseOn,
        },
      };
    },
  );
};
