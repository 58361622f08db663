import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerDisplays, bankAccountKind, hasAnswerDisplay, kindOf } from '../src';

const today = { today: '2026-11-28' };
const stored = (answerKey: string, answerValue: string | null = null) => ({
  questionKey: 'q',
  answerKey,
  answerValue,
});

describe('answer displays kept apart from the kinds', () => {
  it('are the very display of each kind they cover, so check your answers and the PDF agree', () => {
    for (const [kind, display] of Object.entries(answerDisplays)) {
      expect(hasAnswerDisplay(kind)).toBe(true);
      expect(kindOf(kind).display).toBe(display);
    }
    for (const kind of ['person', 'list', 'address', 'file', 'phone', 'country'])
      expect(hasAnswerDisplay(kind)).toBe(false);
  });

  it('import nothing but types and the formatting helpers (no zod, no phone rules)', () => {
    const source = readFileSync(new URL('../src/journey-kinds/displays.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import (type )?.* from '([^']+)';$/gm)];
    expect(imports.filter(([, type]) => !type).map(([, , from]) => from)).toEqual(['./format']);
  });

  it('show a bank account as it was stored by the kind, and nothing for a value not in that form', () => {
    const question = { kind: 'bank-account' as const, key: 'bank', label: 'Your bank account' };
    const read = bankAccountKind.read(
      question,
      {
        answerKey: 'provided',
        answerValue: JSON.stringify({
          accountName: 'Mrs M Hughes',
          sortCode: '30 94 66',
          accountNumber: '12345678',
        }),
      },
      today,
    );
    if (!read.ok) throw new Error(read.message);
    expect(bankAccountKind.display(question, read.answer)).toBe(
      'Mrs M Hughes, sort code 30-94-66, account ending 5678',
    );
    for (const value of [
      'not json',
      '[]',
      JSON.stringify({ accountName: 'Mrs M Hughes', sortCode: '30-94-66', accountNumber: '12345678' }),
      JSON.stringify({
        accountName: 'Mrs M Hughes',
        sortCode: '309466',
        accountNumber: '12345678',
        iban: 'x',
      }),
      JSON.stringify({ accountName: ' ', sortCode: '309466', accountNumber: '12345678' }),
    ])
      expect(bankAccountKind.display(question, stored('provided', value))).toBe('');
  });

  it('show the simple kinds as before', () => {
    const radios = {
      kind: 'radios' as const,
      key: 'q',
      label: 'Q',
      answers: [{ key: 'yes', label: 'Yes' }],
    };
    expect(answerDisplays.radios(radios, stored('yes'))).toBe('Yes');
    expect(answerDisplays.date({ kind: 'date', key: 'q', label: 'Q' }, stored('2026-03-27'))).toBe(
      '27 Mar 2026',
    );
    expect(answerDisplays.money({ kind: 'money', key: 'q', label: 'Q' }, stored('125050'))).toBe('£1,250.50');
    expect(answerDisplays.number({ kind: 'number', key: 'q', label: 'Q' }, stored('-1250000.5'))).toBe(
      '-1,250,000.5',
    );
    expect(
      answerDisplays['ni-number']({ kind: 'ni-number', key: 'q', label: 'Q' }, stored('QQ123456C')),
    ).toBe('QQ 12 34 56 C');
  });
});
