import { describe, expect, it } from 'vitest';
import { kindOf, pageJourneyFileSchema, type MoneyQuestion } from '../src';

const money = kindOf('money');
const ask = (limits: Partial<MoneyQuestion>): MoneyQuestion => ({
  kind: 'money',
  key: 'cash',
  label: 'How much tax-free cash do you want?',
  ...limits,
});
const figures = { availableTaxFreeCash: 12_345_67, leastCash: 100_00 };
const read = (question: MoneyQuestion, typed: string) =>
  money.read(question, { answerKey: typed }, { today: '2026-03-27', figures });

describe('money limits from locked figures', () => {
  it('takes its most from a figure the journey locked, told as the hint says it', () => {
    const question = ask({ maxFigure: 'availableTaxFreeCash' });
    expect(read(question, '12,345.67')).toEqual({
      ok: true,
      answer: { questionKey: 'cash', answerKey: '1234567', answerValue: null },
    });
    expect(read(question, '12345.68')).toEqual({
      ok: false,
      code: 'money_above_maximum',
      message: 'Enter an amount of £12,345.67 or less',
    });
    expect(money.hint?.(question, { today: '2026-03-27', figures })).toBe(
      'Enter an amount of £12,345.67 or less',
    );
  });

  it('takes its least from a figure, and words both limits in one hint after the authored one', () => {
    const question = ask({ minFigure: 'leastCash', maxFigure: 'availableTaxFreeCash', hint: 'In pounds.' });
    expect(read(question, '99.99')).toMatchObject({
      code: 'money_below_minimum',
      message: 'Enter an amount of £100.00 or more',
    });
    expect(read(question, '100').ok).toBe(true);
    expect(money.hint?.(question, { today: '2026-03-27', figures })).toBe(
      'In pounds. Enter an amount between £100.00 and £12,345.67',
    );
  });

  it('keeps the tighter of a fixed max and a figure', () => {
    const fixedTighter = ask({ max: 50_00, maxFigure: 'availableTaxFreeCash' });
    expect(read(fixedTighter, '50.01')).toMatchObject({
      code: 'money_above_maximum',
      message: 'The amount must be £50.00 or less',
    });
    const figureTighter = ask({ max: 20_000_00, maxFigure: 'availableTaxFreeCash' });
    expect(read(figureTighter, '12345.68')).toMatchObject({
      message: 'Enter an amount of £12,345.67 or less',
    });
  });

  it('refuses any amount when the figure it names was not locked, rather than letting it through', () => {
    const question = ask({ maxFigure: 'availableTaxFreeCash' });
    for (const context of [{ today: '2026-03-27' }, { today: '2026-03-27', figures: {} }])
      expect(money.read(question, { answerKey: '1' }, context)).toMatchObject({
        ok: false,
        code: 'money_limit_unavailable',
      });
    expect(money.hint?.(question, { today: '2026-03-27' })).toBeUndefined();
  });

  it('names the figures it reads for content sync; a question without one reads none and keeps its hint', () => {
    expect(money.figures?.(ask({ minFigure: 'leastCash', maxFigure: 'availableTaxFreeCash' }))).toEqual([
      'leastCash',
      'availableTaxFreeCash',
    ]);
    expect(money.figures?.(ask({ max: 100 }))).toEqual([]);
    expect(money.hint?.(ask({ hint: 'In pounds.' }), { today: '2026-03-27', figures })).toBe('In pounds.');
  });

  it('types a kept answer again as read takes it back, so a kept amount is read again with other figures', () => {
    const question = ask({ maxFigure: 'availableTaxFreeCash' });
    const kept = { questionKey: 'cash', answerKey: '1234567', answerValue: null };
    expect(money.typedAgain?.(question, kept)).toEqual({ answerKey: '12345.67' });
    expect(read(question, money.typedAgain!(question, kept).answerKey)).toEqual({ ok: true, answer: kept });
    expect(
      money.read(question, money.typedAgain!(question, kept), {
        today: '2026-03-27',
        figures: { availableTaxFreeCash: 12_345_66 },
      }),
    ).toMatchObject({ code: 'money_above_maximum', message: 'Enter an amount of £12,345.66 or less' });
    expect(money.typedAgain?.(question, { ...kept, answerKey: '5' })).toEqual({ answerKey: '0.05' });
  });

  it('is authored as a figure name: a malformed one is refused by the page schema', () => {
    const page = (question: Record<string, unknown>) =>
      pageJourneyFileSchema.safeParse({
        type: 'retirement',
        question: { key: 'cash', label: 'Cash', kind: 'money', ...question },
      });
    expect(page({ maxFigure: 'availableTaxFreeCash' }).success).toBe(true);
    expect(page({ maxFigure: 'not a figure' }).success).toBe(false);
  });
});
