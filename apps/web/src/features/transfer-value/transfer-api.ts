import type {
  TransferApplicationStatus,
  PartialTransferRequest,
  PartialTransferResponse,
  TransferPosition,
  TransferStatementRequest,
  TransferStatementResponse,
} from '@meridian/contracts';
import { http, recordHeaders } from '../../lib/api';
import { downloadAsActiveRecord } from '../../lib/save-file';

const BASE = '/mdp-api/api/transfer-value';

/** The member's transfer position: value, AVCs, statement, partial transfers and what is kept. */
export const readTransferPosition = () => http.get<TransferPosition>(BASE, recordHeaders());

/** Whether the member may apply online to transfer, and how far their application has gone. */
export const readTransferApplicationStatus = () =>
  http.get<{ status: TransferApplicationStatus }>(
    '/mdp-api/api/v2/transfer-journeys/transfer-application-status',
    recordHeaders(),
  );

/** The member's latest transfer application: the last day of the guarantee it is on (null with none). */
export const readTransferApplication = () =>
  http.get<{ guaranteedUntil: string | null }>(
    '/mdp-api/api/v2/transfer-journeys/transfer-application',
    recordHeaders(),
  );

/** Asks for a statement of entitlement (a charged one needs `acceptCharge`). */
export const requestStatement = (body: TransferStatementRequest) =>
  http.post<TransferStatementResponse>(`${BASE}/statement`, { body, ...recordHeaders() });

/** The partial transfer calculator, either way. */
export const calculatePartial = (body: PartialTransferRequest) =>
  http.post<PartialTransferResponse>(`${BASE}/partial`, { body, ...recordHeaders() });

/** Saves the transfer pack of the guaranteed statement. */
export const downloadPack = (issuedOn: string) =>
  downloadAsActiveRecord(`${BASE}/pack`, `transfer-pack-${issuedOn}.pdf`);

/** Saves the calculator's figures, worked out from the same figure the member gave, as a PDF. */
export function downloadPartialFigures(asked: PartialTransferRequest) {
  const query =
    asked.by === 'transfer-value'
      ? `requestedTransferValue=${asked.transferValuePence}`
      : `requestedResidualPension=${asked.residualPensionPence}`;
  return downloadAsActiveRecord(
    `/mdp-api/api/transfer-journeys/download/partial-transfer-pdf?${query}`,
    'partial-transfer.pdf',
  );
}
