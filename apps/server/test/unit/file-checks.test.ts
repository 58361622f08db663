import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { uploadContexts } from '@meridian/contracts';
import { checkFileContent, cleanFileName } from '../../src/areas/documents/file-checks';
import { files } from '../api/document-files';

const library = uploadContexts.documents;
const EOF = Buffer.from('\n%%EOF\n');

/** The code a check refuses with, or 'accepted'. */
async function verdict(bytes: Buffer, name = 'file.pdf') {
  try {
    await checkFileContent(bytes, name, library);
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

/** A PDF with one more object appended before a fresh end marker, as an incremental update adds one. */
const withObject = (pdf: Buffer, dictionary: string, stream?: Buffer) =>
  Buffer.concat([
    pdf,
    Buffer.from(`\n90 0 obj\n<< ${dictionary} >>\n`),
    ...(stream ? [Buffer.from('stream\n'), stream, Buffer.from('\nendstream\n')] : []),
    Buffer.from('endobj'),
    EOF,
  ]);

async function pdfWith(change: (pdf: PDFDocument) => Promise<void> | void) {
  const pdf = await PDFDocument.load(await files.pdf());
  await change(pdf);
  return Buffer.from(await pdf.save());
}

describe('file names', () => {
  it.each([
    ['a right-to-left override', 'invoice\u202efdp.pdf'],
    ['a left-to-right embedding', 'pay\u202aslip.pdf'],
    ['a directional isolate', 'pay\u2066slip\u2069.pdf'],
    ['a right-to-left mark', 'payslip\u200f.pdf'],
    ['a zero-width space', 'pay\u200bslip.pdf'],
    ['a zero-width joiner', 'pay\u200dslip.pdf'],
    ['a byte order mark', '\ufeffpayslip.pdf'],
    ['a word joiner', 'pay\u2060slip.pdf'],
    ['a C1 control', 'pay\u0085slip.pdf'],
    ['a line separator', 'pay\u2028slip.pdf'],
  ])('refuses %s', (_, name) => {
    expect(() => cleanFileName(name)).toThrow(expect.objectContaining({ code: 'file_name_invalid' }));
  });

  it('keeps names in any script, accents and emoji', () => {
    for (const name of ['Zoë résumé.pdf', 'تقرير.pdf', 'שלום.jpg', '履歴書.docx', 'holiday 🌴.png']) {
      expect(cleanFileName(name)).toBe(name);
    }
  });
});

describe('what a file holds', () => {
  it('accepts a plain PDF, one with an attached data file, and a large compressed image', async () => {
    expect(await verdict(await files.pdf())).toBe('accepted');
    const withInvoice = await pdfWith((pdf) =>
      pdf.attach(Buffer.from('<invoice total="12.00"/>'), 'invoice.xml', { mimeType: 'application/xml' }),
    );
    expect(await verdict(withInvoice)).toBe('accepted');
    const scan = deflateSync(Buffer.alloc(60_000_000));
    expect(
      await verdict(
        withObject(
          await files.pdf(),
          `/Type /XObject /Subtype /Image /Filter /FlateDecode /Length ${scan.length}`,
          scan,
        ),
      ),
    ).toBe('accepted');
    expect(await verdict(files.jpeg(), 'photo.jpg')).toBe('accepted');
  });

  it('refuses a PDF that is also a web page: markup in its first kilobyte', async () => {
    const pdf = await files.pdf();
    for (const markup of [
      '<html><body>',
      '<script>alert(1)</script>',
      '<!DOCTYPE html>',
      '<svg onload=x>',
      '<a href="//x">',
    ]) {
      const polyglot = Buffer.concat([pdf.subarray(0, 9), Buffer.from(`%${markup}\n`), pdf.subarray(9)]);
      expect(await verdict(polyglot), markup).toBe('file_content_not_allowed');
    }
  });

  it('refuses a PDF carrying a program: its bytes, an attachment, or a launch action', async () => {
    const pdf = await files.pdf();
    expect(await verdict(Buffer.concat([pdf, files.executable(), EOF]))).toBe('file_content_not_allowed');
    const attachedProgram = await pdfWith((pdf) =>
      pdf.attach(files.executable(), 'invoice.pdf', { mimeType: 'application/pdf' }),
    );
    expect(await verdict(attachedProgram)).toBe('file_content_not_allowed');
    const attachedScript = await pdfWith((pdf) =>
      pdf.attach(Buffer.from('del /q C:\\*'), 'run.bat', { mimeType: 'text/plain' }),
    );
    expect(await verdict(attachedScript)).toBe('file_content_not_allowed');
    // pdf-lib keeps the catalogue in a compressed object stream: the action is found once inflated.
    const launching = await pdfWith((pdf) => {
      pdf.catalog.set(
        PDFName.of('OpenAction'),
        pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }),
      );
    });
    expect(await verdict(launching)).toBe('file_content_not_allowed');
    expect(await verdict(withObject(pdf, '/S /L#61unch /F (calc.exe)'))).toBe('file_content_not_allowed');
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Buffer.alloc(56)]);
    expect(await verdict(Buffer.concat([pdf, elf, EOF]))).toBe('file_content_not_allowed');
  });

  it('refuses a PDF whose compressed streams inflate to more than can be checked', async () => {
    const bomb = deflateSync(Buffer.alloc(60_000_000));
    expect(
      await verdict(withObject(await files.pdf(), `/Filter /FlateDecode /Length ${bomb.length}`, bomb)),
    ).toBe('file_content_not_allowed');
  });

  it('refuses an image carrying a program before its end marker', async () => {
    const jpeg = files.jpeg();
    const smuggled = Buffer.concat([jpeg.subarray(0, -2), files.executable(), jpeg.subarray(-2)]);
    expect(await verdict(smuggled, 'photo.jpg')).toBe('file_content_not_allowed');
  });
});
