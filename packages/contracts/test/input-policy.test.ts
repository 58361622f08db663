import { describe, expect, it } from 'vitest';
import { safeDate, safeString, safeText, textProblem } from '../src/input-policy';

describe('the input policy', () => {
  it('refuses NUL, other C0 controls, DEL and lone surrogates in text', () => {
    for (const hostile of [
      'a\u0000b',
      '\u0001',
      'x\u001f',
      'del\u007f',
      'lone \ud800',
      '\udc00 low',
      'end\ud83d',
    ]) {
      expect(textProblem(hostile), JSON.stringify(hostile)).toBeDefined();
    }
  });

  it('accepts tab and new lines in free text but not in a single-line value', () => {
    expect(textProblem('line one\r\nline two\tend')).toBeUndefined();
    expect(safeText().safeParse('line one\nline two').success).toBe(true);
    expect(safeString().safeParse('line one\nline two').success).toBe(false);
    expect(safeString().safeParse('tab\there').success).toBe(false);
  });

  it('accepts ordinary text, accents and paired surrogates', () => {
    for (const text of [
      'Margaret Hughes',
      'Zoë Brontë-Łukasz',
      '😀 emoji',
      "O'Brien; DROP TABLE",
      '../../etc',
    ]) {
      expect(safeString().safeParse(text).success, text).toBe(true);
    }
  });

  it('keeps the checks chained after it', () => {
    expect(safeString().max(3).safeParse('abcd').success).toBe(false);
    expect(safeString().max(3).safeParse('a\u0000').success).toBe(false);
    expect(safeString().max(3).safeParse('abc').success).toBe(true);
  });

  it('accepts dates from 1900-01-01 to 2100-12-31 only', () => {
    const date = safeDate();
    for (const good of ['1900-01-01', '1966-09-14', '2000-02-29', '2100-12-31']) {
      expect(date.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      '0000-01-01',
      '1899-12-31',
      '2101-01-01',
      '9999-12-31',
      '2001-02-29',
      '1966-13-01',
      '1966-9-1',
    ]) {
      expect(date.safeParse(bad).success, bad).toBe(false);
    }
  });
});
