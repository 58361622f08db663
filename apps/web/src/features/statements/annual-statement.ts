import type { AnnualStatement } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';
import { asActiveRecord, downloadAsActiveRecord } from '../../lib/save-file';
import { noneIfNotFound } from '../../lib/service-problem';

export type { AnnualStatement };

const BASE = '/mdp-api/api/members/current';

/** This year's statement for the chosen record, or 'none' for a record that has none (a pension in payment). */
export const readAnnualStatement = (signal: AbortSignal) =>
  noneIfNotFound(http.get<AnnualStatement>(`${BASE}/annual-statement`, { ...recordHeaders(), signal }));

/** The statement's PDF, filed in the member's documents. */
export const statementPdfUrl = (document: AnnualStatement['document']) =>
  asActiveRecord(`${BASE}/documents/${encodeURIComponent(document.id)}/download`);

export const downloadStatementPdf = (document: AnnualStatement['document']) =>
  downloadAsActiveRecord(`${BASE}/documents/${encodeURIComponent(document.id)}/download`, document.name);
