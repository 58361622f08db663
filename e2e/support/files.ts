import { readFileSync } from 'node:fs';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts, decodePDFRawStream } from 'pdf-lib';

/** A real one-page PDF with a line of text, as a member's scanned letter would be. */
export async function samplePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 200]);
  page.drawText(text, { x: 20, y: 150, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A real PNG image (the demo tenant's icon). */
export const samplePng = () =>
  readFileSync(new URL('../../content/tenants/meridian/images/favicon.png', import.meta.url));

/** The lines of text a PDF draws, read from each page's content streams with pdf-lib. */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    for (const ref of contents instanceof PDFArray ? contents.asArray() : [contents]) {
      const stream = pdf.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const shown of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        lines.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
      }
    }
  }
  return lines;
}
