import type { DocumentPage, MemberCase, UploadContextName } from '@meridian/contracts';
import type { Query } from '../../lib/http/client';
import { http } from '../../lib/api';
import { asActiveRecord } from '../../lib/save-file';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';

const base = '/mdp-api/api';
const record = () => ({ headers: activeRecordHeaders(singleAuthData.read()) });

/**
 * Where a document (or a zip of several) is downloaded from, naming the active record; the page
 * fetches it with the record headers, and a link opened in a new tab still gets that record's file.
 */
export const downloadUrl = (id: string) =>
  asActiveRecord(`${base}/members/current/documents/${encodeURIComponent(id)}/download`);
export const zipUrl = (ids: string[]) =>
  asActiveRecord(
    `${base}/members/current/documents/zip?${ids.map((id) => `ids=${encodeURIComponent(id)}`).join('&')}`,
  );

export const documentsApi = {
  list: (query: Query, signal?: AbortSignal) =>
    http.get<DocumentPage>(`${base}/members/current/documents`, {
      ...record(),
      query,
      signal,
    }),
  types: () => http.get<{ types: string[] }>(`${base}/members/current/documents/types`, record()),
  setTags: (id: string, tags: string[]) =>
    http.put<unknown>(`${base}/documents/${encodeURIComponent(id)}/tags`, { ...record(), body: { tags } }),
  remove: (id: string) => http.delete<void>(`${base}/documents/${encodeURIComponent(id)}`, record()),
  upload: (file: File, { journeyType = 'documents', documentType, tags = [] }: UploadFields = {}) => {
    const form = new FormData();
    form.append('journeyType', journeyType);
    if (documentType) form.append('documentType', documentType);
    for (const tag of tags) form.append('tags', tag);
    form.append('file', file, file.name);
    return http.post<{ fileUuid: string; filename: string }>(`${base}/documents`, {
      ...record(),
      body: form,
    });
  },
  /** The member's cases (My requests), to send documents with one. */
  cases: () => http.get<{ cases: MemberCase[] }>(`${base}/cases`, record()),
  /** Sends a context's uploads, not yet sent, with one of the member's cases. */
  sendWithCase: (journeyType: UploadContextName, caseNumber: string) =>
    http.post<unknown>(`${base}/documents/post-submission`, {
      ...record(),
      body: { journeyType, caseNumber },
    }),
};

export interface UploadFields {
  journeyType?: UploadContextName;
  documentType?: string;
  tags?: string[];
}
