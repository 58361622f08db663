import { describe, expect, it } from 'vitest';
import { fillDataTokens } from './data-tokens';
import { defaultUnitWords } from '../../lib/format';

const fill = (source: string, data: unknown) =>
  fillDataTokens(source, data, (text) => text, defaultUnitWords);

describe('money in one line of content', () => {
  const data = { lumpSum: 3908412, pension: 586264, fee: 1250, tax: 117253 };

  it('shows every amount of a line in whole pounds when one of them is rounded', () => {
    expect(fill('<p>[[data-currency:lumpSum]] and [[data-currency:pension]] a year</p>', data)).toBe(
      '<p>£39,084 and £5,863 a year</p>',
    );
    expect(fill('[[data-currency:pension]] a year, or [[data-currency:lumpSum]] at once', data)).toBe(
      '£5,863 a year, or £39,084 at once',
    );
  });

  it('keeps the pence where every amount of the line is under £10,000', () => {
    expect(fill('<p>[[data-currency:pension]] less [[data-currency:tax]] tax</p>', data)).toBe(
      '<p>£5,862.64 less £1,172.53 tax</p>',
    );
  });

  it('decides line by line: a paragraph, a list item or a line break starts a new line', () => {
    expect(
      fill(
        '<ul><li>[[data-currency:lumpSum]] cash</li><li>[[data-currency:pension]] a year</li></ul>' +
          '<p>[[data-currency:fee]] fee<br>[[data-currency:lumpSum]] in all</p>',
        data,
      ),
    ).toBe('<ul><li>£39,084 cash</li><li>£5,862.64 a year</li></ul><p>£12.50 fee<br>£39,084 in all</p>');
  });

  it('lets a missing amount change nothing', () => {
    expect(fill('<p>[[data-currency:pension]] and [[data-currency:missing]]</p>', data)).toBe(
      '<p>£5,862.64 and -</p>',
    );
  });
});
