import { describe, expect, it } from 'vitest';
import { moneyAnswerSchema } from '../src/journeys';

const read = (typed: string) => moneyAnswerSchema.safeParse(typed);

describe('a money answer, read the same in the browser and on the server', () => {
  it('reads pounds and pence, with a £ and commas between thousands, as whole pence', () => {
    expect(read('0').data).toBe(0);
    expect(read(' 1500 ').data).toBe(150_000);
    expect(read('12.3').data).toBe(1_230);
    expect(read('£1,250.50').data).toBe(125_050);
    expect(read('9999999.99').data).toBe(999_999_999);
  });

  it('refuses what is not an amount of £0 or more, saying why', () => {
    for (const [typed, message] of <Array<[string, string]>>[
      ['a', 'Enter an amount in pounds, like 1500 or 1500.50'],
      ['', 'Enter an amount in pounds, like 1500 or 1500.50'],
      ['-1', 'The amount must be £0 or more'],
      ['-£3', 'The amount must be £0 or more'],
      ['1e9', 'Enter an amount in pounds, like 1500 or 1500.50'],
      ['12.345', 'The amount must have no more than 2 decimal places'],
      ['1,25', 'Enter an amount in pounds, like 1500 or 1500.50'],
      ['10000000', 'The amount must be £9,999,999.99 or less'],
      ['99999999999999999999999', 'The amount must be £9,999,999.99 or less'],
    ])
      expect(read(typed).error?.issues[0]?.message, typed).toBe(message);
  });
});
