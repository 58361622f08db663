import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusOnStep } from './useFocusOnStep';

function TwoSteps() {
  const [step, setStep] = useState('enter');
  useFocusOnStep(step);
  return (
    <main id="main-content" tabIndex={-1}>
      <h1>{step}</h1>
      <button type="button" onClick={() => setStep('check')}>
        Continue
      </button>
    </main>
  );
}

describe('focus on a step change', () => {
  it('stays where it is on the first step and moves to the main content on the next', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<TwoSteps />);
    const button = screen.getByRole('button', { name: 'Continue' });
    button.focus();
    expect(document.activeElement).toBe(button);
    act(() => button.click());
    expect(screen.getByRole('heading').textContent).toBe('check');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
