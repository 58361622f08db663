import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkedRecord } from '../../lib/api';
import { busyResponse, jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { RecordPicker } from './RecordPicker';

const record = (referenceNumber: string, schemeDescription: string): LinkedRecord => ({
  recordNumber: 1,
  referenceNumber,
  businessGroup: 'MER',
  schemeDescription,
  schemeType: 'DB',
  memberStatus: 'Deferred',
  recordType: 'primary',
});

describe('choosing which record to see', () => {
  it('says when the record could not be shown, keeps the one shown, and switches when tried again', async () => {
    quietConsole();
    let busy = true;
    stubFetch(() =>
      busy ? busyResponse() : jsonResponse(200, { accessToken: 'token-2', refreshToken: 'refresh-2' }),
    );
    const onSwitched = vi.fn(async () => undefined);
    render(
      <RecordPicker
        records={[record('1000001', 'Final salary'), record('1000002', 'Savings plan')]}
        shownReference="1000001"
        onSwitched={onSwitched}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Savings plan/));
    await user.click(screen.getByRole('button', { name: 'Show this record' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Sorry, we could not show that record. The service is busy. Wait a few seconds and try again.',
    );
    expect(screen.getByRole('group', { name: 'Your records' }).getAttribute('aria-describedby')).toBe(
      'records-error',
    );
    expect(onSwitched).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Final salary/).closest('.record-choice')?.textContent).toContain(
      '(shown now)',
    );
    expect(screen.getByRole('button', { name: 'Show this record' }).hasAttribute('disabled')).toBe(false);

    busy = false;
    await user.click(screen.getByRole('button', { name: 'Show this record' }));
    expect(await screen.findByText('You are now seeing your Savings plan record')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSwitched).toHaveBeenCalledOnce();
  });
});
