import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  dcFormalQuoteResponseSchema,
  dcOptionText,
  dcQuoteSelectionRequestSchema,
  dcQuoteSelectionResponseSchema,
  dcQuoteSelectionSchema,
  selectionIssueCode,
  type DcQuoteSelection,
  type DcQuoteSelectionResponse,
} from '@meridian/contracts';
import { addMonths, dcOptionFigures, isoDate, type CalculationProvider } from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberCases } from '../../db/schema';
import { AppError, badRequest, errorResponses } from '../../lib/errors';
import { displayDate, displayPounds } from '../../lib/display';
import { aboutYouSection, renderApplicationPdf } from '../../lib/pdf/application-pdf';
import { calculated } from '../member-data/calculations';
import { openCase } from '../cases/open-case';
import { casesOf } from '../cases/case-ownership';
import { fileForMember } from '../documents/library';
import { memberOf } from '../journeys/actions';
import { dcBasisFor } from './dc-basis';

const errors = errorResponses(400, 401, 403, 404, 424);
const tags = ['member-data'];
/** The case type of a DC formal quote request, as My requests shows it. */
export const DC_FORMAL_QUOTE_CASE_TYPE = 'DCQ';
const FORMAL_QUOTE_TITLE = 'Formal quote for your DC pension';

type Member = Awaited<ReturnType<typeof dcBasisFor>>['member'];

/** The option's summary as PDF sections: the choice, its cash and how it is paid, its income and what it gives up. */
function summarySections(member: Member, figures: DcQuoteSelectionResponse) {
  const { option } = figures;
  return [
    aboutYouSection(member, { label: 'Date of birth', value: displayDate(member.dateOfBirth) }),
    {
      heading: 'Your option',
      lines: [
        { label: 'Option', value: dcOptionText[option.code].title },
        { label: 'Retirement date', value: displayDate(figures.retirementDate) },
        { label: 'Your pot then (an estimate)', value: displayPounds(figures.potPence) },
      ],
    },
    {
      heading: 'Cash',
      lines: [
        { label: 'Tax-free cash', value: displayPounds(option.taxFreeCashPence) },
        ...figures.payments.map((payment, i) => ({
          label: figures.payments.length > 1 ? `Instalment ${i + 1}` : 'Paid',
          value: `${displayPounds(payment.amountPence)} on ${displayDate(payment.paidOn)}`,
        })),
        { label: 'Taxable cash', value: displayPounds(option.taxableCashPence) },
        { label: 'Estimated income tax on the cash', value: displayPounds(option.cashTaxPence) },
        { label: 'Cash after estimated tax', value: displayPounds(option.cashAfterTaxPence) },
      ],
    },
    {
      heading: 'Income',
      lines: [
        { label: 'Yearly income before tax', value: displayPounds(option.yearlyIncomePence) },
        {
          label: 'Yearly income after estimated tax',
          value: displayPounds(option.yearlyIncomeAfterTaxPence),
        },
        { label: 'Left invested', value: displayPounds(option.potLeftInvestedPence) },
        ...(option.mpaaApplies
          ? [
              {
                label: 'Money Purchase Annual Allowance',
                value: `Applies: no more than ${displayPounds(figures.mpaaPence)} a year can then be paid into your pensions with tax relief`,
              },
            ]
          : []),
      ],
    },
    {
      heading: 'What you give up',
      lines: option.givesUp.map((text, i) => ({ label: `${i + 1}`, value: text })),
    },
    {
      heading: 'These are estimates',
      lines: [
        {
          label: 'Tax',
          value: `Income tax estimated for the ${figures.tax.taxYear} tax year (${figures.tax.regimeReason}). ${figures.tax.source}.`,
        },
        { label: 'Not a quote', value: 'Ask us for a formal quote before you decide.' },
      ],
    },
  ];
}

/**
 * The selection worked out again for the signed-in member's DC record: the tax-free cash within the most
 * allowed, instalments only where the scheme pays them, an option the member may take; a 400 with the
 * refusal's code otherwise. Quote selection answers it, and the DC application locks it at start.
 */
