import type { Beneficiary, Nomination, PendingChange } from '@meridian/contracts';
import { http } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { asActiveRecord } from '../../lib/save-file';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

const base = '/mdp-api/api';
const NONCE = 'x-confirmation-nonce';
const record = (extra: Record<string, string> = {}) => ({
  headers: { ...activeRecordHeaders(singleAuthData.read()), ...extra },
});

export interface RelationshipStatus {
  key: string;
  label: string;
  group: 'partner' | 'child' | 'family' | 'other' | 'organisation';
}

/**
 * Where the nomination PDF is downloaded from, naming the active record: the page fetches it with the
 * record headers, and the link opened in a new tab still gets that record's nomination.
 */
export const nominationPdfUrl = () => asActiveRecord(`${base}/members/current/beneficiaries/download`);
export const NOMINATION_PDF_NAME = 'expression-of-wish.pdf';

export const beneficiariesApi = {
  nomination: () => http.get<Nomination>(`${base}/members/current/beneficiaries`, record()),
  relationshipStatuses: async () =>
    (
      await http.get<{ relationshipStatuses: RelationshipStatus[] }>(
        `${base}/tenants/relationship-statuses`,
        record(),
      )
    ).relationshipStatuses,
  sendCode: (beneficiaries: Beneficiary[]) =>
    http.post<PendingChange>(`${base}/members/current/beneficiaries/confirmation/send`, {
      ...record(),
      body: { beneficiaries },
    }),
  resendCode: (nonce: string) =>
    http.post<PendingChange>(
      `${base}/members/current/beneficiaries/confirmation/resend`,
      record({ [NONCE]: nonce }),
    ),
  save: (beneficiaries: Beneficiary[], nonce: string, code: string) =>
    http.put<Nomination>(`${base}/members/current/beneficiaries`, {
      ...record({ [NONCE]: nonce }),
      body: { beneficiaries, code },
    }),
};

/** The member's nomination and the relationships a beneficiary can have, read together. */
export async function readNomination() {
  const [nomination, statuses] = await Promise.all([
    beneficiariesApi.nomination(),
    beneficiariesApi.relationshipStatuses(),
  ]);
  return { nomination, statuses };
}

/** A saved beneficiary as the nomination form holds it: without its id and date. */
export function draftOf(nomination: Nomination): Beneficiary[] {
  return nomination.beneficiaries.map(
    ({ id: _id, nominatedAt: _at, ...beneficiary }) => beneficiary as Beneficiary,
  );
}

export const beneficiaryName = (beneficiary: Beneficiary) =>
  beneficiary.kind === 'person' ? `${beneficiary.forenames} ${beneficiary.surname}` : beneficiary.charityName;

/** A share as people read it: 33.33%, 50%. */
export const formatShare = (percentage: number) => `${formatNumber(percentage)}%`;

export const addressText = (beneficiary: Beneficiary) =>
  [
    beneficiary.address.line1,
    beneficiary.address.line2,
    beneficiary.address.line3,
    beneficiary.address.line4,
    beneficiary.address.line5,
    beneficiary.address.postCode,
    beneficiary.address.country,
  ]
    .filter(Boolean)
    .join(', ');
