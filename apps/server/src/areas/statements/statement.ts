import type { FastifyRequest } from 'fastify';
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import { SCAM_WARNING_MESSAGE, type AnnualStatement } from '@meridian/contracts';
import {
  calculateDbStatement,
  calculateSmpi,
  CalculationError,
  dbMemberSchema,
  dcMemberSchema,
  getDbSchemeConfig,
  getDcSchemeConfig,
  getSchemeConfig,
  taxYearOf,
  UnknownSchemeError,
  utcDay,
  type DbAnnualStatement,
  type IsoDate,
  type Smpi,
  type Tm1MissingRate,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberDependants, memberDocuments, tenants } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { DocumentLibrary } from '../documents/library';
import { ownedBy, type MemberRecord } from '../documents/repository';
import { calculationMember } from '../member-data/calculations';
import { findMember } from '../member-data/member-repository';
import { globalMessage } from '../content/global-messages';
import { adviceThresholdTokens, schemeAdviceThresholdPence } from '../transfer-value/advice-threshold';
import { renderStatementPdf } from './statement-pdf';

const noStatement = () =>
  notFound(
    'no_annual_statement',
    'There is no annual statement for this pension. Contact us if you need one.',
  );

/**
 * The record's SMPI cannot be worked out yet: its illustration year has no AS TM1 annuity interest rate
 * (`missing` names the setting and the year). The member is told the illustration is not ready; the yearly
 * run skips the record with a warning; last year's rate is never used instead.
 */
export class IllustrationNotReadyError extends AppError {
  constructor(public readonly missing: Tm1MissingRate) {
    super(
      400,
      'illustration_not_ready',
      `Your pension illustration for ${missing.illustrationYear} is not ready yet: we are waiting for a figure it needs. Please check again later.`,
    );
  }
}

export type StatementFigures = DbAnnualStatement | Smpi;
export type FoundMemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** A dependant's relationship that makes them the member's spouse or partner (lower case). */
export const SPOUSE_OR_PARTNER = ['spouse', 'husband', 'wife', 'partner', 'civil partner'];

