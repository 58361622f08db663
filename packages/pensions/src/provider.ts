import { z } from 'zod';
import type { IsoDate } from './dates';
import { calculateDbQuote, type DbQuote } from './db-quote';
import { calculateDcQuote, type DcQuote } from './dc-quote';
import { CalculationError } from './errors';
import { dbMemberSchema, dcMemberSchema } from './member';
import { retirementDatesAges, type RetirementDatesAges } from './retirement-summary';
import { ageSchema, genderSchema, isoDateSchema, memberStatusSchema, penceSchema } from './schema-primitives';
import type { SchemeConfig } from './scheme-config';
import { getSchemeConfig, UnknownSchemeError } from './schemes';
import {
  calculateTransferValue,
  partialTransferByResidualPension,
  partialTransferByValue,
  type PartialTransfer,
  type TransferQuote,
} from './transfer';

const base = { schemeCode: z.string().min(1), today: isoDateSchema };

export const retirementDatesAgesRequestSchema = z.object({
  ...base,
  member: z.object({
    status: memberStatusSchema,
    dateOfBirth: isoDateSchema,
    gender: genderSchema.nullish(),
    dateRetired: isoDateSchema.nullish(),
    protectedPensionAge: ageSchema.nullish(),
    benefits: z.looseObject({ targetRetirementAge: ageSchema.optional() }).optional(),
  }),
  preRetirementAgePeriodInYears: z.number().int().min(0).max(30),
  newlyRetiredRangeInMonths: z.number().int().min(0).max(240),
  selectedRetirementDate: isoDateSchema.nullish(),
  hasOpenPaperCase: z.boolean().default(false),
  journey: z
    .object({
      submitted: z.boolean(),
      expired: z.boolean(),
      retirementDate: isoDateSchema.nullish(),
      expiresOn: isoDateSchema.nullish(),
    })
    .nullish(),
});

export const retirementQuoteRequestSchema = z.object({
  ...base,
  /** A DB or DC member record, checked against the scheme's kind. */
  member: z.unknown(),
  retirementDate: isoDateSchema.nullish(),
  requestedLumpSumPence: penceSchema.nullish(),
  taxFreeCashPence: penceSchema.nullish(),
  drawdownIncomePence: penceSchema.nullish(),
});

export const transferQuoteRequestSchema = z.object({
  ...base,
  member: dbMemberSchema,
  guaranteeDate: isoDateSchema.nullish(),
});

export const partialTransferByValueRequestSchema = transferQuoteRequestSchema.extend({
  transferValuePence: penceSchema,
});
export const partialTransferByResidualPensionRequestSchema = transferQuoteRequestSchema.extend({
  residualPensionPence: penceSchema,
});

/** Requests as callers send them: plain JSON with 'YYYY-MM-DD' dates. */
export type RetirementDatesAgesRequest = z.input<typeof retirementDatesAgesRequestSchema>;
export type RetirementQuoteRequest = z.input<typeof retirementQuoteRequestSchema>;
export type TransferQuoteRequest = z.input<typeof transferQuoteRequestSchema>;
export type PartialTransferByValueRequest = z.input<typeof partialTransferByValueRequestSchema>;
export type PartialTransferByResidualPensionRequest = z.input<
  typeof partialTransferByResidualPensionRequestSchema
>;

export interface PartialTransferQuote {
  quote: TransferQuote;
  partial: PartialTransfer;
}

/**
 * Where the server gets its figures: this engine by default, or an administrator's calculation API.
 * Every method rejects with a `CalculationError` when the rules cannot answer.
 */
export interface CalculationProvider {
  retirementDatesAges(request: RetirementDatesAgesRequest): Promise<RetirementDatesAges>;
  retirementQuote(request: RetirementQuoteRequest): Promise<DbQuote | DcQuote>;
  transferQuote(request: TransferQuoteRequest): Promise<TransferQuote>;
  partialTransferByValue(request: PartialTransferByValueRequest): Promise<PartialTransferQuote>;
  partialTransferByResidualPension(
    request: PartialTransferByResidualPensionRequest,
  ): Promise<PartialTransferQuote>;
}

export type SchemeLookup = (code: string, on?: IsoDate) => SchemeConfig;

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new CalculationError('invalid_request', z.prettifyError(result.error), {
      issues: result.error.issues,
    });
  }
  return result.data;
}

function lookup(getScheme: SchemeLookup, code: string, on: IsoDate): SchemeConfig {
  try {
    return getScheme(code, on);
  } catch (error) {
    if (error instanceof UnknownSchemeError) throw new CalculationError('unknown_scheme', error.message);
    throw error;
  }
}

function dbScheme(scheme: SchemeConfig) {
  if (scheme.kind !== 'DB')
    throw new CalculationError('wrong_scheme_kind', `Scheme ${scheme.code} is not a DB scheme`);
  return scheme;
}

/** This engine behind the provider interface; scheme configuration comes from `getScheme` (bundled files by default). */
export function createLocalCalculationProvider(
  getScheme: SchemeLookup = getSchemeConfig,
): CalculationProvider {
  const transfer = (request: z.output<typeof transferQuoteRequestSchema>) =>
    calculateTransferValue(
      request.member,
      dbScheme(lookup(getScheme, request.schemeCode, request.today)),
      request,
    );

  return {
    async retirementDatesAges(raw) {
      const request = parse(retirementDatesAgesRequestSchema, raw);
      const scheme = lookup(getScheme, request.schemeCode, request.today);
      return retirementDatesAges(
        { ...request.member, targetRetirementAge: request.member.benefits?.targetRetirementAge },
        scheme,
        request,
      );
    },
    async retirementQuote(raw) {
      const request = parse(retirementQuoteRequestSchema, raw);
      const scheme = lookup(getScheme, request.schemeCode, request.today);
      return scheme.kind === 'DB'
        ? calculateDbQuote(parse(dbMemberSchema, request.member), scheme, request)
        : calculateDcQuote(parse(dcMemberSchema, request.member), scheme, request);
    },
    async transferQuote(raw) {
      return transfer(parse(transferQuoteRequestSchema, raw));
    },
    async partialTransferByValue(raw) {
      const request = parse(partialTransferByValueRequestSchema, raw);
      const quote = transfer(request);
      return { quote, partial: partialTransferByValue(quote, request.transferValuePence) };
    },
    async partialTransferByResidualPension(raw) {
      const request = parse(partialTransferByResidualPensionRequestSchema, raw);
      const quote = transfer(request);
      return { quote, partial: partialTransferByResidualPension(quote, request.residualPensionPence) };
    },
  };
}
