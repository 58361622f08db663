import { describe, expect, it } from 'vitest';
import {
  answerDisplays,
  kindOf,
  monthsBefore,
  pageJourneyFileSchema,
  questionKinds,
  withStrategyAnswers,
  type JourneyQuestion,
} from '../src';

const context = { today: '2026-03-27' };
const ask = (question: Record<string, unknown>) =>
  ({ key: 'the_question', label: 'The question', ...question }) as JourneyQuestion;

/** Reads `typed` (the answer key) or `value` (the answer's JSON value) as the question's kind. */
function read(question: JourneyQuestion, typed: string, value?: string) {
  return kindOf(question.kind).read(question, { answerKey: typed, answerValue: value }, context);
}

type Good = [typed: string, stored: string, shown: string];
type Bad = [typed: string, code: string, message: string];

/** Every good input is kept and shown as given; every bad one refused with its code and message. */
function table(question: JourneyQuestion, good: Good[], bad: Bad[]) {
  for (const [typed, stored, shown] of good) {
    const checked = read(question, typed);
    expect(checked, typed).toEqual({
      ok: true,
      answer: { questionKey: question.key, answerKey: stored, answerValue: null },
    });
    if (checked.ok) expect(kindOf(question.kind).display(question, checked.answer), typed).toBe(shown);
  }
  for (const [typed, code, message] of bad)
    expect(read(question, typed), typed).toEqual({ ok: false, code, message });
}

describe('radios and select: one of the answers given', () => {
  for (const kind of ['radios', 'select'])
    it(`${kind} keeps the key and shows the label`, () => {
      const question = ask({
        kind,
        answers: [
          { key: 'yes', label: 'Yes', next: 'yes_page' },
          { key: 'no', label: 'No' },
        ],
      });
      table(
        question,
        [
          ['yes', 'yes', 'Yes'],
          [' no ', 'no', 'No'],
        ],
        [
          ['', 'answer_required', 'Select an answer'],
          ['maybe', 'answer_not_an_option', 'Choose one of the answers given'],
        ],
      );
      expect(kindOf(question.kind).targets?.(question)).toEqual(['yes_page']);
      expect(kindOf(question.kind).leadsTo?.(question, 'yes')).toBe('yes_page');
      expect(kindOf(question.kind).leadsTo?.(question, 'no')).toBeUndefined();
      expect(kindOf(question.kind).answerKeys?.(question)).toEqual(['yes', 'no']);
    });
});

