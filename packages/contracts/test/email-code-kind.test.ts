import { describe, expect, it } from 'vitest';
import { kindOf, pageJourneyFileSchema, type EmailCodeQuestion } from '../src';

const emailCode = kindOf('email-code');
const question: EmailCodeQuestion = { kind: 'email-code', key: 'email_code', label: 'Enter the code' };
const read = (typed: string) => emailCode.read(question, { answerKey: typed }, { today: '2026-03-27' });

describe('the email-code kind', () => {
  it('takes six digits, spaces allowed, and keeps only that it was confirmed, never the code', () => {
    for (const typed of ['123456', ' 123 456 ', '000000'])
      expect(read(typed), typed).toEqual({
        ok: true,
        answer: { questionKey: 'email_code', answerKey: 'confirmed', answerValue: null },
      });
  });

  it('refuses anything but six digits, in words a reporter understands', () => {
    for (const typed of ['', '12345', '1234567', 'abcdef', '12345a', '１２３４５６'])
      expect(read(typed), typed).toEqual({
        ok: false,
        code: 'invalid_email_code',
        message: 'Enter the 6-digit code from the email',
      });
  });

  it('is shown as confirmed, compared by its answer key, and authored with nothing of its own', () => {
    const stored = { questionKey: 'email_code', answerKey: 'confirmed', answerValue: null };
    expect(emailCode.display(question, stored)).toBe('Confirmed with a code');
    expect(emailCode.conditionValue(stored)).toBe('confirmed');
    const page = (extra: Record<string, unknown>) =>
      pageJourneyFileSchema.safeParse({ type: 'bereavement', question: { ...question, ...extra } });
    expect(page({}).success).toBe(true);
    expect(page({ length: 6 }).success).toBe(false);
  });
});
