import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  BANK_HOLIDAY_REGIONS,
  bankHolidays,
  easterSunday,
  fromDayNumber,
  isoDate,
  isWorkingDay,
  previousWorkingDay,
  toDayNumber,
} from '../src';

const d = isoDate;
const dates = (year: number, region: (typeof BANK_HOLIDAY_REGIONS)[number]) =>
  bankHolidays(year, region).map((h) => h.date);

describe('Easter', () => {
  it.each([
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2038, '2038-04-25'], // latest possible
    [2285, '2285-03-22'], // earliest possible
    [2000, '2000-04-23'],
  ])('%i is %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });
});

describe('bank holidays (checked against gov.uk)', () => {
  it('England and Wales 2024', () => {
    expect(dates(2024, 'england-and-wales')).toEqual([
      '2024-01-01',
      '2024-03-29',
      '2024-04-01',
      '2024-05-06',
      '2024-05-27',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
    ]);
  });

  it('Scotland 2024: 2 January, no Easter Monday, early August, St Andrew’s moved off Saturday', () => {
    expect(dates(2024, 'scotland')).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-03-29',
      '2024-05-06',
      '2024-05-27',
      '2024-08-05',
      '2024-12-02',
      '2024-12-25',
      '2024-12-26',
    ]);
  });

  it('Northern Ireland 2024: St Patrick’s Day on Sunday moves to Monday 18 March', () => {
    expect(dates(2024, 'northern-ireland')).toEqual([
      '2024-01-01',
      '2024-03-18',
      '2024-03-29',
      '2024-04-01',
      '2024-05-06',
      '2024-05-27',
      '2024-07-12',
      '2024-08-26',
      '2024-12-25',
      '2024-12-26',
    ]);
  });

  it('2022: New Year on Saturday, jubilee, state funeral, Christmas on Sunday', () => {
    expect(dates(2022, 'england-and-wales')).toEqual([
      '2022-01-03',
      '2022-04-15',
      '2022-04-18',
      '2022-05-02',
      '2022-06-02',
      '2022-06-03',
      '2022-08-29',
      '2022-09-19',
      '2022-12-26',
      '2022-12-27',
    ]);
    const christmas = bankHolidays(2022, 'england-and-wales').at(-1);
    expect(christmas).toEqual({ date: '2022-12-27', name: 'Christmas Day (substitute day)' });
  });

  it('2023 Scotland: New Year on Sunday takes Tuesday 3rd, as 2 January is already Monday', () => {
    expect(dates(2023, 'scotland').slice(0, 2)).toEqual(['2023-01-02', '2023-01-03']);
    expect(dates(2023, 'england-and-wales')).toContain('2023-05-08'); // coronation
  });

  it('2020: early May moved to Friday 8 May; Boxing Day on Saturday → Monday 28', () => {
    const list = dates(2020, 'england-and-wales');
    expect(list).toContain('2020-05-08');
    expect(list).not.toContain('2020-05-04');
    expect(list).toContain('2020-12-28');
  });

  it('2027: Christmas on Saturday → substitutes on 27 and 28 December', () => {
    expect(dates(2027, 'england-and-wales').slice(-2)).toEqual(['2027-12-27', '2027-12-28']);
  });

  it('one-offs: 2012 and 2002 jubilees, 1999 millennium, 2011 royal wedding', () => {
    expect(dates(2012, 'scotland')).toEqual(expect.arrayContaining(['2012-06-04', '2012-06-05']));
    expect(dates(2002, 'northern-ireland')).toEqual(expect.arrayContaining(['2002-06-03', '2002-06-04']));
    expect(dates(1999, 'england-and-wales')).toContain('1999-12-31');
    expect(dates(2011, 'england-and-wales')).toContain('2011-04-29');
    expect(dates(1995, 'england-and-wales')).toContain('1995-05-08');
  });
});

describe('working days', () => {
  it('rolls back over Easter', () => {
    // Easter Monday 1 Apr 2024 → Sunday, Saturday, Good Friday → Thursday 28 March
    expect(previousWorkingDay(d('2024-04-01'), 'england-and-wales')).toBe('2024-03-28');
    expect(previousWorkingDay(d('2024-04-01'), 'scotland')).toBe('2024-04-01');
  });

  it('counts working days forward', () => {
    // from Wed 27 Mar 2024: Thu 28 (1), [Good Friday, weekend, Easter Monday], 2 (2), 3 (3), 4 (4), 5 (5)
    expect(addWorkingDays(d('2024-03-27'), 5, 'england-and-wales')).toBe('2024-04-05');
    expect(addWorkingDays(d('2024-03-27'), 5, 'scotland')).toBe('2024-04-04');
    expect(addWorkingDays(d('2024-03-27'), 0, 'scotland')).toBe('2024-03-27');
  });

  const day = fc
    .integer({ min: toDayNumber(d('1980-01-01')), max: toDayNumber(d('2080-12-31')) })
    .map(fromDayNumber);
  const region = fc.constantFrom(...BANK_HOLIDAY_REGIONS);

  it('never lands on a weekend or holiday', () => {
    fc.assert(
      fc.property(day, region, fc.integer({ min: 1, max: 30 }), (date, r, n) => {
        const back = previousWorkingDay(date, r);
        expect(isWorkingDay(back, r)).toBe(true);
        expect(back <= date).toBe(true);
        expect(isWorkingDay(addWorkingDays(date, n, r), r)).toBe(true);
      }),
    );
  });

  it('gives every region between 8 and 12 holidays a year', () => {
    for (let year = 1980; year <= 2080; year++) {
      for (const r of BANK_HOLIDAY_REGIONS) {
        const list = bankHolidays(year, r);
        expect(list.length).toBeGreaterThanOrEqual(8);
        expect(list.length).toBeLessThanOrEqual(12);
        expect(new Set(list.map((h) => h.date)).size).toBe(list.length);
        expect(list.every((h) => isWorkingDay(h.date, r) === false)).toBe(true);
      }
    }
  });
});
