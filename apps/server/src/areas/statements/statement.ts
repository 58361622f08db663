import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AnnualStatement } from '@meridian/contracts';
import {
  calculateDbStatement,
  calculateSmpi,
  CalculationError,
  dbMemberSchema,
  dcMemberSchema,
  getDbSchemeConfig,
  getDcSchemeConfig,
  taxYearOf,
  UnknownSchemeError,
  utcDay,
  type DbAnnualStatement,
  type IsoDate,
  type Smpi,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { memberDocuments } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { fileForMember } from '../documents/library';
import { ownedBy } from '../documents/repository';
import { calculationMember } from '../member-data/calculations';
import { findMember } from '../member-data/member-repository';
import { renderStatementPdf } from './statement-pdf';

const noStatement = () =>
  notFound(
    'no_annual_statement',
    'There is no annual statement for this pension. Contact us if you need one.',
  );

export type StatementFigures = DbAnnualStatement | Smpi;
type FoundMemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

/** The figures of the record's statement as at a day: the DB statement, or the DC record's SMPI. */
function figuresOf(found: FoundMemberRow, on: IsoDate): StatementFigures {
  try {
    const member = calculationMember(found.member);
    if (found.scheme.type === 'DB') {
      if (found.member.status === 'Pensioner') throw noStatement();
      return calculateDbStatement(dbMemberSchema.parse(member), getDbSchemeConfig(found.scheme.code, on), on);
    }
    return calculateSmpi(dcMemberSchema.parse(member), getDcSchemeConfig(found.scheme.code, on), on);
  } catch (error) {
    if (error instanceof UnknownSchemeError || error instanceof TypeError) throw noStatement();
    if (error instanceof CalculationError) throw new AppError(400, error.code, error.message);
    throw error;
  }
}

/**
 * This statement year's statement for the signed-in member's record. The first ask in a statement year
 * works the figures out as at that day and files the PDF in documents (once: the year's source key); every
 * later ask that year answers the same document and works the figures as at its day, so page and PDF agree.
 */
export async function annualStatementFor(db: Database, request: FastifyRequest): Promise<AnnualStatement> {
  const record = {
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  };
  const found = await findMember(db, record.businessGroup, record.referenceNumber);
  if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
  const today = utcDay(new Date());
  const statementYear = taxYearOf(today);
  const sourceKey = `annual-statement:${statementYear}`;
  const filedAs = async () => {
    const [row] = await db
      .select({ id: memberDocuments.id, name: memberDocuments.name, receivedAt: memberDocuments.receivedAt })
      .from(memberDocuments)
      .where(and(ownedBy(record), eq(memberDocuments.sourceKey, sourceKey)));
    return row;
  };
  const filed = await filedAs();
  const statementDate = filed ? utcDay(filed.receivedAt) : today;
  const figures = figuresOf(found, statementDate);
  const document = filed
    ? { id: filed.id, name: filed.name }
    : await fileForMember(request, {
        name: `${figures.kind === 'SMPI' ? 'pension-illustration' : 'annual-benefit-statement'}-${statementYear.replace('/', '-')}.pdf`,
        type: 'Annual statement',
        kind: 'letter',
        bytes: await renderStatementPdf(found.member, statementYear, figures),
        sourceKey,
      });
  const { kind: _kind, statementDate: _on, ...rest } = figures;
  const shared = { statementYear, statementDate, document };
  return figures.kind === 'DB'
    ? { ...(rest as Omit<DbAnnualStatement, 'kind' | 'statementDate'>), ...shared, kind: 'DB' }
    : { ...(rest as Omit<Smpi, 'kind' | 'statementDate'>), ...shared, kind: 'DC' };
}
