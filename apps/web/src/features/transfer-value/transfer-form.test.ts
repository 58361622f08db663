import { describe, expect, it } from 'vitest';
import { poundsToPence, readCalculatorForm } from './transfer-form';

const value = { transferValuePence: 29_540_100, pensionPence: 1_870_639 };

describe('the partial transfer calculator form', () => {
  it('reads pounds and pence as typed', () => {
    expect(poundsToPence('£100,000.5')).toBe(10_000_050);
    expect(poundsToPence(' 12 500 ')).toBe(1_250_000);
    expect(poundsToPence('')).toBeUndefined();
    expect(poundsToPence('12.345')).toBeNull();
    expect(poundsToPence('-5')).toBeNull();
  });

  it('sends the amount the way chosen', () => {
    expect(readCalculatorForm({ way: 'transfer-value', amount: '100000' }, value)).toEqual({
      ok: true,
      request: { by: 'transfer-value', transferValuePence: 10_000_000 },
    });
    expect(readCalculatorForm({ way: 'residual-pension', amount: '10,000.00' }, value)).toEqual({
      ok: true,
      request: { by: 'residual-pension', residualPensionPence: 1_000_000 },
    });
  });

  it('names the field and the problem for the error summary', () => {
    const problem = (way: '' | 'transfer-value' | 'residual-pension', amount: string) => {
      const read = readCalculatorForm({ way, amount }, value);
      return read.ok ? null : read.errors[0];
    };
    expect(problem('', '100')).toEqual({
      field: 'way-transfer-value',
      message: 'Choose how you want to work out a partial transfer',
    });
    expect(problem('transfer-value', '')).toEqual({
      field: 'amount',
      message: 'Enter the amount to transfer',
    });
    expect(problem('residual-pension', 'ten')?.message).toBe(
      'Enter the pension you want to keep in pounds and pence, like 50000 or 12500.50',
    );
    expect(problem('transfer-value', '295401.01')?.message).toBe(
      'The amount to transfer must be £295,401.00 or less (your full transfer value)',
    );
    expect(problem('residual-pension', '18706.40')?.message).toBe(
      'The pension you keep must be £18,706.39 a year or less (your full pension)',
    );
  });
});
