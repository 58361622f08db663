// Pensions in payment.
import { date, index, integer, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { portal } from './namespaces';

/** A pension in payment as the administrator's payroll holds it: the yearly amount, tax code and increases. */
export const pensionPayroll = portal.table(
  'pension_payroll',
  {
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    annualPensionPence: integer('annual_pension_pence').notNull(),
    taxCode: text('tax_code').notNull(),
    /** How the pension rises each year, in the scheme's words (such as "CPI, up to 5% a year"). */
    increaseRule: text('increase_rule').notNull(),
    nextIncreaseOn: date('next_increase_on', { mode: 'string' }).notNull(),
    /** The last increase applied, in hundredths of a percent (320 is 3.2%); null before the first. */
    lastIncreaseBasisPoints: integer('last_increase_basis_points'),
    lastIncreaseOn: date('last_increase_on', { mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.businessGroup, table.referenceNumber] })],
);

/** Each pension payment made: the payroll's gross, tax deducted and net paid. */
export const pensionPayments = portal.table(
  'pension_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    grossPence: integer('gross_pence').notNull(),
    taxPence: integer('tax_pence').notNull(),
    netPence: integer('net_pence').notNull(),
    /** The tax code and basis the payroll used for this payment (null on payments imported without them). */
    taxCode: text('tax_code'),
    taxBasis: text('tax_basis', { enum: ['cumulative', 'month1'] }),
    /** The payroll's reference for the payment, printed on the payslip. */
    payReference: text('pay_reference'),
  },
  (table) => [index('pension_payments_member').on(table.businessGroup, table.referenceNumber, table.paidOn)],
);

/** Each annual increase applied to a pension in payment: the rate, the day and the yearly pension either side. */
export const pensionIncreases = portal.table(
  'pension_increases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessGroup: text('business_group').notNull(),
    referenceNumber: text('reference_number').notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** Hundredths of a percent (380 is 3.8%). */
    basisPoints: integer('basis_points').notNull(),
    annualBeforePence: integer('annual_before_pence').notNull(),
    annualAfterPence: integer('annual_after_pence').notNull(),
  },
  (table) => [
    index('pension_increases_member').on(table.businessGroup, table.referenceNumber, table.effectiveOn),
  ],
);
