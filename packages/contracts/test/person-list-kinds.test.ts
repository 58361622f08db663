import { describe, expect, it } from 'vitest';
import { strictObject } from '../src/authoring';
import { sharedQuestionFields } from '../src/journey-kinds/kind';
import { personKind, readPerson, type PersonQuestion } from '../src/journey-kinds/person';
import {
  listKind,
  readShare,
  sharesTotalProblem,
  withOptionAnswers,
  type ListQuestion,
} from '../src/journey-kinds/list';
import { JOURNEY_ANSWER_VALUE_MAX } from '../src/journeys';

const context = { today: '2026-11-28' };
const person: PersonQuestion = {
  kind: 'person',
  key: 'partner',
  label: 'About your partner',
  fields: ['name', 'date-of-birth', 'relationship', 'email', 'phone'],
};
const grace = {
  forenames: ' Grace ',
  surname: 'Okafor',
  dateOfBirth: '1986-02-14',
  relationship: 'Spouse',
  email: 'Grace@Example.com',
  phone: '07911 123456',
};

describe('the person kind', () => {
  it('keeps the fields it asks, in a normal form, and shows them on one line', () => {
    const read = personKind.read(
      person,
      { answerKey: 'provided', answerValue: JSON.stringify(grace) },
      context,
    );
    expect(read).toEqual({
      ok: true,
      answer: {
        questionKey: 'partner',
        answerKey: 'provided',
        answerValue: JSON.stringify({
          relationship: 'Spouse',
          forenames: 'Grace',
          surname: 'Okafor',
          dateOfBirth: '1986-02-14',
          email: 'grace@example.com',
          phone: '+447911123456',
        }),
      },
    });
    if (!read.ok) return;
    expect(personKind.display(person, read.answer)).toBe(
      'Grace Okafor, born 14 Feb 1986, husband, wife or civil partner, grace@example.com, 07911 123456',
    );
  });

  it('reports every problem against the box at fault, in the nomination wizard’s words', () => {
    const read = readPerson(
      person.fields,
      { surname: 'A surname far longer than twenty', dateOfBirth: null, email: 'nope', phone: 'call me' },
      context,
    );
    expect(read.ok ? [] : read.problems.map((problem) => [problem.field, problem.message])).toEqual([
      ['relationship', 'Select how they are related to you'],
      ['forenames', 'Enter the first names'],
      ['surname', 'Last name must be 20 characters or fewer'],
      ['dateOfBirth', 'Enter a real date of birth, such as 27 3 1985'],
      ['email', 'Enter an email address in the correct format, like name@example.com'],
      ['phone', 'Enter a phone number in the correct format, like 020 7946 0001 or +33 6 12 34 56 78'],
    ]);
  });

  it('refuses a date of birth after today and HTML in a name, with a code', () => {
    const submit = (change: object) =>
      personKind.read(
        person,
        { answerKey: 'provided', answerValue: JSON.stringify({ ...grace, ...change }) },
        context,
      );
    expect(submit({ dateOfBirth: '2026-11-29' })).toMatchObject({
      ok: false,
      code: 'date_of_birth_in_future',
    });
    expect(submit({ forenames: '<b>Grace</b>' })).toMatchObject({ ok: false, code: 'name_has_html' });
    expect(
      personKind.read(person, { answerKey: 'provided', answerValue: 'not json' }, context),
    ).toMatchObject({
      ok: false,
      code: 'relationship_required',
    });
  });

  it('is authored with the fields it asks, each once', () => {
    const schema = personKind.schema(strictObject, sharedQuestionFields);
    expect(schema.safeParse(person).success).toBe(true);
    expect(schema.safeParse({ ...person, fields: ['name', 'name'] }).success).toBe(false);
    expect(schema.safeParse({ ...person, fields: ['shoe-size'] }).success).toBe(false);
  });

  it('names who the answer is by their name alone, or nothing when it asks no name', () => {
    const read = personKind.read(
      person,
      { answerKey: 'provided', answerValue: JSON.stringify(grace) },
      context,
    );
    if (!read.ok) throw new Error(read.message);
    expect(personKind.personName!(person, read.answer)).toBe('Grace Okafor');
    const emailOnly: PersonQuestion = { ...person, fields: ['email'] };
    const address = { answerKey: 'provided', answerValue: JSON.stringify({ email: 'grace@example.com' }) };
    const kept = personKind.read(emailOnly, address, context);
    if (!kept.ok) throw new Error(kept.message);
    expect(personKind.personName!(emailOnly, kept.answer)).toBe('');
    expect(personKind.personName!(person, { ...read.answer, answerValue: 'not json' })).toBe('');
  });
});

const list = listKind.schema(strictObject, sharedQuestionFields).parse({
  kind: 'list',
  key: 'beneficiaries',
  label: 'Who should receive the lump sum?',
  item: { fields: ['name', 'relationship'], share: true },
  min: 1,
  max: 3,
  total: { of: 'share', equals: 100 },
}) as ListQuestion;
const item = (forenames: string, share: number | string) => ({
  forenames,
  surname: 'Okafor',
  relationship: 'Child',
  share,
});
const submitList = (items: unknown) =>
  listKind.read(list, { answerKey: 'list', answerValue: JSON.stringify(items) }, context);

