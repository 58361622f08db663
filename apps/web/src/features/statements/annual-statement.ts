import type { AnnualStatement } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';
import { asActiveRecord, downloadAsActiveRecord } from '../../lib/save-file';
import { HttpError } from '../../lib/http/client';
import { noneIfNotFound } from '../../lib/service-problem';

export type { AnnualStatement };

const BASE = '/mdp-api/api/members/current';

/** A DC illustration waiting for this year's assumptions, with the service's words for when. */
export type NotReady = { notReady: string };

/**
 * This year's statement for the chosen record, 'none' for a record that has none (a pension in
 * payment), or why a DC illustration is not ready yet (its year's annuity interest rate is not set).
 */
export const readAnnualStatement = async (signal: AbortSignal) => {
  try {
    return await noneIfNotFound(
      http.get<AnnualStatement>(`${BASE}/annual-statement`, { ...recordHeaders(), signal }),
    );
  } catch (error) {
    const notReady = error instanceof HttpError ? error.codes.indexOf('illustration_not_ready') : -1;
    if (notReady < 0) throw error;
    return {
      notReady: (error as HttpError).messages[notReady] ?? 'Your pension illustration is not ready yet.',
    };
  }
};

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
