import { http, memberApi } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

/** The record the member is acting as, by its number among their linked records (1 when they have one). */
async function activeRecordNumber(): Promise<number> {
  const data = singleAuthData.read();
  if (!data?.hasMultipleRecords) return 1;
  const businessGroup = data.linkedBgroup ?? data.primaryBgroup;
  const referenceNumber = data.linkedRefno ?? data.primaryRefno;
  const { members } = await memberApi.linkedRecords();
  const active = members.find(
    (record) => record.businessGroup === businessGroup && record.referenceNumber === referenceNumber,
  );
  return active?.recordNumber ?? 1;
}

/** A one-time code, valid for a minute, that the other member site exchanges for this member. */
export async function requestLookupCode(): Promise<string> {
  const data = singleAuthData.read();
  const { lookupCode } = await http.get<{ lookupCode: string }>('/mdp-api/api/sso/outbound', {
    query: {
      recordNumber: String(await activeRecordNumber()),
      hasMultipleRecords: String(data?.hasMultipleRecords ?? false),
    },
    headers: activeRecordHeaders(data),
  });
  return lookupCode;
}
