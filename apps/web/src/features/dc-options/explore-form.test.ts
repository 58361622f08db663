import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/client';
import { penceToPounds, poundsToPence, readExploreForm, refusal } from './explore-form';

const range = { earliestDate: '2026-11-28', latestDate: '2037-03-28' };

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
};

describe('amounts typed in pounds', () => {
  it('are whole pence, with a pound sign, commas or spaces allowed', () => {
    expect(poundsToPence('£46,600.50')).toBe(4_660_050);
    expect(poundsToPence(' 9000 ')).toBe(900_000);
    expect(poundsToPence('12.5')).toBe(1_250);
    expect(poundsToPence('')).toBeUndefined();
    expect(poundsToPence('nine thousand')).toBeNull();
    expect(poundsToPence('12.345')).toBeNull();
    expect(poundsToPence('-5')).toBeNull();
  });

  it('show back as pounds and pence', () => {
    expect(penceToPounds(4_660_050)).toBe('46600.50');
    expect(penceToPounds(7)).toBe('0.07');
  });
});

describe('the explore form', () => {
  it('becomes the options query, amounts in pence', () => {
    const read = readExploreForm(
      formOf({
        when: 'date',
        'retirementDate-day': '1',
        'retirementDate-month': '6',
        'retirementDate-year': '2031',
        taxFreeCash: '40,000',
        drawdownIncome: '9000.50',
        annuityLives: 'joint',
        annuityEscalation: 'increasing',
        annuityPercent: '30',
        otherIncome: '£12,547.60',
        allowanceUsed: '10000',
      }),
      range,
    );
    expect(read.ok && Object.fromEntries(read.query)).toEqual({
      retirementDate: '2031-06-01',
      taxFreeCashPence: '4000000',
      drawdownIncomePence: '900050',
      annuityLives: 'joint',
      annuityEscalation: 'increasing',
      annuityPercent: '30',
      otherIncomePence: '1254760',
      lumpSumAllowanceUsedPence: '1000000',
    });
  });

  it('leaves out the date and age for the target date, and empty amounts for the defaults', () => {
    const read = readExploreForm(formOf({ when: 'target', taxFreeCash: '', age: '70' }), range);
    expect(read.ok && read.query.toString()).toBe('');
  });

  it('names each field with a problem: a date outside the range, not an amount, a share out of bounds', () => {
    const read = readExploreForm(
      formOf({
        when: 'date',
        'retirementDate-day': '1',
        'retirementDate-month': '6',
        'retirementDate-year': '2040',
        cashNow: 'lots',
        annuityPercent: '100',
        allowanceUsed: '300000',
      }),
      range,
    );
    expect(read.ok ? [] : read.errors).toEqual([
      { field: 'retirementDate', message: 'Choose a date from 28 Nov 2026 to 28 Mar 2037' },
      { field: 'cashNow', message: 'Enter an amount in pounds and pence, like 12000 or 12000.50' },
      { field: 'annuityPercent', message: 'Enter a share from 1 to 99 percent' },
      {
        field: 'allowanceUsed',
        message: 'Enter the Lump Sum Allowance you have used, no more than £268,275',
      },
    ]);
  });

  it('refuses a date that is not a real one and an age that is not a whole number', () => {
    const date = readExploreForm(
      formOf({
        when: 'date',
        'retirementDate-day': '31',
        'retirementDate-month': '2',
        'retirementDate-year': '2031',
      }),
      range,
    );
    expect(date.ok ? [] : date.errors.map((error) => error.field)).toEqual(['retirementDate']);
    const age = readExploreForm(formOf({ when: 'age', age: '66.5' }), range);
    expect(age.ok ? [] : age.errors).toEqual([
      { field: 'age', message: 'Enter an age in whole years, like 66' },
    ]);
  });
});

describe('a refusal from the server', () => {
  it('is put on the field it concerns', () => {
    const byAge = new URLSearchParams({ age: '80' });
    expect(refusal(new HttpError(400, ['retirement_date_after_latest']), byAge)).toEqual({
      field: 'age',
      message: 'That is after the latest date you can take your pot',
    });
    expect(refusal(new HttpError(400, ['lump_sum_out_of_range']), new URLSearchParams(), 4_660_000)).toEqual({
      field: 'taxFreeCash',
      message: 'Tax-free cash must be no more than £46,600.00',
    });
  });
});
