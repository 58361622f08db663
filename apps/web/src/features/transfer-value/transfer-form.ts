import {
  partialTransferRequestSchema,
  type PartialTransferRequest,
  type TransferPosition,
} from '@meridian/contracts';
import type { FieldError } from '../../lib/form';
import { formatCurrency } from '../../lib/format';

/** Pounds and pence as typed (£ signs, commas and spaces allowed): pence, undefined when empty, null when not money. */
export function poundsToPence(typed: string): number | null | undefined {
  const plain = typed.replace(/[£,\s]/g, '');
  if (plain === '') return undefined;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export type CalculatorWay = PartialTransferRequest['by'];

export interface CalculatorValues {
  way: CalculatorWay | '';
  amount: string;
}

/**
 * The calculator's form checked before it is sent: a way chosen, and an amount in pounds and pence within
 * the full transfer value (or the full pension). The field ids are the ones the error summary links to.
 */
export function readCalculatorForm(
  values: CalculatorValues,
  value: Pick<TransferPosition['value'], 'transferValuePence' | 'pensionPence'>,
): { ok: true; request: PartialTransferRequest } | { ok: false; errors: FieldError[] } {
  if (values.way === '')
    return {
      ok: false,
      errors: [
        { field: 'way-transfer-value', message: 'Choose how you want to work out a partial transfer' },
      ],
    };
  const byValue = values.way === 'transfer-value';
  const what = byValue ? 'the amount to transfer' : 'the pension you want to keep';
  const pence = poundsToPence(values.amount);
  const refuse = (message: string) => ({ ok: false as const, errors: [{ field: 'amount', message }] });
  if (pence === undefined) return refuse(`Enter ${what}`);
  if (pence === null) return refuse(`Enter ${what} in pounds and pence, like 50000 or 12500.50`);
  const most = byValue ? value.transferValuePence : value.pensionPence;
  if (pence > most)
    return refuse(
      byValue
        ? `The amount to transfer must be ${formatCurrency(most, 'exact')} or less (your full transfer value)`
        : `The pension you keep must be ${formatCurrency(most, 'exact')} a year or less (your full pension)`,
    );
  const request = byValue
    ? { by: 'transfer-value' as const, transferValuePence: pence }
    : { by: 'residual-pension' as const, residualPensionPence: pence };
  const checked = partialTransferRequestSchema.safeParse(request);
  if (!checked.success) return refuse(checked.error.issues[0]!.message);
  return { ok: true, request: checked.data };
}
