import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

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
