import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MoneyQuestion } from '@meridian/contracts';
import { loadKind } from './registry';

afterEach(cleanup);

const question: MoneyQuestion = {
  kind: 'money',
  key: 'cash',
  label: 'How much cash do you want?',
  hint: 'In pounds.',
  maxFigure: 'availableTaxFreeCash',
};
const context = { today: '2026-03-27', figures: { availableTaxFreeCash: 12_345_67 } };

describe('the money field with a limit from a locked figure', () => {
  it('words the limit in its hint, and the kind refuses more as the server does, in the same words', async () => {
    const field = await loadKind('money');
    const { container } = render(
      <form>
        <field.Field question={question} initial={null} context={context} />
      </form>,
    );
    const box = screen.getByLabelText('How much cash do you want?');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'In pounds. Enter an amount of £12,345.67 or less',
    );
    fireEvent.change(box, { target: { value: '12345.68' } });
    const submitted = field.fromForm(new FormData(container.querySelector('form')!), question);
    expect(field.kind.read(question, submitted, context)).toEqual({
      ok: false,
      code: 'money_above_maximum',
      message: 'Enter an amount of £12,345.67 or less',
    });
  });

  it('shows the authored hint alone where no figure is read', async () => {
    const field = await loadKind('money');
    render(<field.Field question={{ ...question, maxFigure: undefined }} initial={null} context={context} />);
    expect(screen.getByText('In pounds.')).toBeTruthy();
  });
});
