import type { DcFormalQuoteResponse, DcQuoteSelection, DcQuoteSelectionResponse } from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';

const SELECTION = '/mdp-api/api/retirement/dc/quote-selection';

/** The chosen option worked out again with the member's selection. */
export const readQuoteSelection = (selection: DcQuoteSelection) =>
  http.post<DcQuoteSelectionResponse>(SELECTION, { body: selection, ...recordHeaders() });

/** The option summary PDF's bytes. */
export const optionSummaryPdf = (selection: DcQuoteSelection) =>
  http.post<Blob>(`${SELECTION}/summary-pdf`, { body: selection, responseType: 'blob', ...recordHeaders() });

/** Asks the scheme for a formal quote: the case opened. */
export const requestFormalQuote = (selection: DcQuoteSelection) =>
  http.post<DcFormalQuoteResponse>(`${SELECTION}/formal-quote`, { body: selection, ...recordHeaders() });

/**
 * The DC application's journey type (the existing portal's name for it, which each tenant's content
 * uses for its DC application).
 */
export const DC_APPLICATION_TYPE = 'dcretirementapplication';

/** Starts (or re-chooses) the DC application from the selection: the server locks its figures in. */
export const applyForOption = (selection: DcQuoteSelection) =>
  http.post<void>(`/mdp-api/api/journeys/${DC_APPLICATION_TYPE}/start-dc-journey`, {
    body: selection,
    ...recordHeaders(),
  });
