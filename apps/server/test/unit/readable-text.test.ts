import { describe, expect, it } from 'vitest';
import { readableText } from '../../src/areas/content/search';

describe('search text as a reader sees it', () => {
  const labels = { Scheme_Name: 'Meridian Pension Scheme' };

  it('fills labels in any case and leaves every other placeholder out', () => {
    expect(readableText('Welcome to [[LABEL:scheme_name]] and [[label:Scheme_Name]].', labels)).toBe(
      'Welcome to Meridian Pension Scheme and Meridian Pension Scheme.',
    );
    expect(
      readableText('Your reference number [[tooltip:reference_number]] is here [[modal:lump]].', labels),
    ).toBe('Your reference number is here.');
    expect(readableText('Hello [[token:name]], you have [[data-currency:potPence]] saved', labels)).toBe(
      'Hello, you have saved',
    );
  });

  it('leaves no gap for a missing label, and no stray brackets', () => {
    expect(readableText('See [[label:missing]] ; [[odd]] end', labels)).toBe('See; end');
  });
});
