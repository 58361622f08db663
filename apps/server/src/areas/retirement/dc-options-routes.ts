import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dcCompareRequestSchema,
  dcCompareResponseSchema,
  dcOptionsQuerySchema,
  dcOptionsResponseSchema,
  type RetirementLivingStandards,
} from '@meridian/contracts';
import {
  againstLivingStandards,
  compareDcOptions,
  exploreDcOptions,
  type CalculationProvider,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { errorResponses, notFound } from '../../lib/errors';
import { findDocument } from '../content/document-repository';
import { calculated } from '../member-data/calculations';
import { dcBasisFor } from './dc-basis';

const errors = errorResponses(400, 401, 403, 404, 424);
const tags = ['member-data'];

/**
 * DC retirement options for the signed-in member's chosen DC record: the pot projected by the calculation
 * provider to a date or age they choose, then each way of spending it (packages/pensions dc-explore) with
 * income tax estimated for the tax year and where they live; compare sets two or three against the PLSA
 * Retirement Living Standards in the tenant's content.
 */
export const dcOptionsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  calculations: CalculationProvider;
}> = async (app, { db, calculations }) => {
  app.addHook('preHandler', app.requireMember);

  /** The engine's refusals (a cash amount out of range, an option not open) become 400s with their codes. */
  const figures = <T>(work: () => T) => calculated(Promise.resolve().then(work));

  app.get(
    '/retirement/dc/options',
    {
      schema: {
        tags,
        summary:
          'What a DC pot can buy at a date or age (else the target date): each option’s tax-free and taxable cash, yearly income after estimated income tax, what it gives up and whether the MPAA applies (pence)',
        querystring: dcOptionsQuerySchema,
        response: { 200: dcOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { retirementDate, age, otherIncomePence, lumpSumAllowanceUsedPence, ...choices } = request.query;
      const { basis, context } = await dcBasisFor(
        db,
        calculations,
        request,
        { retirementDate, age },
        { otherIncomePence, lumpSumAllowanceUsedPence },
      );
      return { ...context, options: await figures(() => exploreDcOptions(basis, choices)) };
    },
  );

  app.post(
    '/retirement/dc/options/compare',
    {
      schema: {
        tags,
        summary:
          'Two or three DC options side by side at one date, each yearly income after estimated tax set against the PLSA Retirement Living Standards (pence)',
        body: dcCompareRequestSchema,
        response: { 200: dcCompareResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { retirementDate, age, otherIncomePence, lumpSumAllowanceUsedPence, household, options } =
        request.body;
      const standards = await findDocument<RetirementLivingStandards>(
        db,
        request.tenantUrl,
        'retirement-living-standards',
      );
      if (!standards)
        throw notFound(
          'living_standards_not_available',
          'The Retirement Living Standards are not set up for this scheme.',
        );
      const { basis, context } = await dcBasisFor(
        db,
        calculations,
        request,
        { retirementDate, age },
        { otherIncomePence, lumpSumAllowanceUsedPence },
      );
      const compared = await figures(() => compareDcOptions(basis, options));
      return {
        ...context,
        household,
        standards,
        options: compared.map((option) => ({
          ...option,
          ...againstLivingStandards(option.yearlyIncomeAfterTaxPence, standards, household),
        })),
      };
    },
  );
};
