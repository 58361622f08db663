import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface ApplicationPdf {
  title: string;
  /** The case reference; an option summary has none. */
  caseNumber?: string;
  submittedOn: string;
  /** What the date is (default "Submitted on"). */
  dateLabel?: string;
  sections: Array<{ heading: string; lines: Array<{ label: string; value: string }> }>;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = 11;
const LINE = 15;

/** Splits text into lines no wider than `width` at the font size used. */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** The submitted application as a PDF record: its reference, date and every answer given. */
export async function renderApplicationPdf(application: ApplicationPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle([application.title, application.caseNumber].filter(Boolean).join(' '));
  pdf.setProducer('Meridian');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, font: PDFFont, size = SIZE, indent = 0) => {
    for (const line of wrap(text, font, PAGE.width - 2 * PAGE.margin - indent)) {
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
