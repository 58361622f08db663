import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import yazl from 'yazl';

function finish(zip: yazl.ZipFile): Promise<Buffer> {
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Real files of each kind the portal accepts, and hostile ones, for the upload tests. */
export const files = {
  png: () =>
    readFileSync(new URL('../../../../content/tenants/meridian/images/favicon.png', import.meta.url)),
  jpeg: () => readFileSync(new URL('../fixtures/photo.jpg', import.meta.url)),
  async pdf(text = 'Payslip March') {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 200]);
    page.drawText(text, { x: 20, y: 150, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
    return Buffer.from(await pdf.save());
  },
  /** The box an HEIC photo starts with (ISO base media, brand heic). */
  heic: () =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      randomBytes(64),
    ]),
  /** A plain zip archive holding one text file. */
  zip(): Promise<Buffer> {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('hello'), 'readme.txt');
    return finish(zip);
  },
  /** A Word document: the zip parts a .docx must hold. */
  docx(): Promise<Buffer> {
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '[Content_Types].xml',
    );
    zip.addBuffer(
      Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'),
      'word/document.xml',
    );
    return finish(zip);
  },
  /** A Windows executable: MZ header and a PE signature. */
  executable: () => {
    const bytes = Buffer.alloc(256);
    bytes.write('MZ', 0);
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    return bytes;
  },
};

export interface UploadPart {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data request body, built byte for byte (so names can hold anything a client might send). */
export function multipart(parts: UploadPart[]) {
  const boundary = `----meridian${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type =
      part.fileName === undefined
        ? ''
        : `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    // Names go as UTF-8, as browsers send them.
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The upload form: a file plus journeyType, tags and documentType. */
export function uploadForm(
  fileName: string,
  bytes: Buffer,
  fields: { journeyType?: string; tags?: string; documentType?: string } = { journeyType: 'documents' },
) {
  const parts: UploadPart[] = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ name, value: value! }));
  parts.push({ name: 'file', value: bytes, fileName });
  return multipart(parts);
}
