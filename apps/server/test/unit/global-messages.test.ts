import { describe, expect, it } from 'vitest';
import { messagePdfSection, richTextLines } from '../../src/areas/content/global-messages';

describe('a globals message in a PDF', () => {
  it('reads line by line: paragraphs, bulleted items, links followed by their address, labels filled', () => {
    expect(
      richTextLines(
        '<p>Call [[label:helpline]] &amp; hang up.</p><ul><li>Read <a href="https://www.fca.org.uk/scamsmart/">ScamSmart</a>.</li>' +
          '<li>See <a href="https://example.org">https://example.org</a></li><li>[[tooltip:x]]</li>' +
          '<li><a href="/transfer/report-a-concern">Tell us</a></li></ul>',
        { helpline: '0300 765 4321' },
      ),
    ).toEqual([
      'Call 0300 765 4321 & hang up.',
      '• Read ScamSmart (www.fca.org.uk/scamsmart).',
      '• See https://example.org',
      '• Tell us',
    ]);
  });

  it('is a section headed by the message’s title', () => {
    expect(
      messagePdfSection({
        message: {
          key: 'scam_warning',
          variant: 'warning',
          title: 'Protect your pension',
          html: '<p>Hang up.</p>',
        },
        labels: {},
      }),
    ).toEqual({ heading: 'Protect your pension', lines: [{ label: '', value: 'Hang up.' }] });
  });
});
