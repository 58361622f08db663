import { z } from 'zod';
import { safeDate, safeString } from './input-policy';

/** The kinds of file a member may send, each recognised by its bytes, not its name. */
export const uploadFileKinds = ['pdf', 'jpeg', 'png', 'heic', 'word'] as const;
export type UploadFileKind = (typeof uploadFileKinds)[number];

/** File-name endings each kind may carry. */
export const uploadFileExtensions: Record<UploadFileKind, string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  heic: ['heic', 'heif'],
  word: ['doc', 'docx'],
};

export interface UploadContext {
  /** Most files a member may hold in this context at once. */
  maxFiles: number;
  /** Largest file accepted, in bytes (base 1000: 10 MB = 10,000,000 bytes). */
  maxFileBytes: number;
  kinds: readonly UploadFileKind[];
}

/**
 * Where a member uploads from (the spec's journeyType) and its limits. `documents` is the member's
 * library; the others are the journeys that ask for evidence. `bereavement` is not a member's: a
 * bereaved visitor uploads the death certificate into their report (the bereavement API, its own store).
 */
export const uploadContexts = {
  documents: { maxFiles: 50, maxFileBytes: 10_000_000, kinds: uploadFileKinds },
  identity: { maxFiles: 2, maxFileBytes: 10_000_000, kinds: ['pdf', 'jpeg', 'png', 'heic'] },
  dbcoreretirementapplication: { maxFiles: 10, maxFileBytes: 10_000_000, kinds: uploadFileKinds },
  dcretirementapplication: { maxFiles: 10, maxFileBytes: 10_000_000, kinds: uploadFileKinds },
  transfer2: { maxFiles: 10, maxFileBytes: 10_000_000, kinds: uploadFileKinds },
  /** A document the scheme asked for on a request whose journey has no upload context of its own. */
  requests: { maxFiles: 50, maxFileBytes: 10_000_000, kinds: uploadFileKinds },
  bereavement: { maxFiles: 10, maxFileBytes: 10_000_000, kinds: ['pdf', 'jpeg', 'png', 'heic'] },
} as const satisfies Record<string, UploadContext>;

export type UploadContextName = keyof typeof uploadContexts;
export const uploadContextNames = Object.keys(uploadContexts) as [UploadContextName, ...UploadContextName[]];
/** The one upload context that is a visitor's (a report of a death), never a member's. */
export const VISITOR_UPLOAD_CONTEXT = 'bereavement' satisfies UploadContextName;
export type MemberUploadContextName = Exclude<UploadContextName, typeof VISITOR_UPLOAD_CONTEXT>;
export const memberUploadContextNames = uploadContextNames.filter(
  (name): name is MemberUploadContextName => name !== VISITOR_UPLOAD_CONTEXT,
) as [MemberUploadContextName, ...MemberUploadContextName[]];

/**
 * Where the member uploads a document one of their requests (cases) asked for: the request's journey's
 * own context when it has one, else `requests` (a transfer statement, a quote request).
 */
export const caseUploadContext = (journeyType: string | null): MemberUploadContextName =>
  (memberUploadContextNames as readonly (string | null)[]).includes(journeyType) &&
  journeyType !== 'documents' &&
  journeyType !== 'identity'
    ? (journeyType as MemberUploadContextName)
    : 'requests';
export const largestUploadBytes = Math.max(
  ...Object.values(uploadContexts).map((context) => context.maxFileBytes),
);

export const documentNameMaxLength = 120;
export const maxDocumentTags = 10;
export const maxDocumentTagLength = 40;
const tagSchema = safeString().trim().min(1).max(maxDocumentTagLength);
export const documentTagsSchema = z.array(tagSchema).max(maxDocumentTags);
export const documentTypeSchema = safeString().trim().min(1).max(60);

/** The text fields of `POST documents` (multipart); `file` is the file itself. */
export const documentUploadFieldsSchema = z.object({
  journeyType: z.enum(memberUploadContextNames),
  tags: documentTagsSchema.default([]),
  documentType: documentTypeSchema.optional(),
});

/** How `POST documents` is described: a multipart form. */
export const documentUploadBodySchema = documentUploadFieldsSchema.extend({
  file: z.string().meta({ format: 'binary', description: 'The file: PDF, JPEG, PNG, HEIC or Word' }),
});

export const documentIdParamsSchema = z.object({ id: z.uuid() });

export const uploadedDocumentSchema = z.object({
  fileUuid: z.uuid(),
  filename: z.string(),
  journeyType: z.string(),
  tags: z.array(z.string()),
  documentType: z.string().nullable(),
  sizeBytes: z.number().int(),
  caseNumber: z.string().nullable(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

export const uploadListQuerySchema = z.object({ journeyType: z.enum(memberUploadContextNames) });
/** The tags that replace an upload's: none clears them. */
export const uploadTagsBodySchema = z.object({ tags: documentTagsSchema });
export const postSubmissionBodySchema = z.object({
  journeyType: z.enum(memberUploadContextNames),
  /** A case reference as the portal issues them, such as RTP9-000123 (a case type, then a number). */
  caseNumber: safeString().regex(/^(?:[A-Z0-9]{1,8}-)?\d{1,12}$/, 'a case reference'),
});

export const documentSortProperties = ['Name', 'DateReceived', 'Type'] as const;
export const documentReadStatuses = ['Read', 'Unread'] as const;

/** The library list: filters, sort and page (pages of 8 unless asked otherwise). */
export const documentListQuerySchema = z.object({
  // Messages complete "Name contains must be …", as the library's filter form shows them.
  name: safeString().max(60, '60 characters or fewer').optional(),
  type: safeString().max(60, '60 characters or fewer').optional(),
  receivedDateFrom: safeDate().optional(),
  receivedDateTo: safeDate().optional(),
  documentReadStatus: z.enum(documentReadStatuses).optional(),
  propertyName: z.enum(documentSortProperties).default('DateReceived'),
  ascending: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(8),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentKinds = ['upload', 'quote', 'request', 'application', 'nomination', 'letter'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const libraryDocumentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  kind: z.enum(documentKinds),
  dateReceived: z.string(),
  isRead: z.boolean(),
  sizeBytes: z.number().int(),
  mediaType: z.string(),
  /** The member's own labels; only their uploads have them and can change them (`PUT documents/{id}/tags`). */
  tags: z.array(z.string()),
  /** Only the member's own uploads, not yet sent with a case, can be deleted. */
  canDelete: z.boolean(),
});
export type LibraryDocument = z.infer<typeof libraryDocumentSchema>;

export const documentPageSchema = z.object({
  items: z.array(libraryDocumentSchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

export const documentTypesSchema = z.object({ types: z.array(z.string()) });

export const maxZipDocuments = 20;
/** `ids` once per document (repeated keys), at most 20. */
export const documentZipQuerySchema = z.object({
  ids: z
    .union([z.uuid(), z.array(z.uuid())])
    .transform((value) => [...new Set([value].flat())])
    .pipe(z.array(z.uuid()).min(1).max(maxZipDocuments)),
});

const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size for people: B, KB, MB, GB, TB with base 1000 (spec section 5). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < sizeUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${sizeUnits[unit]}`;
}
