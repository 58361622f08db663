import { describe, expect, it } from 'vitest';
import { readDateField } from './DateField';

const form = (day: string, month: string, year: string) => {
  const data = new FormData();
  data.set('dob-day', day);
  data.set('dob-month', month);
  data.set('dob-year', year);
  return data;
};

describe('readDateField', () => {
  it('reads real dates, including 29 February in a leap year', () => {
    expect(readDateField(form('3', '1', '1964'), 'dob')).toBe('1964-01-03');
    expect(readDateField(form('29', '02', '2024'), 'dob')).toBe('2024-02-29');
  });

  it('refuses impossible or incomplete dates', () => {
    expect(readDateField(form('29', '2', '2023'), 'dob')).toBeNull();
    expect(readDateField(form('31', '4', '1980'), 'dob')).toBeNull();
    expect(readDateField(form('', '4', '1980'), 'dob')).toBeNull();
    expect(readDateField(form('1', '1', '80'), 'dob')).toBeNull();
    expect(readDateField(form('1', '1', '99999'), 'dob')).toBeNull();
    expect(readDateField(form('31', '12', '9999'), 'dob')).toBe('9999-12-31');
  });
});