/** Whether the administrator's record of the member's dependants shows a spouse or partner. */
export async function spouseOrPartnerOnRecord(db: Pick<Database, 'select'>, record: MemberRecord) {
  const [row] = await db
    .select({ id: memberDependants.id })
    .from(memberDependants)
    .where(
      and(
        eq(memberDependants.businessGroup, record.businessGroup),
        eq(memberDependants.referenceNumber, record.referenceNumber),
        inArray(sql`lower(trim(${memberDependants.relationship}))`, SPOUSE_OR_PARTNER),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The figures of the record's statement as at a day: the DB statement, or the DC record's SMPI. */
async function figuresOf(
  db: Pick<Database, 'select'>,
  found: FoundMemberRow,
  on: IsoDate,
): Promise<StatementFigures> {
  if (found.scheme.type === 'DB' && found.member.status === 'Pensioner') throw noStatement();
  const spouse =
    found.scheme.type === 'DB' &&
    (await spouseOrPartnerOnRecord(db, {
      businessGroup: found.member.businessGroup,
      referenceNumber: found.member.referenceNumber,
    }));
  try {
    const member = calculationMember(found.member);
    if (found.scheme.type === 'DB')
      return calculateDbStatement(
        dbMemberSchema.parse(member),
        getDbSchemeConfig(found.scheme.code, on),
        on,
        { spouseOrPartnerOnRecord: spouse },
      );
    const smpi = calculateSmpi(dcMemberSchema.parse(member), getDcSchemeConfig(found.scheme.code, on), on);
    if (smpi.kind === 'SMPI not ready') throw new IllustrationNotReadyError(smpi.missing);
    return smpi;
  } catch (error) {
    if (error instanceof IllustrationNotReadyError) throw error;
    if (error instanceof UnknownSchemeError || error instanceof TypeError) throw noStatement();
    if (error instanceof CalculationError) throw new AppError(400, error.code, error.message);
    throw error;
  }
}

/**
 * The scam warning of the tenant that holds the member's business group (its globals message
 * `SCAM_WARNING_MESSAGE`), which the statement carries as the scams pledge asks, its advice rule at the
 * member's scheme's threshold; null without one.
 */
async function scamWarningFor(db: Database, found: FoundMemberRow, today: IsoDate) {
  const [tenant] = await db
    .select({ tenantUrl: tenants.tenantUrl })
    .from(tenants)
    .where(arrayContains(tenants.businessGroups, [found.member.businessGroup]))
    .limit(1);
  const warning = tenant ? await globalMessage(db, tenant.tenantUrl, SCAM_WARNING_MESSAGE) : null;
  return (
    warning && {
      ...warning,
      tokens: adviceThresholdTokens(schemeAdviceThresholdPence(getSchemeConfig, found.scheme.code, today)),
    }
  );
}

/** The documents key of a statement year's statement: one each year. */
export const statementSourceKey = (statementYear: string) => `annual-statement:${statementYear}`;

const fileNameOf = (figures: StatementFigures, statementYear: string) =>
  `${figures.kind === 'SMPI' ? 'pension-illustration' : 'annual-benefit-statement'}-${statementYear.replace('/', '-')}.pdf`;

/** This statement year's statement as issued into the record's documents, if it has been. */
async function issuedStatement(db: Pick<Database, 'select'>, record: MemberRecord, statementYear: string) {
  const [row] = await db
    .select({ id: memberDocuments.id, name: memberDocuments.name, receivedAt: memberDocuments.receivedAt })
    .from(memberDocuments)
    .where(and(ownedBy(record), eq(memberDocuments.sourceKey, statementSourceKey(statementYear))));
  return row;
}

/**
 * Issues this statement year's statement for a record: works the figures out as at `today` and files the
 * PDF in the member's documents, once (the year's source key; a second issue answers the first). Answers
 * null for a record that has no statement (a pension in payment, a scheme this server cannot work out).
 * The yearly statement run and the demo seed issue statements; reading one never does.
 */
export async function issueAnnualStatement(
  db: Database,
  library: DocumentLibrary,
  found: FoundMemberRow,
  today: IsoDate,
): Promise<{ id: string; name: string } | null> {
  const record = { businessGroup: found.member.businessGroup, referenceNumber: found.member.referenceNumber };
  const statementYear = taxYearOf(today);
  const issued = await issuedStatement(db, record, statementYear);
  if (issued) return { id: issued.id, name: issued.name };
  let figures: StatementFigures;
  try {
    figures = await figuresOf(db, found, today);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
  return library.addPortalDocument(record, {
    name: fileNameOf(figures, statementYear),
    type: 'Annual statement',
    kind: 'letter',
    bytes: await renderStatementPdf(
      found.member,
      statementYear,
      figures,
      await scamWarningFor(db, found, today),
    ),
    sourceKey: statementSourceKey(statementYear),
  });
}

/**
 * This statement year's statement for the signed-in member's record, read only. Once issued (the yearly
 * run, or the demo seed), its figures are as at the day it was issued and `document` is the PDF filed then;
 * before that, the figures as at today with no document (the PDF is rendered on request, not filed).
 */
async function statementOf(db: Database, request: FastifyRequest) {
  const record = {
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  };
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const today = utcDay(new Date());
  const statementYear = taxYearOf(today);
  const issued = await issuedStatement(db, record, statementYear);
  const statementDate = issued ? utcDay(issued.receivedAt) : today;
  const figures = await figuresOf(db, found, statementDate);
  return { found, statementYear, statementDate, figures, issued };
}

export async function annualStatementFor(db: Database, request: FastifyRequest): Promise<AnnualStatement> {
  const { statementYear, statementDate, figures, issued } = await statementOf(db, request);
  const { kind: _kind, statementDate: _on, ...rest } = figures;
  const shared = {
    statementYear,
    statementDate,
    document: issued ? { id: issued.id, name: issued.name } : null,
  };
  return figures.kind === 'DB'
    ? { ...(rest as Omit<DbAnnualStatement, 'kind' | 'statementDate'>), ...shared, kind: 'DB' }
    : { ...(rest as Omit<Smpi, 'kind' | 'statementDate'>), ...shared, kind: 'DC' };
}

/**
 * The statement as a PDF, read only: the issued document's figures (as at its day) or, before the year's
 * statement is issued, today's; rendered here, filed nowhere.
 */
export async function annualStatementPdf(db: Database, request: FastifyRequest) {
  const { found, statementYear, statementDate, figures, issued } = await statementOf(db, request);
  return {
    name: issued?.name ?? fileNameOf(figures, statementYear),
    bytes: await renderStatementPdf(
      found.member,
      statementYear,
      figures,
      await scamWarningFor(db, found, statementDate),
    ),
  };
}
