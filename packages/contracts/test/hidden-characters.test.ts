import { describe, expect, it } from 'vitest';
import { hiddenCharacterProblem, withoutHiddenCharacters } from '../src/hidden-characters';
import { addressSchema, sitePathSchema } from '../src/my-details';

const address = { lines: ['1 High Street'], town: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' };

describe('hidden characters', () => {
  it('names direction controls, invisible characters and line controls; ordinary text has none', () => {
    expect(hiddenCharacterProblem('a\u202eb')).toBe(
      'must not contain characters that change the direction of text',
    );
    expect(hiddenCharacterProblem('a\u061cb')).toBe(
      'must not contain characters that change the direction of text',
    );
    expect(hiddenCharacterProblem('a\u200bb')).toBe('must not contain invisible characters');
    expect(hiddenCharacterProblem('a\u0085b')).toBe('must not contain control characters');
    for (const text of ['Zoë Brontë', 'شارع الملك', 'רחוב הרצל', '東京都', '😀 emoji', "O'Neill-Smith"]) {
      expect(hiddenCharacterProblem(text), text).toBeUndefined();
    }
  });

  it('takes them out to show a refused value', () => {
    expect(withoutHiddenCharacters('in\u202evoice\u200b.pdf\u2069')).toBe('invoice.pdf');
    expect(withoutHiddenCharacters('Zoë')).toBe('Zoë');
  });
});

describe('the address form', () => {
  it('refuses a control or direction-changing character in any line, the town, the county or a postcode', () => {
    for (const change of [
      { lines: ['1 High \u202eteertS'] },
      { lines: ['1 High Street', 'Flat\u200d2'] },
      { lines: ['1 High\u009bStreet'] },
      { town: 'Leeds\u2069' },
      { county: 'York\ufeffshire' },
      { postcode: '75\u2066001', countryCode: 'FR' },
    ]) {
      const parsed = addressSchema.safeParse({ ...address, ...change });
      expect(parsed.success, JSON.stringify(change)).toBe(false);
    }
  });

  it('still takes an address written in another script', () => {
    const parsed = addressSchema.safeParse({
      lines: ['شارع الملك فهد 12'],
      town: 'الرياض',
      postcode: '12271',
      countryCode: 'SA',
    });
    expect(parsed.success).toBe(true);
  });
});

describe('a path on this site', () => {
  it('takes a path with a query and a fragment', () => {
    for (const path of ['/', '/contact-us', '/my-details?tab=bank', '/ra-bank#account', '/a/b/c']) {
      expect(sitePathSchema.safeParse(path).success, path).toBe(true);
    }
  });

  it('refuses another site, a scheme, a double slash, a backslash and hidden characters', () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/a//b',
      'javascript:alert(1)',
      'contact-us',
      '',
      '/contact us',
      '/<script>',
      '/contact\u202eus',
      '/contact\u200bus',
      '/\u0000',
      `/${'a'.repeat(300)}`,
    ]) {
      expect(sitePathSchema.safeParse(path).success, JSON.stringify(path)).toBe(false);
    }
  });
});
