import { fileTypeFromBuffer } from 'file-type';
import {
  documentNameMaxLength,
  formatFileSize,
  textProblem,
  uploadFileExtensions,
  type UploadContext,
  type UploadFileKind,
} from '@meridian/contracts';
import { AppError, badRequest } from '../../lib/errors';

export interface CheckedFile {
  kind: UploadFileKind;
  mediaType: string;
}

const mediaTypes: Record<string, { kind: UploadFileKind; mediaType: string }> = {
  pdf: { kind: 'pdf', mediaType: 'application/pdf' },
  jpg: { kind: 'jpeg', mediaType: 'image/jpeg' },
  png: { kind: 'png', mediaType: 'image/png' },
  heic: { kind: 'heic', mediaType: 'image/heic' },
  docx: {
    kind: 'word',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  cfb: { kind: 'word', mediaType: 'application/msword' },
};

/** An old-style .doc is a compound file holding a stream named WordDocument (UTF-16 in its directory). */
const wordStreamName = Buffer.from('WordDocument', 'utf16le');

const tail = (bytes: Uint8Array, length: number) =>
  Buffer.from(bytes.subarray(Math.max(0, bytes.length - length)));

/** Whether a file of this kind reaches its end marker: a cut-off upload is refused. */
function isComplete(kind: UploadFileKind, bytes: Uint8Array): boolean {
  if (kind === 'pdf') return tail(bytes, 1024).includes('%%EOF');
  if (kind === 'jpeg') return tail(bytes, 64).includes(Buffer.from([0xff, 0xd9]));
  if (kind === 'png') return tail(bytes, 12).includes('IEND');
  return true;
}

/**
 * What a file really is, from its bytes: only the kinds this context allows, complete, and with a name
 * ending that matches (a renamed executable or a PNG called .pdf is refused).
 */
export async function checkFileContent(
  bytes: Uint8Array,
  fileName: string,
  context: UploadContext,
): Promise<CheckedFile> {
  if (bytes.length === 0)
    throw badRequest('file_empty', 'The file is empty. Choose a file with something in it.');
  if (bytes.length > context.maxFileBytes) throw tooLarge(context.maxFileBytes);
  const detected = await fileTypeFromBuffer(bytes);
  const known = detected ? mediaTypes[detected.ext] : undefined;
  const compoundIsWord =
    known?.kind !== 'word' || detected?.ext !== 'cfb' || Buffer.from(bytes).includes(wordStreamName);
  if (!known || !compoundIsWord || !(context.kinds as readonly string[]).includes(known.kind)) {
    throw badRequest(
      'file_type_not_allowed',
      `This kind of file cannot be uploaded here. Upload ${context.kinds.map((kind) => kind.toUpperCase()).join(', ')}.`,
    );
  }
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (!uploadFileExtensions[known.kind].includes(extension)) {
    throw badRequest(
      'file_name_type_mismatch',
      `The file's name does not match what it holds (a ${known.kind.toUpperCase()}).`,
    );
  }
  if (!isComplete(known.kind, bytes)) {
    throw badRequest(
      'file_incomplete',
      'The file is cut short or damaged. Save it again and upload the new copy.',
    );
  }
  return known;
}

export const tooLarge = (maxFileBytes: number) =>
  new AppError(
    413,
    'file_too_large',
    `The file is too large. The largest accepted is ${formatFileSize(maxFileBytes)}.`,
  );

const pathCharacters = /[/\\:*?"<>|]/;
/** C1 controls; textProblem covers C0, DEL and lone surrogates. */
const c1Controls = /[\u0080-\u009f]/;

/** A file name as kept: commas become underscores (spec section 5); path and control characters are refused. */
export function cleanFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (
    !name ||
    textProblem(name, { singleLine: true }) ||
    c1Controls.test(name) ||
    pathCharacters.test(name) ||
    name.startsWith('.')
  ) {
    throw badRequest(
      'file_name_invalid',
      'The file name may not contain / \\ : * ? " < > | or control characters.',
    );
  }
  if (name.length > documentNameMaxLength) {
    throw badRequest(
      'file_name_too_long',
      `The file name is longer than ${documentNameMaxLength} characters. Rename it and try again.`,
    );
  }
  if (!/\.[A-Za-z0-9]{1,5}$/.test(name)) {
    throw badRequest('file_name_invalid', 'The file name needs an ending such as .pdf or .jpg.');
  }
  return name.replaceAll(',', '_');
}
