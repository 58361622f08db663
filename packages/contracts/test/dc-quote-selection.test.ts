import { describe, expect, it } from 'vitest';
import { dcQuoteSelectionSchema, selectionIssueCode } from '../src/dc-quote-selection';

const limits = { maximumTaxFreeCashPence: 4_660_000, instalmentsAllowed: true };
const selection = {
  retirementDate: '2027-07-28',
  choice: { code: 'cash-and-drawdown', taxFreeCashPence: 2_000_000 },
};

/** The codes the schema refuses a selection with, as the server answers them. */
const codes = (value: unknown, given = limits) => {
  const result = dcQuoteSelectionSchema(given).safeParse(value);
  return result.success ? [] : result.error.issues.map(selectionIssueCode);
};

describe('a DC quote selection', () => {
  it('takes tax-free cash from £0 to the most, and a second instalment below it', () => {
    expect(codes(selection)).toEqual([]);
    expect(codes({ ...selection, choice: { ...selection.choice, taxFreeCashPence: 0 } })).toEqual([]);
    expect(codes({ ...selection, choice: { ...selection.choice, taxFreeCashPence: 4_660_000 } })).toEqual([]);
    expect(codes({ ...selection, secondInstalmentPence: 1_999_999 })).toEqual([]);
  });

  it('refuses each rule with its code', () => {
    expect(codes({ ...selection, choice: { ...selection.choice, taxFreeCashPence: 4_660_001 } })).toEqual([
      'tax_free_cash_above_maximum',
    ]);
    expect(codes({ ...selection, secondInstalmentPence: 2_000_000 })).toEqual(['instalment_too_large']);
    expect(
      codes({ ...selection, secondInstalmentPence: 100 }, { ...limits, instalmentsAllowed: false }),
    ).toEqual(['instalments_not_allowed']);
    expect(codes({ ...selection, secondInstalmentPence: 0 })).toEqual(['invalid_selection']);
    expect(codes({ ...selection, choice: { code: 'lottery' } })).toEqual(['invalid_selection']);
    expect(codes({ ...selection, extra: 1 })).toEqual(['invalid_selection']);
  });
});
