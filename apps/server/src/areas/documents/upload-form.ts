import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { documentUploadFieldsSchema, largestUploadBytes, uploadContexts } from '@meridian/contracts';
import { AppError, badRequest } from '../../lib/errors';
import { tooLarge } from './file-checks';

/** The most a multipart upload may hold: one file, a few short fields. */
export const multipartLimits = {
  fileSize: largestUploadBytes,
  files: 1,
  fields: 12,
  fieldSize: 1000,
  parts: 14,
  headerPairs: 20,
};

export interface UploadForm {
  fields: ReturnType<typeof documentUploadFieldsSchema.parse>;
  fileName: string;
  bytes: Buffer;
}

const multipartRefusals: Record<string, AppError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError(
    415,
    'multipart_required',
    'Send the file as multipart/form-data.',
  ),
  FST_FILES_LIMIT: badRequest('too_many_files', 'Send one file at a time.'),
  FST_FIELDS_LIMIT: badRequest('too_many_fields', 'The form has more fields than an upload needs.'),
  FST_PARTS_LIMIT: badRequest('too_many_fields', 'The form has more fields than an upload needs.'),
  FST_PROTO_VIOLATION: badRequest('field_invalid', 'A field name is not allowed.'),
};

async function readParts(request: FastifyRequest) {
  const fields: Record<string, string[]> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of request.parts() as AsyncIterable<Multipart>) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file)
        throw badRequest('field_invalid', 'Send the file in the field named file.');
      file = { fileName: part.filename, bytes: await part.toBuffer() };
    } else {
      if (part.valueTruncated || typeof part.value !== 'string') {
        throw badRequest('field_invalid', `${part.fieldname}: is too long`);
      }
      (fields[part.fieldname] ??= []).push(part.value);
    }
  }
  return { fields, file };
}

/** Reads a multipart upload's fields and its one file, refusing a malformed form with a 4xx. */
export async function readMultipart(request: FastifyRequest) {
  try {
    return await readParts(request);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(largestUploadBytes);
    const refusal = multipartRefusals[code];
    if (refusal) throw refusal;
    throw badRequest('multipart_invalid', 'The upload could not be read. Try again.');
  }
}

/** Reads and checks the upload form; the file stays in memory, within the context's size limit. */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const parts = await readMultipart(request);
  const parsed = documentUploadFieldsSchema.safeParse({
    journeyType: parts.fields.journeyType?.[0],
    tags: (parts.fields.tags ?? []).flatMap((value) => value.split(',')).filter((tag) => tag.trim()),
    documentType: parts.fields.documentType?.[0],
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const field = issue.path.join('.');
      return { code: 'field_invalid', message: `${field}: ${issue.message}`, field };
    });
    const [first, ...rest] = issues;
    throw new AppError(400, first!.code, first!.message, rest);
  }
  if (!parts.file) throw badRequest('file_required', 'Choose a file to upload.');
  const context = uploadContexts[parsed.data.journeyType];
  if (parts.file.bytes.length > context.maxFileBytes) throw tooLarge(context.maxFileBytes);
  return { fields: parsed.data, fileName: parts.file.fileName, bytes: parts.file.bytes };
}
