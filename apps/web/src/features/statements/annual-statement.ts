import type { AnnualStatement } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';
import { asActiveRecord, downloadAsActiveRecord } from '../../lib/save-file';
import { noneIfNotFound } from '../../lib/service-problem';

export type { AnnualStatement };

const BASE = '/mdp-api/api/members/current';

/** This year's statement for the chosen record, or 'none' for a record that has none (a pension in payment). */
export const readAnnualStatement = (signal: AbortSignal) =>
  noneIfNotFound(http.get<AnnualStatement>(`${BASE}/annual-statement`, { ...recordHeaders(), signal }));

/**
 * The statement's PDF: the one issued into the member's documents, or, before this year's is issued, the
 * figures as they stand, rendered on request and filed nowhere.
 */
const pdfPath = ({ document }: AnnualStatement) =>
  document ? `${BASE}/documents/${encodeURIComponent(document.id)}/download` : `${BASE}/annual-statement/pdf`;

/** The name the statement's PDF is saved under. */
const pdfName = (statement: AnnualStatement) =>
  statement.document?.name ??
  `${statement.kind === 'DC' ? 'pension-illustration' : 'annual-benefit-statement'}-${statement.statementYear.replace('/', '-')}.pdf`;

export const statementPdfUrl = (statement: AnnualStatement) => asActiveRecord(pdfPath(statement));

export const downloadStatementPdf = (statement: AnnualStatement) =>
  downloadAsActiveRecord(pdfPath(statement), pdfName(statement));
