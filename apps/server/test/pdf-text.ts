import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The metrics of the PDF's built-in fonts (Helvetica and the rest), which a page may use unembedded. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The lines of text a PDF draws, in order, read as a PDF reader reads them: through each font's map
 * back to Unicode, so text in an embedded font reads as the letters it shows.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const { items } = await (await document.getPage(number)).getTextContent();
    for (const item of items) if ('str' in item && item.str) lines.push(item.str);
  }
  await document.destroy();
  return lines;
}

export const pdfText = async (bytes: Uint8Array) => (await pdfLines(bytes)).join('\n');
