import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailCodeQuestion, JourneyQuestion } from '@meridian/contracts';
import { destinationAfter, fastForward } from '../fast-forward';
import { loadKind } from './registry';

const question: EmailCodeQuestion = {
  kind: 'email-code',
  key: 'email_code',
  label: 'Enter the code we emailed you',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fastForward.resetAll();
});

const sent = (email: string) =>
  new Response(JSON.stringify({ email }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the email code field', () => {
  it('sends a code as the page opens, says where it went, sends a new one and reads the code typed', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => sent('reporter@example.org'));
    vi.stubGlobal('fetch', fetchMock);
    const field = await loadKind('email-code');
    const { container } = render(
      <form>
        <field.Field question={question} initial={null} />
      </form>,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'We have sent a 6-digit code to reporter@example.org. It lasts 15 minutes.',
      ),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/bereavement/journeys/bereavement/email-token');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    fireEvent.change(screen.getByLabelText('Enter the code we emailed you'), {
      target: { value: '123 456' },
    });
    const submitted = field.fromForm(new FormData(container.querySelector('form')!), question);
    expect(submitted).toEqual({ answerKey: '123 456' });
    expect(field.kind.read(question, submitted, { today: '2026-03-27' })).toMatchObject({
      ok: true,
      answer: { answerKey: 'confirmed' },
    });
  });

  it('says why no code was sent when sending fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ errors: [{ code: 'x', message: 'Try again later' }] }), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const field = await loadKind('email-code');
    render(<field.Field question={question} initial={null} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(document.querySelector('.error-message')?.textContent).toBeTruthy();
  });
});

describe('after a changed answer in a Change link’s edit', () => {
  const email = { kind: 'email', key: 'email', label: 'Your email' } as JourneyQuestion;
  const editing = () =>
    fastForward.start('bereavement', {
      changedPageKey: 'br_email',
      answeredPageKeys: ['br_email_code', 'br_upload'],
      summaryPageKey: 'br_check',
    });

  it('goes to the code page the email kind proves, and the edit carries on from there', async () => {
    editing();
    expect(await destinationAfter('bereavement', question, true, 'br_email_code')).toBe('br_email_code');
    expect(fastForward.get('bereavement')?.edit).toBe(true);
  });

  it('returns to check your answers when the answer is the same, or the next page proves nothing', async () => {
    editing();
    expect(await destinationAfter('bereavement', question, false, 'br_email_code')).toBe('br_check');
    editing();
    expect(await destinationAfter('bereavement', email, true, 'br_upload')).toBe('br_check');
  });

  it('goes where the answer leads outside an edit', async () => {
    expect(await destinationAfter('bereavement', question, true, 'br_email_code')).toBe('br_email_code');
    expect(await destinationAfter('bereavement', undefined, true, 'br_next')).toBe('br_next');
  });
});