export async function dcSelectionFigures(
  db: Pick<Database, 'select'>,
  calculations: CalculationProvider,
  request: FastifyRequest,
  selection: DcQuoteSelection,
) {
  const { basis, context, member } = await dcBasisFor(
    db,
    calculations,
    request,
    { retirementDate: selection.retirementDate },
    {},
  );
  const instalments = basis.scheme.taxFreeCashInstalments;
  const checked = dcQuoteSelectionSchema({
    maximumTaxFreeCashPence: context.taxFreeCash.maximumPence,
    instalmentsAllowed: instalments !== null,
  }).safeParse(selection);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw badRequest(selectionIssueCode(issue), issue.message);
  }
  const option = await calculated(Promise.resolve().then(() => dcOptionFigures(basis, selection.choice)));
  if (!option.eligible)
    throw badRequest('option_not_eligible', option.notEligibleReason ?? 'You cannot take this option.');
  const second = selection.secondInstalmentPence;
  if (second !== undefined && option.choice.taxFreeCashPence === undefined)
    throw badRequest('instalments_not_allowed', 'This option has no tax-free cash to pay in instalments');
  if (second !== undefined && second >= option.taxFreeCashPence)
    throw badRequest(
      'instalment_too_large',
      'The second instalment must be less than your tax-free cash, so that the first is more than £0',
    );
  const secondPaidOn = instalments
    ? addMonths(isoDate(context.retirementDate), instalments.secondAfterMonths)
    : null;
  const payments =
    second !== undefined && secondPaidOn
      ? [
          { paidOn: context.retirementDate, amountPence: option.taxFreeCashPence - second },
          { paidOn: secondPaidOn, amountPence: second },
        ]
      : option.taxFreeCashPence > 0
        ? [{ paidOn: context.retirementDate, amountPence: option.taxFreeCashPence }]
        : [];
  const figures: DcQuoteSelectionResponse = {
    calculatedOn: context.calculatedOn,
    retirementDate: context.retirementDate,
    potPence: context.potPence,
    taxFreeCash: {
      minimumPence: 0,
      maximumPence: context.taxFreeCash.maximumPence,
      limitedBy: context.taxFreeCash.limitedBy,
    },
    instalments: { allowed: instalments !== null, secondPaidOn },
    payments,
    option,
    mpaaPence: context.mpaaPence,
    tax: context.tax,
  };
  return { figures, member };
}

/**
 * Quote selection for the signed-in member's DC record: the option chosen from explore worked out again
 * with the tax-free cash they set (within the most allowed) and, where the scheme configures
 * `taxFreeCashInstalments`, paid in two instalments; its summary as a PDF; and a formal quote request,
 * a case in My requests (one open at a time).
 */
export const dcQuoteRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  const selectionFigures = (request: FastifyRequest, selection: DcQuoteSelection) =>
    dcSelectionFigures(db, calculations, request, selection);

  app.post(
    '/retirement/dc/quote-selection',
    {
      schema: {
        tags,
        summary:
          'The DC option the member chose, worked out again with the tax-free cash they set (0 to the most allowed) and, where the scheme allows, its second instalment; 400 tax_free_cash_above_maximum, instalments_not_allowed, instalment_too_large, option_not_eligible (pence)',
        body: dcQuoteSelectionRequestSchema,
        response: { 200: dcQuoteSelectionResponseSchema, ...errors },
      },
    },
    async (request) => (await selectionFigures(request, request.body)).figures,
  );

  app.post(
    '/retirement/dc/quote-selection/summary-pdf',
    {
      schema: {
        tags,
        summary:
          'The chosen DC option’s summary as a PDF (the same selection and refusals as quote-selection)',
        body: dcQuoteSelectionRequestSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { figures, member } = await selectionFigures(request, request.body);
      const pdf = await renderApplicationPdf({
        title: 'Your option summary',
        dateLabel: 'Worked out on',
        submittedOn: displayDate(figures.calculatedOn),
        sections: summarySections(member, figures),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="option-summary.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/retirement/dc/quote-selection/formal-quote',
    {
      schema: {
        tags,
        summary:
          'Ask the scheme for a formal quote for the chosen DC option: opens a case (with the option summary PDF in the member’s documents) shown in My requests; 409 formal_quote_in_progress while one is open',
        body: dcQuoteSelectionRequestSchema,
        response: { 201: dcFormalQuoteResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const { figures, member } = await selectionFigures(request, request.body);
      const record = memberOf(request);
      const now = new Date();
      const created = await db.transaction(async (tx) => {
        // One formal quote at a time per record: the lock serialises a double click.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${record.businessGroup}/${record.referenceNumber}/${DC_FORMAL_QUOTE_CASE_TYPE}`}))`,
        );
        const [open] = await tx
          .select({ caseNumber: memberCases.caseNumber })
          .from(memberCases)
          .where(
            and(
              casesOf(record),
              eq(memberCases.caseType, DC_FORMAL_QUOTE_CASE_TYPE),
              eq(memberCases.status, 'Received'),
            ),
          );
        if (open)
          throw new AppError(
            409,
            'formal_quote_in_progress',
            `You have already asked for a formal quote (${open.caseNumber}); we will answer it before you ask again.`,
          );
        return openCase(
          tx,
          {
            record,
            caseType: DC_FORMAL_QUOTE_CASE_TYPE,
            title: FORMAL_QUOTE_TITLE,
            journeyType: 'dc-quote-selection',
            documents: [{ name: 'Option summary', status: 'received' }],
            now,
          },
          (caseNumber) =>
            renderApplicationPdf({
              title: FORMAL_QUOTE_TITLE,
              caseNumber,
              submittedOn: displayDate(now.toISOString()),
              sections: summarySections(member, figures),
            }),
        );
      });
      await fileForMember(request, {
        name: `${created.caseNumber}.pdf`,
        type: FORMAL_QUOTE_TITLE,
        kind: 'request',
        bytes: created.pdf,
      });
      return reply.code(201).send({ caseNumber: created.caseNumber, submissionDate: now.toISOString() });
    },
  );
};
