import { inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import {
  documentNameMaxLength,
  formatFileSize,
  hiddenCharacterProblem,
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

/** Whether a Windows executable starts at `at`: `MZ`, and at the offset its header names, `PE\0\0`. */
function isWindowsExecutableAt(bytes: Buffer, at: number): boolean {
  if (at + 0x40 > bytes.length) return false;
  const header = at + bytes.readUInt32LE(at + 0x3c);
  return header + 4 <= bytes.length && bytes.readUInt32BE(header) === 0x50450000;
}

/** An ELF program: its magic, a 32- or 64-bit class, a byte order and version 1. */
const isElfAt = (bytes: Buffer, at: number) =>
  bytes[at + 4]! >= 1 &&
  bytes[at + 4]! <= 2 &&
  bytes[at + 5]! >= 1 &&
  bytes[at + 5]! <= 2 &&
  bytes[at + 6] === 1;

/** Whether these bytes hold a Windows or Linux program anywhere (a file smuggled inside another). */
function holdsExecutable(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('MZ'); at !== -1; at = bytes.indexOf('MZ', at + 1)) {
    if (isWindowsExecutableAt(bytes, at)) return true;
  }
  for (
    let at = bytes.indexOf('\x7fELF', 0, 'latin1');
    at !== -1;
    at = bytes.indexOf('\x7fELF', at + 1, 'latin1')
  ) {
    if (isElfAt(bytes, at)) return true;
  }
  return false;
}

/** The most a PDF's compressed streams (images aside) may inflate to while being looked into. */
const INFLATED_LIMIT_BYTES = 50_000_000;
const streamStart = /stream\r?\n/g;

/** PDF names may spell characters as #hh (`/L#61unch` is `/Launch`). */
const decodedNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) =>
    name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/**
 * A PDF's streams other than images, inflated where they are Flate-compressed (as embedded files and
 * object streams usually are), so what they carry can be looked at; a stream that does not inflate is
 * skipped. Undefined when they inflate to more than the limit: too much to look into.
 */
function inflatedStreams(pdf: Buffer): Buffer[] | undefined {
  const text = pdf.toString('latin1');
  const streams: Buffer[] = [];
  let budget = INFLATED_LIMIT_BYTES;
  for (const match of text.matchAll(streamStart)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end === -1) break;
    const dictionary = decodedNames(text.slice(text.lastIndexOf('obj', match.index) + 3, match.index));
    if (/\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    try {
      const inflated = inflateSync(pdf.subarray(start, end), { maxOutputLength: budget });
      budget -= inflated.length;
      streams.push(inflated);
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
      // Not Flate data (another filter): nothing to read in it.
    }
  }
  return streams;
}

/** Markup a browser would render if it read the file as a web page. */
const htmlMarkup =
  /<\s*(?:!doctype|html|head|body|script|iframe|frame|frameset|object|embed|svg|img|meta|link|style|form|base|title|a\s+href)\b/i;
const executableFileName =
  /\.(?:exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|jar|js|jse|vbs|vbe|wsf|wsh|ps1|psm1|hta|lnk|reg|sh|app|elf|bin)\s*\)/i;

/**
 * A PDF that is also something else is refused: one that a browser would render as a web page
 * (markup in its first kilobyte), one that starts a program (a `/Launch` action), or one that
 * carries a program, whether as an attached file named like one or as a program's bytes in the file
 * or in any of its compressed streams (images aside, whose streams no reader runs).
 */
function pdfProblem(pdf: Buffer): string | undefined {
  if (htmlMarkup.test(pdf.subarray(0, 1024).toString('latin1'))) return 'it also reads as a web page';
  const streams = inflatedStreams(pdf);
  if (!streams) return 'it holds more compressed content than we can check';
  const parts = [pdf, ...streams];
  if (parts.some(holdsExecutable)) return 'it carries a program';
  const names = parts.map((part) => decodedNames(part.toString('latin1')));
  if (names.some((text) => text.includes('/Launch'))) return 'it starts a program';
  if (
    names.some((text) => text.includes('/EmbeddedFile')) &&
    names.some((text) => executableFileName.test(text))
  )
    return 'it carries a program';
  return undefined;
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
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const problem =
    known.kind === 'pdf' ? pdfProblem(buffer) : holdsExecutable(buffer) ? 'it carries a program' : undefined;
  if (problem) {
    throw badRequest(
      'file_content_not_allowed',
      `This file cannot be uploaded: ${problem}. Save or scan the document again as a plain ${known.kind.toUpperCase()}.`,
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

/**
 * A file name as kept: commas become underscores (spec section 5); path and control characters are
 * refused, and so are characters that hide or reorder what the name shows (a right-to-left override
 * before `gpj.exe` in `photo…gpj.exe` makes it read as `photoexe.jpg`).
 */
export function cleanFileName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (
    !name ||
    textProblem(name, { singleLine: true }) ||
    hiddenCharacterProblem(raw) ||
    pathCharacters.test(name) ||
    name.startsWith('.')
  ) {
    throw badRequest(
      'file_name_invalid',
      'The file name may not contain / \\ : * ? " < > |, control characters or invisible characters.',
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
