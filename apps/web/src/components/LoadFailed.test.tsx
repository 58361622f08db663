import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http/client';
import { LoadFailed } from './LoadFailed';
import { useLoad } from './useLoad';

/** The message beside the page's heading, or (`alone`) the whole of what the page shows until it reads. */
function Details({ read, alone = false }: { read: () => Promise<string>; alone?: boolean }) {
  const details = useLoad(read);
  if (alone && details.failure)
    return (
      <main id="main-content" tabIndex={-1}>
        <LoadFailed what="show your details" load={details} />
      </main>
    );
  return (
    <main id="main-content" tabIndex={-1}>
      <h1>Your details</h1>
      <LoadFailed what="show your details" load={details} />
      {details.data && <p>{details.data}</p>}
    </main>
  );
}

/** Answers each read in turn: busy until told otherwise. */
function reads(...answers: Array<'busy' | string>) {
  return async () => {
    const answer = answers.shift() ?? 'busy';
    if (answer === 'busy') throw new HttpError(503, ['service_busy']);
    return answer;
  };
}

afterEach(cleanup);

describe('a read that failed', () => {
  it('keeps focus on Try again while it fails again, then starts the page content when it answers', async () => {
    render(<Details read={reads('busy', 'busy', 'Alex Example')} />);
    const user = userEvent.setup();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The service is busy. Wait a few seconds and try again.')).toBeTruthy();

    await user.click(tryAgain);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBe(tryAgain);
    expect(document.activeElement).toBe(tryAgain);

    await user.click(tryAgain);
    expect(await screen.findByText('Alex Example')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Try/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('starts the page content too when the message was all the page showed', async () => {
    render(<Details alone read={reads('busy', 'Alex Example')} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alex Example')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