describe('the list kind', () => {
  it('keeps items whose shares make the total, counted in its key', () => {
    const read = submitList([item('Ada', 60), item('Ben', '40')]);
    expect(read).toMatchObject({ ok: true, answer: { answerKey: '2' } });
    if (!read.ok) return;
    expect(listKind.display(list, read.answer)).toBe(
      'Ada Okafor, son or daughter: 60%; Ben Okafor, son or daughter: 40%',
    );
    expect(listKind.conditionValue(read.answer)).toBe(2);
  });

  it('refuses too few, too many, shares not making the total and a bad item, each with its code', () => {
    expect(submitList([])).toMatchObject({
      ok: false,
      code: 'list_too_short',
      message: 'Add at least 1 person',
    });
    expect(submitList([item('A', 25), item('B', 25), item('C', 25), item('D', 25)])).toMatchObject({
      ok: false,
      code: 'list_too_long',
      message: 'You can add up to 3 people',
    });
    expect(submitList([item('Ada', 60), item('Ben', 30)])).toMatchObject({
      ok: false,
      code: 'list_total_mismatch',
      message: 'The shares must add up to exactly 100%. They add up to 90.00%.',
    });
    expect(submitList([item('Ada', 60), item('', 40)])).toMatchObject({
      ok: false,
      code: 'name_required',
      message: 'Person 2: Enter the first names',
    });
    expect(submitList([item('Ada', 100.001)])).toMatchObject({ ok: false, code: 'invalid_share' });
    expect(submitList({ not: 'a list' })).toMatchObject({ ok: false, code: 'invalid_list' });
  });

  it('reads shares in hundredths, so thirds add up', () => {
    expect(readShare('33.33%')).toEqual({ ok: true, percentage: 33.33 });
    expect(readShare('101').ok).toBe(false);
    expect(readShare('1.234').ok).toBe(false);
    expect(sharesTotalProblem([33.33, 33.33, 33.34], 100)).toBeNull();
  });

  it('finds problems in the authored list at sync', () => {
    expect(listKind.problems!({ ...list, min: 4 })).toEqual(['min (4) is above max (3)']);
    expect(listKind.problems!({ ...list, item: { ...list.item, share: false } })).toEqual([
      'a total of shares needs item.share: true',
    ]);
  });

  it('keeps the most items a list takes, with their addresses, within an answer value', () => {
    const full = {
      ...list,
      max: 20,
      item: { ...list.item, fields: [...list.item.fields, 'date-of-birth', 'address'] },
    } as ListQuestion;
    const people = Array.from({ length: 20 }, (_, index) => ({
      ...item('Alexandrina', 5),
      surname: 'Montgomery-Smythe',
      dateOfBirth: '1990-01-01',
      address: {
        line1: `Flat ${index}, Riverside House`,
        line2: '22 Quay Street',
        town: 'Manchester',
        postcode: 'M3 3JZ',
      },
    }));
    const read = listKind.read(full, { answerKey: '20', answerValue: JSON.stringify(people) }, context);
    expect(read.ok && read.answer.answerValue!.length).toBeLessThan(JOURNEY_ANSWER_VALUE_MAX);
    expect(JSON.stringify(people).length).toBeLessThan(JOURNEY_ANSWER_VALUE_MAX);
  });
});

const pensions = listKind.schema(strictObject, sharedQuestionFields).parse({
  kind: 'list',
  key: 'other_pensions',
  label: 'Which pensions have you taken tax-free cash from?',
  item: {
    title: { label: 'Name of the pension scheme' },
    amount: { label: 'Tax-free cash you took', min: 1, max: 26827500 },
    name: 'pension',
    plural: 'pensions',
  },
  min: 1,
  max: 10,
}) as ListQuestion;
const submitPensions = (items: unknown) =>
  listKind.read(pensions, { answerKey: 'list', answerValue: JSON.stringify(items) }, context);

