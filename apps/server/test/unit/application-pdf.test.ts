import { describe, expect, it } from 'vitest';
import { renderApplicationPdf } from '../../src/lib/pdf/application-pdf';
import { pdfLines } from '../pdf-text';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('an application PDF', { timeout: 60_000 }, () => {
  it('wraps a long answer onto lines that keep every word, in order', async () => {
    const answer = words(120);
    const lines = await pdfLines(
      await renderApplicationPdf({
        title: 'Application',
        submittedOn: '29 November 2026',
        sections: [{ heading: 'Your answers', lines: [{ label: 'Why', value: answer }] }],
      }),
    );
    const answerLines = lines.slice(lines.indexOf('Why') + 1);
    expect(answerLines.length).toBeGreaterThan(5);
    expect(answerLines.join(' ')).toBe(answer);
    // 11-point DejaVu Sans on an A4 page with 56-point margins, less the answer's 12-point indent.
    expect(Math.max(...answerLines.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('wraps a heading by its own size, so a 20-point title stays on the page', async () => {
    const title = words(24);
    const lines = await pdfLines(
      await renderApplicationPdf({ title, submittedOn: '29 November 2026', sections: [] }),
    );
    const titleLines = lines.slice(0, lines.findIndex((line) => line.startsWith('Submitted on')));
    expect(titleLines.join(' ')).toBe(title);
    expect(titleLines.length).toBeGreaterThanOrEqual(4);
  });
});
