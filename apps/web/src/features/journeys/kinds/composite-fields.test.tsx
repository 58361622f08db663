import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kindOf, type JourneyQuestion, type StoredAnswer } from '@meridian/contracts';
import { loadKindField } from './registry';

afterEach(cleanup);

const today = '2026-03-27';
const person = {
  kind: 'person',
  key: 'partner',
  label: 'About your partner',
  fields: ['relationship', 'name', 'date-of-birth'],
} as JourneyQuestion;
const list = {
  kind: 'list',
  key: 'children',
  label: 'Who should share the lump sum?',
  item: { fields: ['name'], share: true, name: 'person', plural: 'people' },
  min: 1,
  max: 3,
  total: { of: 'share', equals: 100 },
} as JourneyQuestion;

async function shown(question: JourneyQuestion, initial: StoredAnswer | null = null, error?: string) {
  const field = await loadKindField(question.kind);
  const { container } = render(
    <form>
      <field.Field question={question} initial={initial} error={error} />
    </form>,
  );
  const form = container.querySelector('form')!;
  const read = () => {
    const checked = kindOf(question.kind).read(question, field.fromForm(new FormData(form), question), {
      today,
    });
    return checked.ok ? checked.answer : `refused: ${checked.message}`;
  };
  return { field, form, read };
}

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the person field', () => {
  it('asks the question’s fields in one fieldset and reads them with the person kind', async () => {
    const { read } = await shown(person);
    expect(screen.getByRole('group', { name: 'About your partner' })).toBeTruthy();
    type('How are they related to you?', 'Partner');
    type('First names', 'Jamie');
    type('Last name', 'Reid');
    const born = screen.getByRole('group', { name: 'Date of birth' });
    type('Day', '2', born);
    type('Month', '5', born);
    type('Year', '1970', born);
    expect(read()).toMatchObject({ answerKey: 'provided' });
  });

  it('tells each box its own problem when the page’s message comes back', async () => {
    await shown(person, null, 'Select how they are related to you');
    expect(await screen.findByText('Enter the first names')).toBeTruthy();
    expect(screen.getByText('Enter a real date of birth, such as 27 3 1985')).toBeTruthy();
  });
});

describe('the address field', () => {
  it('reads the boxes as a UK address keyed by its postcode', async () => {
    const { read } = await shown({ kind: 'address', key: 'home', label: 'Your address' } as JourneyQuestion);
    type('Address line 1', '12 Elm Grove');
    type('Town or city', 'Leeds');
    type('Postcode', 'ls6 2ab');
    expect(read()).toMatchObject({ answerKey: 'LS6 2AB' });
  });
});

/** A button by all its text, the words only a screen reader hears included. */
const buttonReading = (text: string) =>
  screen.getAllByRole('button').find((button) => button.textContent === text)!;

describe('the list field', () => {
  const add = (forenames: string, share: string) => {
    fireEvent.click(screen.getByRole('button', { name: /^Add (a|another) person$/ }));
    type('First names', forenames);
    type('Last name', 'Reid');
    type('Their share', share);
    fireEvent.click(screen.getByRole('button', { name: 'Save this person' }));
  };

  it('adds, changes and removes items, and refuses shares that do not make the total', async () => {
    const { read } = await shown(list);
    expect(read()).toBe('refused: Add at least 1 person');
    add('Ada', '60');
    add('Ben', '30');
    expect(screen.getByText('Shares add up to 90% (10% still to give)')).toBeTruthy();
    expect(read()).toBe('refused: The shares must add up to exactly 100%. They add up to 90.00%.');

    fireEvent.click(buttonReading('Change Ben Reid: 30%'));
    type('Their share', '40');
    fireEvent.click(screen.getByRole('button', { name: 'Save this person' }));
    expect(screen.getByText('Shares add up to 100%')).toBeTruthy();
    expect(read()).toMatchObject({ answerKey: '2' });

    fireEvent.click(buttonReading('Remove Ada Reid: 60%'));
    expect(screen.queryByText('Ada Reid: 60%')).toBeNull();
    expect(read()).toBe('refused: The shares must add up to exactly 100%. They add up to 40.00%.');
  });

  it('checks an item before saving it, each box with its problem', async () => {
    await shown(list);
    add('', '120');
    expect(screen.getByText('Enter the first names')).toBeTruthy();
    expect(
      screen.getByText('Enter a share between 0 and 100, with up to 2 decimal places, such as 33.33'),
    ).toBeTruthy();
  });

  it('sends an item still open with the saved ones, so the page is judged with it', async () => {
    const { read } = await shown(list);
    add('Ada', '60');
    fireEvent.click(screen.getByRole('button', { name: 'Add another person' }));
    type('First names', 'Ben');
    type('Last name', 'Reid');
    type('Their share', '40');
    expect(read()).toMatchObject({ answerKey: '2' });
  });

  it('lists things by their name and amount, kept in pence and shown again in pounds', async () => {
    const pensions = {
      kind: 'list',
      key: 'other_pensions',
      label: 'Which pensions have you taken tax-free cash from?',
      item: {
        fields: [],
        title: { label: 'Name of the pension scheme', maxLength: 100 },
        amount: { label: 'Tax-free cash it paid you', min: 1 },
        name: 'pension',
        plural: 'pensions',
      },
      min: 1,
      max: 2,
    } as JourneyQuestion;
    const { read } = await shown(pensions);
    expect(screen.getByText('You have not added any pensions yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a pension' }));
    type('Name of the pension scheme', 'Acme Plan');
    type('Tax-free cash it paid you', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Save this pension' }));
    expect(screen.getByText('The amount must have no more than 2 decimal places')).toBeTruthy();
    type('Tax-free cash it paid you', '1,250.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save this pension' }));
    expect(screen.getByRole('term')).toHaveProperty('textContent', 'Acme Plan, £1,250.50');
    fireEvent.click(buttonReading('Change Acme Plan, £1,250.50'));
    expect((screen.getByLabelText('Tax-free cash it paid you') as HTMLInputElement).value).toBe('1250.50');
    fireEvent.click(screen.getByRole('button', { name: 'Save this pension' }));
    expect(read()).toMatchObject({
      answerKey: '1',
      answerValue: JSON.stringify([{ title: 'Acme Plan', amountPence: 125050 }]),
    });
  });
});