describe('a list of things with a name and an amount', () => {
  it('keeps each name and amount in pence, shown on one line', () => {
    const read = submitPensions([
      { title: ' Acme Retirement Plan ', amount: '12,500.50' },
      { title: 'NHS Pension Scheme', amount: '£3000' },
    ]);
    expect(read).toMatchObject({ ok: true, answer: { answerKey: '2' } });
    if (!read.ok) return;
    expect(JSON.parse(read.answer.answerValue!)).toEqual([
      { title: 'Acme Retirement Plan', amountPence: 1250050 },
      { title: 'NHS Pension Scheme', amountPence: 300000 },
    ]);
    expect(listKind.display(pensions, read.answer)).toBe(
      'Acme Retirement Plan, £12,500.50; NHS Pension Scheme, £3,000.00',
    );
  });

  it('refuses a missing name, an amount that is not money or outside its bounds, naming the item', () => {
    expect(submitPensions([{ title: '', amount: '10' }])).toMatchObject({
      ok: false,
      code: 'answer_required',
      message: 'Pension 1: Enter an answer',
    });
    expect(submitPensions([{ title: 'Acme', amount: '1e9' }])).toMatchObject({
      ok: false,
      code: 'invalid_money_amount',
    });
    expect(submitPensions([{ title: 'Acme', amount: '0' }])).toMatchObject({
      ok: false,
      code: 'money_below_minimum',
      message: 'Pension 1: The amount must be £0.01 or more',
    });
    expect(submitPensions([{ title: 'Acme', amount: '300000' }])).toMatchObject({
      ok: false,
      code: 'money_above_maximum',
    });
    expect(submitPensions([{ title: '<b>Acme</b>', amount: '10' }])).toMatchObject({
      ok: false,
      code: 'answer_has_html',
    });
  });

  it('finds an item that asks nothing, or an amount whose min is above its max, at sync', () => {
    expect(
      listKind.problems!({ ...pensions, item: { ...pensions.item, title: undefined, amount: undefined } }),
    ).toEqual(['an item asks nothing: give it fields, a title, an option, an amount or a share']);
    expect(
      listKind.problems!({
        ...pensions,
        item: { ...pensions.item, amount: { label: 'Amount', min: 5, max: 1 } },
      }),
    ).toEqual(['item.amount min (5 pence) is above max (1 pence)']);
  });
});

const funds: ListQuestion = {
  kind: 'list',
  key: 'fund_designation',
  label: 'Which funds should your drawdown pot be invested in?',
  item: {
    fields: [],
    option: {
      label: 'Fund',
      answers: [
        { key: 'GLOBAL_EQUITY', label: 'Global Equity Fund' },
        { key: 'CASH', label: 'Cash Fund' },
        { key: 'PRE_RETIREMENT_BOND', label: 'Pre-Retirement Bond Fund' },
      ],
    },
    share: true,
    shareLabel: 'Percentage of the pot',
    name: 'fund',
    plural: 'funds',
  },
  min: 1,
  max: 3,
  total: { of: 'share', equals: 100 },
};
const submitFunds = (items: unknown) =>
  listKind.read(funds, { answerKey: 'list', answerValue: JSON.stringify(items) }, context);

describe('a list of funds chosen from a drop-down, with shares making 100%', () => {
  it('keeps each fund by its key and shows its label and share', () => {
    const read = submitFunds([
      { option: 'GLOBAL_EQUITY', share: '60' },
      { option: 'CASH', share: '40%' },
    ]);
    expect(read).toMatchObject({ ok: true, answer: { answerKey: '2' } });
    if (!read.ok) return;
    expect(JSON.parse(read.answer.answerValue!)).toEqual([
      { option: 'GLOBAL_EQUITY', share: 60 },
      { option: 'CASH', share: 40 },
    ]);
    expect(listKind.display(funds, read.answer)).toBe('Global Equity Fund: 60%; Cash Fund: 40%');
  });

  it('refuses a fund it does not offer, the same fund twice and percentages not making 100', () => {
    expect(submitFunds([{ option: 'BITCOIN', share: '100' }])).toMatchObject({
      ok: false,
      code: 'answer_not_an_option',
      message: 'Fund 1: Choose the fund',
    });
    expect(
      submitFunds([
        { option: 'CASH', share: '50' },
        { option: 'CASH', share: '50' },
      ]),
    ).toMatchObject({ ok: false, code: 'list_option_repeated', message: 'Choose each fund once' });
    expect(
      submitFunds([
        { option: 'CASH', share: '50' },
        { option: 'GLOBAL_EQUITY', share: '40' },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'list_total_mismatch',
      message: 'The shares must add up to exactly 100%. They add up to 90.00%.',
    });
  });

  it('takes its answers from the tenant’s funds, in their order, when it names them', () => {
    const fromFunds: ListQuestion = {
      ...funds,
      item: { ...funds.item, option: { label: 'Fund', from: 'funds' } },
    };
    expect(listKind.problems!(fromFunds)).toEqual([
      'item.option: give its answers, or from: "funds" for the tenant’s funds',
    ]);
    const filled = withOptionAnswers(fromFunds, [
      { fundCode: 'CASH', fundName: 'Cash Fund', orderNo: 2 },
      { fundCode: 'GLOBAL_EQUITY', fundName: 'Global Equity Fund', orderNo: 1 },
    ]);
    expect(filled?.item.option?.answers).toEqual([
      { key: 'GLOBAL_EQUITY', label: 'Global Equity Fund' },
      { key: 'CASH', label: 'Cash Fund' },
    ]);
    expect(withOptionAnswers(fromFunds, undefined)).toBeNull();
    expect(withOptionAnswers(funds, undefined)).toBe(funds);
  });

  it('finds answers sharing a key, or more items allowed than there are answers, at sync', () => {
    const option = funds.item.option!;
    expect(
      listKind.problems!({
        ...funds,
        item: { ...funds.item, option: { ...option, answers: [option.answers![0]!, option.answers![0]!] } },
        max: 2,
      }),
    ).toEqual(['item.option: two answers share a key']);
    expect(listKind.problems!({ ...funds, max: 4 })).toEqual([
      'max (4) is more than item.option has answers (3)',
    ]);
  });
});
