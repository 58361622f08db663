import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kindOf, questionKinds, type JourneyQuestion, type StoredAnswer } from '@meridian/contracts';
import { loadKindField } from './registry';

afterEach(cleanup);

const ask = (question: Record<string, unknown>) =>
  ({ key: 'the_question', label: 'The question', ...question }) as JourneyQuestion;

/** Renders the kind's field in a form, types into it by label, and reads it as StepForm does. */
async function typedInto(question: JourneyQuestion, typing: Record<string, string>) {
  const field = await loadKindField(question.kind);
  const { container, unmount } = render(
    <form>
      <field.Field question={question} initial={null} />
    </form>,
  );
  for (const [label, value] of Object.entries(typing)) {
    const input = screen.getByLabelText(label);
    if (input instanceof HTMLInputElement && input.type === 'radio') fireEvent.click(input);
    else fireEvent.change(input, { target: { value } });
  }
  const submitted = field.fromForm(new FormData(container.querySelector('form')!), question);
  const checked = kindOf(question.kind).read(question, submitted, { today: '2026-03-27' });
  unmount();
  return checked.ok ? checked.answer.answerKey : `refused: ${checked.message}`;
}

const choices = {
  answers: [
    { key: 'yes', label: 'Yes' },
    { key: 'no', label: 'No' },
  ],
};

describe('each kind’s field, read by its contracts kind', () => {
  it.each<[string, JourneyQuestion, Record<string, string>, string]>([
    ['money', ask({ kind: 'money' }), { 'The question': '£1,250.50' }, '125050'],
    [
      'money, too much',
      ask({ kind: 'money', max: 100_00 }),
      { 'The question': '100.01' },
      'refused: The amount must be £100.00 or less',
    ],
    ['number', ask({ kind: 'number' }), { 'The question': '12,500' }, '12500'],
    ['email', ask({ kind: 'email' }), { 'The question': 'M.Hughes@Example.org' }, 'm.hughes@example.org'],
    ['ni-number', ask({ kind: 'ni-number' }), { 'The question': 'ab 12 34 56 c' }, 'AB123456C'],
    ['text', ask({ kind: 'text' }), { 'The question': ' Leeds ' }, 'Leeds'],
    ['country', ask({ kind: 'country' }), { 'The question': 'FR' }, 'FR'],
    ['country, none chosen', ask({ kind: 'country' }), {}, 'refused: Select a country'],
    ['select', ask({ kind: 'select', ...choices }), { 'The question': 'no' }, 'no'],
    ['radios', ask({ kind: 'radios', ...choices }), { No: 'no' }, 'no'],
    ['radios, none chosen', ask({ kind: 'radios', ...choices }), {}, 'refused: Select an answer'],
    ['date', ask({ kind: 'date' }), { Day: '6', Month: '4', Year: '2015' }, '2015-04-06'],
    [
      'date, not a day',
      ask({ kind: 'date' }),
      { Day: '30', Month: '2', Year: '2025' },
      'refused: Enter a real date, for example 27 3 2026',
    ],
    ['phone', ask({ kind: 'phone' }), { Country: 'GB', 'The question': '07911 123456' }, '+447911123456'],
    [
      'bank account',
      ask({ kind: 'bank-account' }),
      { 'Name on the account': 'Mrs M Hughes', 'Sort code': '30-94-66', 'Account number': '12345678' },
      'provided',
    ],
    [
      'bank account, short number',
      ask({ kind: 'bank-account' }),
      { 'Name on the account': 'Mrs M Hughes', 'Sort code': '30-94-66', 'Account number': '123' },
      'refused: Enter a valid account number like 00733445',
    ],
  ])('%s', async (_name, question, typing, expected) => {
    expect(await typedInto(question, typing)).toBe(expected);
  });

  it('has a field for every kind in contracts', async () => {
    for (const kind of questionKinds) expect((await loadKindField(kind.kind)).Field).toBeTypeOf('function');
  });
});

describe('an answer given before, shown again', () => {
  const shown = async (question: JourneyQuestion, answer: Omit<StoredAnswer, 'questionKey'>) => {
    const field = await loadKindField(question.kind);
    render(<field.Field question={question} initial={{ questionKey: question.key, ...answer }} />);
  };

  it('shows pence as pounds and pence, and the chosen radio checked', async () => {
    await shown(ask({ kind: 'money' }), { answerKey: '125050', answerValue: null });
    expect(screen.getByLabelText<HTMLInputElement>('The question').value).toBe('1250.50');
  });

  it('checks the radio chosen', async () => {
    await shown(ask({ kind: 'radios', ...choices }), { answerKey: 'no', answerValue: null });
    expect(screen.getByLabelText<HTMLInputElement>('No').checked).toBe(true);
  });

  it('fills the bank account boxes', async () => {
    const account = { accountName: 'Mrs M Hughes', sortCode: '309466', accountNumber: '12345678' };
    await shown(ask({ kind: 'bank-account' }), {
      answerKey: 'provided',
      answerValue: JSON.stringify(account),
    });
    expect(screen.getByLabelText<HTMLInputElement>('Sort code').value).toBe('309466');
  });
});

describe('an error on a field', () => {
  it('is told beside the box, which the error summary links to by the question’s key', async () => {
    const field = await loadKindField('money');
    render(
      <field.Field question={ask({ kind: 'money' })} initial={null} error="The amount must be £0 or more" />,
    );
    const box = screen.getByLabelText('The question');
    expect(box.id).toBe('the_question');
    expect(box.getAttribute('aria-describedby')).toBe('the_question-error');
    expect(screen.getByText('The amount must be £0 or more')).toBeTruthy();
  });
});
