import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface ApplicationPdf {
  title: string;
  /** The case reference; an option summary has none. */
  caseNumber?: string;
  submittedOn: string;
  /** What the date is (default "Submitted on"). */
  dateLabel?: string;
  sections: Array<{ heading: string; lines: Array<{ label: string; value: string }> }>;
}

/**
 * DejaVu Sans, embedded (only the glyphs used): members' names and answers come in every script, and
 * the PDF's built-in fonts cannot draw a letter outside Western European ones (Ł, ŵ, ễ). A character
 * no font has is drawn as an empty box rather than stopping the PDF.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fontBytes ??= Promise.all([
    readFile(fontFile('DejaVuSans.ttf')),
    readFile(fontFile('DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = 11;
const LINE = 15;

/** Each font's advance width per character at 1 point, measured once per character. */
const characterWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * A text's width at `size`, from its characters' advance widths: laying out the text with the font's
 * shaping tables at each call was most of a PDF's cost. Kerning and ligatures only ever narrow a
 * line, so the sum is never short of what is drawn.
 */
function widthOf(text: string, font: PDFFont, size: number): number {
  let widths = characterWidths.get(font);
  if (!widths) characterWidths.set(font, (widths = new Map()));
  let width = 0;
  for (const character of text) {
    let characterWidth = widths.get(character);
    if (characterWidth === undefined) {
      characterWidth = font.widthOfTextAtSize(character, 1);
      widths.set(character, characterWidth);
    }
    width += characterWidth;
  }
  return width * size;
}

/** Splits text into lines no wider than `width` at `size`, each word measured once. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = widthOf(' ', font, size);
  const lines: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const wordWidth = widthOf(word, font, size);
    if (current && currentWidth + space + wordWidth > width) {
      lines.push(current);
      current = word;
      currentWidth = wordWidth;
    } else {
      currentWidth = current ? currentWidth + space + wordWidth : wordWidth;
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The submitted application as a PDF record: its reference, date and every answer given. */
export async function renderApplicationPdf(application: ApplicationPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle([application.title, application.caseNumber].filter(Boolean).join(' '));
  pdf.setProducer('Meridian');
  pdf.registerFontkit(fontkit);
  const fonts = await loadFonts();
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, font: PDFFont, size = SIZE, indent = 0) => {
    for (const line of wrap(text, font, size, PAGE.width - 2 * PAGE.margin - indent)) {
      if (y < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin + indent, y, size, font, color: rgb(0.04, 0.05, 0.05) });
      y -= size === SIZE ? LINE : size + 8;
    }
  };
  write(application.title, bold, 20);
  if (application.caseNumber) write(`Reference ${application.caseNumber}`, bold);
  write(`${application.dateLabel ?? 'Submitted on'} ${application.submittedOn}`, regular);
  for (const section of application.sections) {
    y -= 10;
    write(section.heading, bold, 14);
    for (const line of section.lines) {
      write(line.label, bold);
      write(line.value, regular, SIZE, 12);
      y -= 4;
    }
  }
  return pdf.save();
}

type PdfLine = ApplicationPdf['sections'][number]['lines'][number];

/** The member's full name, as the portal's PDFs print it. */
export const fullNameOf = (member: { title: string | null; forenames: string | null; surname: string }) =>
  [member.title, member.forenames, member.surname].filter(Boolean).join(' ');

/** The "About you" section every PDF the portal makes for a member opens with. */
export const aboutYouSection = (
  member: { title: string | null; forenames: string | null; surname: string; referenceNumber: string },
  ...more: PdfLine[]
) => ({
  heading: 'About you',
  lines: [
    { label: 'Name', value: fullNameOf(member) },
    { label: 'Membership reference', value: member.referenceNumber },
    ...more,
  ],
});