describe('a list of funds', () => {
  it('chooses each fund from a drop-down with its percentage, shown by the fund’s name', async () => {
    const funds = {
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
          ],
        },
        share: true,
        shareLabel: 'Percentage of your drawdown pot',
        name: 'fund',
        plural: 'funds',
      },
      min: 1,
      max: 2,
      total: { of: 'share', equals: 100 },
    } as JourneyQuestion;
    const { read } = await shown(funds);
    const addFund = (fund: string, share: string) => {
      fireEvent.click(screen.getByRole('button', { name: /^Add (a|another) fund$/ }));
      type('Fund', fund);
      type('Percentage of your drawdown pot', share);
      fireEvent.click(screen.getByRole('button', { name: 'Save this fund' }));
    };
    addFund('', '50');
    expect(screen.getByText('Choose the fund')).toBeTruthy();
    type('Fund', 'GLOBAL_EQUITY');
    fireEvent.click(screen.getByRole('button', { name: 'Save this fund' }));
    addFund('CASH', '40');
    expect(screen.getByText('Shares add up to 90% (10% still to give)')).toBeTruthy();
    expect(read()).toBe('refused: The shares must add up to exactly 100%. They add up to 90.00%.');
    fireEvent.click(buttonReading('Change Cash Fund: 40%'));
    expect((screen.getByLabelText('Fund') as HTMLSelectElement).value).toBe('CASH');
    type('Percentage of your drawdown pot', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save this fund' }));
    expect(read()).toMatchObject({
      answerKey: '2',
      answerValue: JSON.stringify([
        { option: 'GLOBAL_EQUITY', share: 50 },
        { option: 'CASH', share: 50 },
      ]),
    });
  });
});

describe('the file field', () => {
  const file = { kind: 'file', key: 'certificate', label: 'Upload the certificate' } as JourneyQuestion;
  const id = '0b8e5a52-3f5a-4d5c-9b0e-2f6f4b8d1c3a';

  it('names the file uploaded before and answers with it', async () => {
    const uploaded = JSON.stringify({ id, name: 'certificate.pdf' });
    const { read } = await shown(file, { questionKey: 'certificate', answerKey: id, answerValue: uploaded });
    expect(screen.getByRole('status').textContent).toBe('Uploaded: certificate.pdf');
    expect(read()).toMatchObject({ answerKey: id });
  });

  it('removes a report’s upload from the report, and the page then asks for a file again, with focus on it', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const uploaded = JSON.stringify({ id, name: 'certificate.pdf' });
    const report = { ...file, context: 'bereavement' } as JourneyQuestion;
    const { read } = await shown(report, {
      questionKey: 'certificate',
      answerKey: id,
      answerValue: uploaded,
    });
    const remove = screen.getByRole('button', { name: /^Remove\s*certificate\.pdf$/ });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    // Remove is gone: focus goes to the file input, not to the page's top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Upload the certificate')));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/bereavement/journeys/bereavement/documents/${id}`);
    expect(init.method).toBe('DELETE');
    expect(read()).toBe('refused: Select a file to upload');
    vi.unstubAllGlobals();
  });

  it('refuses the page until a file is uploaded, and says which kinds and size it takes', async () => {
    const { read } = await shown(file);
    expect(read()).toBe('refused: Select a file to upload');
    expect(screen.getByText(/A file ending \.pdf, .*, up to 10 MB/)).toBeTruthy();
  });
});
