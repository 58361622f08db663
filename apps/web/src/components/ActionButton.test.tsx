import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionButton } from './ActionButton';

describe('action button', () => {
  it('runs its action once for a double click, and again once it has ended', async () => {
    let finish = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ActionButton action={action}>Confirm and send me a code</ActionButton>);
    const button = screen.getByRole('button', { name: 'Confirm and send me a code' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    expect(button).toHaveProperty('disabled', true);
    await act(async () => finish());
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });
});