describe('radios answered by the DC scheme’s strategies (answersFrom: "strategies")', () => {
  const authored = (question: Record<string, unknown>) =>
    pageJourneyFileSchema.safeParse({
      type: 'fundswitch',
      question: { kind: 'radios', key: 'lifestyle_strategy', label: 'Which strategy?', ...question },
    });
  const strategies = [
    { code: 'LIFESTYLE_DRAWDOWN', name: 'Lifestyle: targeting drawdown' },
    { code: 'LIFESTYLE_CASH', name: 'Lifestyle: targeting cash' },
  ];

  it('is authored with answersFrom and hints by answer key, and no answers of its own', () => {
    const parsed = authored({
      answersFrom: 'strategies',
      answerHints: { lifestyle_cash: 'For taking your whole pot as cash' },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.question).toMatchObject({ answers: [], answersFrom: 'strategies' });
    expect(authored({ answersFrom: 'funds' }).error?.issues[0]?.path).toEqual(['question', 'answersFrom']);
    expect(authored({ answersFrom: 'strategies', answerHints: { 'Not a key': 'x' } }).success).toBe(false);
    expect(authored({ answersFrom: 'strategies', answerHint: {} }).error?.issues[0]?.message).toMatch(
      /answerHint/,
    );
    // Without answersFrom, two answers at least, as before.
    expect(authored({ answers: [{ key: 'yes', label: 'Yes' }] }).success).toBe(false);
    expect(kindOf('radios').problems?.(authored({}).data!.question as never)).toEqual([
      'give at least two answers, or answersFrom: "strategies" for the DC scheme’s lifestyle strategies',
    ]);
  });

  it('is filled with the strategies: key the code in lower case, label the name, content’s hint', () => {
    const question = authored({
      answersFrom: 'strategies',
      answerHints: { lifestyle_cash: 'For taking your whole pot as cash' },
    }).data!.question!;
    const filled = withStrategyAnswers(question, strategies);
    expect(filled).toEqual({
      question: {
        kind: 'radios',
        key: 'lifestyle_strategy',
        label: 'Which strategy?',
        answersFrom: 'strategies',
        answers: [
          { key: 'lifestyle_drawdown', label: 'Lifestyle: targeting drawdown' },
          {
            key: 'lifestyle_cash',
            label: 'Lifestyle: targeting cash',
            hint: 'For taking your whole pot as cash',
          },
        ],
      },
    });
    if ('question' in filled) {
      expect(kindOf('radios').problems?.(filled.question as never)).toEqual([]);
      table(filled.question, [['lifestyle_cash', 'lifestyle_cash', 'Lifestyle: targeting cash']], []);
    }
    // Any other question is left as it is.
    const plain = ask({
      kind: 'radios',
      answers: [
        { key: 'a', label: 'A' },
        { key: 'b', label: 'B' },
      ],
    });
    expect(withStrategyAnswers(plain, strategies)).toEqual({ question: plain });
  });

  it('refuses a hint for a key the scheme does not list, answers of its own, or too few strategies', () => {
    const question = (extra: Record<string, unknown>) =>
      authored({ answersFrom: 'strategies', ...extra }).data!.question!;
    expect(withStrategyAnswers(question({ answerHints: { lifestyle_annuity: 'x' } }), strategies)).toEqual({
      problem:
        'answerHints.lifestyle_annuity: the scheme lists no strategy LIFESTYLE_ANNUITY ' +
        '(its strategies: lifestyle_drawdown, lifestyle_cash); hint only those',
    });
    const own = question({
      answers: [
        { key: 'yes', label: 'Yes' },
        { key: 'no', label: 'No' },
      ],
    });
    expect(withStrategyAnswers(own, strategies)).toEqual({
      problem:
        'answers: none with answersFrom: "strategies" (the scheme\'s strategies are the answers); ' +
        'give a hint in answerHints',
    });
    expect(withStrategyAnswers(question({}), strategies.slice(0, 1))).toEqual({
      problem: 'answersFrom: the scheme lists 1 strategies; radios need two or more',
    });
    expect(
      kindOf('radios').problems?.(
        ask({
          kind: 'radios',
          answers: [
            { key: 'a', label: 'A' },
            { key: 'b', label: 'B' },
          ],
          answerHints: {},
        }) as never,
      ),
    ).toEqual(['answerHints go with answersFrom; give each answer its own hint']);
  });
});

describe('date', () => {
  it('reads a real day on the side of today allowed, shown as 27 Mar 2026', () => {
    table(
      ask({ kind: 'date', notAfterToday: true, notBefore: '2015-04-06' }),
      [
        ['2026-03-27', '2026-03-27', '27 Mar 2026'],
        ['2015-04-06', '2015-04-06', '06 Apr 2015'],
      ],
      [
        ['', 'invalid_date', 'Enter a real date, for example 27 3 2026'],
        ['2025-02-30', 'invalid_date', 'Enter a real date, for example 27 3 2026'],
        ['27/03/2026', 'invalid_date', 'Enter a real date, for example 27 3 2026'],
        ['2026-03-28', 'date_in_future', 'The date must be today or in the past'],
        ['2015-04-05', 'date_too_early', 'The date must be on or after 06 Apr 2015'],
      ],
    );
    table(
      ask({ kind: 'date', notBeforeToday: true }),
      [['2026-03-27', '2026-03-27', '27 Mar 2026']],
      [['2026-03-26', 'date_in_past', 'The date must be today or in the future']],
    );
    table(
      ask({ kind: 'date', notAfterToday: true, withinMonths: 12 }),
      [['2025-03-27', '2025-03-27', '27 Mar 2025']],
      [['2025-03-26', 'date_too_long_ago', 'The date must be in the last 12 months']],
    );
  });

  it('counts months back by the calendar, to the month’s last day when it is shorter', () => {
    expect(monthsBefore('2026-03-27', 12)).toBe('2025-03-27');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
  });
});

describe('text', () => {
  it('keeps one line of plain words, trimmed', () => {
    table(
      ask({ kind: 'text', maxLength: 10 }),
      [[' Leeds ', 'Leeds', 'Leeds']],
      [
        ['  ', 'answer_required', 'Enter an answer'],
        ['Headingley, Leeds', 'answer_too_long', 'The answer must be 10 characters or fewer'],
        ['<b>x</b>', 'answer_has_html', 'The answer must not contain < or >'],
        ['a\u0000b', 'answer_has_control_characters', 'The answer must be plain text on one line'],
      ],
    );
  });
});

describe('money', () => {
  it('reads pounds and pence as whole pence, shown as £1,250.50', () => {
    table(
      ask({ kind: 'money' }),
      [
        ['0', '0', '£0.00'],
        [' 1500 ', '150000', '£1,500.00'],
        ['12.3', '1230', '£12.30'],
        ['£1,250.50', '125050', '£1,250.50'],
        ['9999999.99', '999999999', '£9,999,999.99'],
      ],
      [
        ['a', 'invalid_money_amount', 'Enter an amount in pounds, like 1500 or 1500.50'],
        ['', 'invalid_money_amount', 'Enter an amount in pounds, like 1500 or 1500.50'],
        ['-1', 'invalid_money_amount', 'The amount must be £0 or more'],
        ['-£3', 'invalid_money_amount', 'The amount must be £0 or more'],
        ['1e9', 'invalid_money_amount', 'Enter an amount in pounds, like 1500 or 1500.50'],
        ['12.345', 'invalid_money_amount', 'The amount must have no more than 2 decimal places'],
        ['1,25', 'invalid_money_amount', 'Enter an amount in pounds, like 1500 or 1500.50'],
        ['10000000', 'invalid_money_amount', 'The amount must be £9,999,999.99 or less'],
        ['99999999999999999999999', 'invalid_money_amount', 'The amount must be £9,999,999.99 or less'],
      ],
    );
  });

  it('keeps to min and max, given in pence and told in pounds', () => {
    table(
      ask({ kind: 'money', min: 100_00, max: 268_275_00 }),
      [
        ['100', '10000', '£100.00'],
        ['268,275', '26827500', '£268,275.00'],
      ],
      [
        ['99.99', 'money_below_minimum', 'The amount must be £100.00 or more'],
        ['268275.01', 'money_above_maximum', 'The amount must be £268,275.00 or less'],
      ],
    );
    expect(kindOf('money').conditionValue({ questionKey: 'x', answerKey: '125050', answerValue: null })).toBe(
      125_050,
    );
  });
});

describe('number', () => {
  it('reads a whole number unless decimals are allowed', () => {
    table(
      ask({ kind: 'number', min: 0, max: 20_000 }),
      [
        ['12', '12', '12'],
        ['012', '12', '12'],
        ['12,500', '12500', '12,500'],
      ],
      [
        ['', 'invalid_number', 'Enter a number, like 12'],
        ['twelve', 'invalid_number', 'Enter a number using digits only, like 12'],
        ['1e3', 'invalid_number', 'Enter a number using digits only, like 12'],
        ['12.5', 'number_not_whole', 'Enter a whole number, like 12'],
        ['-1', 'number_below_minimum', 'The number must be 0 or more'],
        ['20001', 'number_above_maximum', 'The number must be 20,000 or less'],
        ['99999999999', 'number_above_maximum', 'The number is too large'],
      ],
    );
    table(
      ask({ kind: 'number', decimals: 2 }),
      [
        ['12.5', '12.5', '12.5'],
        ['-1,250.25', '-1250.25', '-1,250.25'],
      ],
      [
        ['', 'invalid_number', 'Enter a number, like 12 or 12.5'],
        ['1.125', 'number_too_many_decimals', 'The number must have no more than 2 decimal places'],
      ],
    );
  });
});

describe('email', () => {
  it('reads an address as My details does, in lower case', () => {
    table(
      ask({ kind: 'email' }),
      [[' Mary.Hughes@Example.org ', 'mary.hughes@example.org', 'mary.hughes@example.org']],
      [
        ['', 'invalid_email', 'Enter an email address'],
        [
          'mary.hughes',
          'invalid_email',
          'Enter an email address in the correct format, like name@example.com',
        ],
        [
          'mary@example',
          'invalid_email',
          'Enter an email address in the correct format, like name@example.com',
        ],
        [`${'m'.repeat(95)}@example.org`, 'invalid_email', 'Email address must be 100 characters or fewer'],
      ],
    );
  });
});

describe('National Insurance number', () => {
  const wrong = 'Enter a National Insurance number in the correct format, like QQ 12 34 56 C';
  it('keeps the number upper-case without spaces, under the HMRC prefix rules', () => {
    table(
      ask({ kind: 'ni-number' }),
      [
        ['AB123456C', 'AB123456C', 'AB 12 34 56 C'],
        [' ab 12 34 56 c ', 'AB123456C', 'AB 12 34 56 C'],
        ['ce123456d', 'CE123456D', 'CE 12 34 56 D'],
      ],
      [
        ['', 'invalid_ni_number', 'Enter a National Insurance number'],
        ['QQ123456C', 'invalid_ni_number', wrong],
        ['DA123456C', 'invalid_ni_number', wrong],
        ['AO123456C', 'invalid_ni_number', wrong],
        ['GB123456A', 'invalid_ni_number', wrong],
        ['NK123456A', 'invalid_ni_number', wrong],
        ['TN123456A', 'invalid_ni_number', wrong],
        ['ZZ123456A', 'invalid_ni_number', wrong],
        ['AB123456E', 'invalid_ni_number', wrong],
        ['AB12345C', 'invalid_ni_number', wrong],
        ['AB-12-34-56-C', 'invalid_ni_number', wrong],
      ],
    );
  });
});

describe('country', () => {
  it('keeps a code on the list and shows its name', () => {
    table(
      ask({ kind: 'country' }),
      [
        ['GB', 'GB', 'United Kingdom'],
        ['fr', 'FR', 'France'],
        ['CI', 'CI', "Côte d'Ivoire"],
      ],
      [
        ['', 'invalid_country', 'Select a country'],
        ['UK', 'invalid_country', 'Select a country'],
        ['EU', 'invalid_country', 'Select a country'],
      ],
    );
  });
});

describe('bank account', () => {
  const question = ask({ kind: 'bank-account' });
  it('keeps the account in a normal form and shows it the one way', () => {
    const typed = { accountName: ' Mrs M Hughes ', sortCode: '30-94 66', accountNumber: '1234 5678' };
    const checked = read(question, 'provided', JSON.stringify(typed));
    expect(checked).toEqual({
      ok: true,
      answer: {
        questionKey: 'the_question',
        answerKey: 'provided',
        answerValue: JSON.stringify({
          accountName: 'Mrs M Hughes',
          sortCode: '309466',
          accountNumber: '12345678',
        }),
      },
    });
    if (checked.ok)
      expect(kindOf(question.kind).display(question, checked.answer)).toBe(
        'Mrs M Hughes, sort code 30-94-66, account ending 5678',
      );
  });

  it('says what is wrong', () => {
    const account = { accountName: 'Mrs M Hughes', sortCode: '309466', accountNumber: '12345678' };
    for (const [value, message] of [
      ['not json', 'Enter the name on the account, the sort code and the account number'],
      [JSON.stringify({ ...account, accountName: ' ' }), 'Enter the name on the account'],
      [JSON.stringify({ ...account, sortCode: '3094' }), 'Enter a valid sort code like 30-94-66'],
      [
        JSON.stringify({ ...account, accountNumber: undefined }),
        'Enter a valid account number like 00733445',
      ],
      [
        JSON.stringify({ ...account, accountName: '<b>' }),
        'The name on the account must not contain < or HTML',
      ],
    ])
      expect(read(question, 'provided', value), value).toEqual({
        ok: false,
        code: 'invalid_bank_account',
        message,
      });
  });
});

describe('phone', () => {
  const question = ask({ kind: 'phone' });
  it('keeps the number in international format and shows it as the member dials it', () => {
    for (const [countryCode, number, stored, shown] of [
      ['GB', '07911 123456', '+447911123456', '07911 123456'],
      ['GB', '020 7946 0001', '+442079460001', '020 7946 0001'],
      ['FR', '06 12 34 56 78', '+33612345678', '+33 6 12 34 56 78'],
    ] as const) {
      const value = JSON.stringify({ countryCode, number });
      const checked = read(question, 'provided', value);
      expect(checked, number).toEqual({
        ok: true,
        answer: { questionKey: 'the_question', answerKey: stored, answerValue: value },
      });
      if (checked.ok) expect(kindOf(question.kind).display(question, checked.answer)).toBe(shown);
    }
  });

  it('says what is wrong', () => {
    for (const [value, message] of [
      ['not json', 'Enter a phone number and the country it is from'],
      [JSON.stringify({ countryCode: 'GB', number: '' }), 'Enter a phone number'],
      [
        JSON.stringify({ countryCode: 'GB', number: '123' }),
        'Enter a phone number in the correct format, like 020 7946 0001',
      ],
      [
        JSON.stringify({ countryCode: 'GB', number: 'call me' }),
        'Enter a phone number using only numbers, starting with a number or +, like 020 7946 0001',
      ],
    ])
      expect(read(question, 'provided', value), value).toEqual({
        ok: false,
        code: 'invalid_phone_number',
        message,
      });
  });
});

describe('the registry', () => {
  it('has one kind of each name, and refuses a name it does not have', () => {
    const names = questionKinds.map((kind) => kind.kind);
    expect(new Set(names).size).toBe(names.length);
    expect(() => kindOf('slider')).toThrow('There is no question kind slider');
  });

  it('builds the authored question from the kinds, strictly', () => {
    const page = (question: Record<string, unknown>) =>
      pageJourneyFileSchema.safeParse({
        type: 'retirement',
        question: { key: 'amount', label: 'How much?', ...question },
      });
    expect(page({ kind: 'money', min: 0, max: 100_00 }).success).toBe(true);
    expect(page({ kind: 'slider' }).success).toBe(false);
    expect(page({ kind: 'money', minimum: 0 }).error?.issues[0]?.message).toMatch(/minimum/);
  });

  it('shows each answer the PDF’s way on check your answers too: a zod-free display is its kind’s own', () => {
    for (const [kind, display] of Object.entries(answerDisplays)) expect(kindOf(kind).display).toBe(display);
  });

  it('lets a page show only what the engine shows: contact details or proof of identity', () => {
    const shows = (what: string) =>
      pageJourneyFileSchema.safeParse({ type: 'retirement', shows: what }).success;
    expect(shows('contact-details')).toBe(true);
    expect(shows('identity-verification')).toBe(true);
    expect(shows('bank-details')).toBe(false);
    expect(shows('retirement-choice')).toBe(false);
  });

  it('finds problems in an authored question', () => {
    expect(kindOf('money').problems?.(ask({ kind: 'money', min: 500, max: 100 }) as never)).toEqual([
      'min (500 pence) is above max (100 pence)',
    ]);
    expect(kindOf('number').problems?.(ask({ kind: 'number', min: 0.5 }) as never)).toEqual([
      'min (0.5) has more decimal places than the question allows',
    ]);
    expect(
      kindOf('radios').problems?.(
        ask({
          kind: 'radios',
          answers: [
            { key: 'a', label: 'A' },
            { key: 'a', label: 'A again' },
          ],
        }) as never,
      ),
    ).toEqual(['answer a is given twice']);
  });
});
