import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { kindOf, type PercentageQuestion } from '@meridian/contracts';
import { loadKindField } from './registry';

afterEach(cleanup);

const question: PercentageQuestion = { kind: 'percentage', key: 'share', label: 'What share?', max: 50 };

describe('the percentage field', () => {
  it('reads what was typed for the contracts kind, and shows a stored answer again', async () => {
    const field = await loadKindField('percentage');
    const { container } = render(
      <form>
        <field.Field question={question} initial={null} />
      </form>,
    );
    fireEvent.change(screen.getByLabelText('What share?'), { target: { value: '60%' } });
    const submitted = field.fromForm(new FormData(container.querySelector('form')!), question);
    expect(kindOf('percentage').read(question, submitted, { today: '2026-03-27' })).toMatchObject({
      ok: false,
      message: 'The percentage must be 50% or less',
    });
    cleanup();
    render(
      <field.Field
        question={question}
        initial={{ questionKey: 'share', answerKey: '12.5', answerValue: null }}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('What share?').value).toBe('12.5');
  });
});
