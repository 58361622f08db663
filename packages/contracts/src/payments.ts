import { z } from 'zod';

/** A day as YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const pence = z.number().int();

const paymentSchema = z.object({ paidOn: day, grossPence: pence, taxPence: pence, netPence: pence });

/** `GET members/current/pension-payments`: the pension being paid, its payments, increases and tax codes. */
export const pensionPaymentsSchema = z.object({
  /** The yearly pension the payroll holds (an increase not yet paid is in `nextPayment`). */
  annualPensionPence: pence,
  taxCode: z.string(),
  /**
   * The next payment as the payroll will make it (`nextPayment` in packages/pensions): on the scheme's pay
   * day, moved back before weekends and bank holidays; a twelfth of the yearly pension then, after any
   * increase effective by that day; PAYE on the code held now and its basis with the tax year to date. Tax
   * and net are null when the code held is not one PAYE can read.
   */
  nextPayment: z.object({
    paidOn: day,
    annualPensionPence: pence,
    grossPence: pence,
    taxCode: z.string(),
    taxBasis: z.enum(['cumulative', 'month1']).nullable(),
    taxPence: pence.nullable(),
    netPence: pence.nullable(),
  }),
  /** Up to the last twelve payments, newest first, each with its payslip's id. */
  lastPayments: z.array(paymentSchema.extend({ id: z.uuid() })),
  /** Every tax year with a payment in it, newest first: each year's payments are `payments?taxYear=`. */
  paymentTaxYears: z.array(z.string()),
  increase: z.object({
    rule: z.string(),
    nextOn: day,
    lastPercent: z.number().nullable(),
    lastOn: day.nullable(),
  }),
  /** Every increase applied since the pension started, newest first. */
  increases: z.array(
    z.object({ effectiveOn: day, percent: z.number(), annualBeforePence: pence, annualAfterPence: pence }),
  ),
  /** Each tax code the payroll has used, from the first payment it was used on, newest first. */
  taxCodes: z.array(
    z.object({ taxCode: z.string(), basis: z.enum(['cumulative', 'month1']), fromPaidOn: day }),
  ),
  /** Tax years with a P60, newest first. */
  p60TaxYears: z.array(z.string()),
});
export type PensionPayments = z.infer<typeof pensionPaymentsSchema>;

export const payslipParamsSchema = z.object({ paymentId: z.uuid() });

/** `GET members/current/payslips/{paymentId}`: one payment as its payslip shows it. */
export const payslipSchema = z.object({
  id: z.uuid(),
  paidOn: day,
  payReference: z.string().nullable(),
  taxCode: z.string().nullable(),
  taxBasis: z.enum(['cumulative', 'month1']).nullable(),
  /** 2026/27; the tax month 1 to 12 counted from 6 April. */
  taxYear: z.string(),
  taxMonth: z.number().int().min(1).max(12),
  grossPence: pence,
  taxPence: pence,
  netPence: pence,
  /** This tax year's totals, this payment included. */
  yearToDate: z.object({ grossPence: pence, taxPence: pence }),
  payer: z.object({ name: z.string(), payeReference: z.string().nullable() }),
});
export type Payslip = z.infer<typeof payslipSchema>;

/** A tax year in an address: 2025-26 for the year 6 April 2025 to 5 April 2026. */
const taxYearInAddress = z
  .string()
  .regex(/^\d{4}-\d{2}$/, 'a tax year such as 2025-26')
  .refine(
    (year) => (Number(year.slice(0, 4)) + 1) % 100 === Number(year.slice(5)),
    'a tax year such as 2025-26',
  );

export const p60ParamsSchema = z.object({ taxYear: taxYearInAddress });

/** `GET members/current/payments?taxYear=2025-26`: the tax year asked for (required). */
export const taxYearPaymentsQuerySchema = z.object({ taxYear: taxYearInAddress });

/** Every payment made in one tax year, newest first, each with its payslip's id. */
export const taxYearPaymentsSchema = z.object({
  /** 2025/26. */
  taxYear: z.string(),
  payments: z.array(paymentSchema.extend({ id: z.uuid() })),
});
export type TaxYearPayments = z.infer<typeof taxYearPaymentsSchema>;
