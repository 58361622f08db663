import { describe, expect, it } from 'vitest';
import {
  contributionsInLastYear,
  contributionsSinceJoining,
  dcBenefitsSchema,
  holdingValuePence,
  isoDate,
  unitsForValue,
  valueHoldings,
} from '../src';

const day = isoDate;

describe('a fund holding’s value', () => {
  it('is units × unit price rounded half up to the penny', () => {
    // 100.0000 units at 187.4550p = 18,745.5p, a half penny: rounds up to 18,746p
    expect(holdingValuePence(100, 187.455)).toBe(18_746);
    // 4,342.3219 units at 287.4312p = 1,248,118.7945...p
    expect(holdingValuePence(4342.3219, 287.4312)).toBe(1_248_119);
    // 1.5 × 0.3333 = 0.49995p, just under a half: nothing
    expect(holdingValuePence(1.5, 0.3333)).toBe(0);
    expect(holdingValuePence(1.5, 0.3334)).toBe(1);
  });

  it('gives units that value back to the same penny', () => {
    // 13,352,911p ÷ 164.0958p = 81,372.65548...: 81,372.6555 units, worth 13,352,911.0024p
    const units = unitsForValue(13_352_911, 164.0958);
    expect(units).toBe(81_372.6555);
    expect(holdingValuePence(units, 164.0958)).toBe(13_352_911);
  });

  it('values each holding and keeps its price date', () => {
    const [valued] = valueHoldings([
      { code: 'CASH', units: 10, unitPricePence: 101.2744, pricedOn: day('2026-11-27') },
    ]);
    expect(valued).toEqual({
      code: 'CASH',
      units: 10,
      unitPricePence: 101.2744,
      pricedOn: '2026-11-27',
      valuePence: 1_013,
    });
  });
});

describe('DC member data with holdings', () => {
  const holdings = [
    { code: 'GLOBAL_EQUITY', units: 100, unitPricePence: 187.455, pricedOn: '2026-11-27' },
    { code: 'CASH', units: 10, unitPricePence: 101.2744, pricedOn: '2026-11-27' },
  ];

  it('is accepted when the funds add up to the pot', () => {
    expect(dcBenefitsSchema.safeParse({ potPence: 18_746 + 1_013, holdings }).success).toBe(true);
  });

  it('is refused when they do not, or a fund is held twice, or units have more than 4 places', () => {
    const off = dcBenefitsSchema.safeParse({ potPence: 19_760, holdings });
    expect(off.error?.issues[0]?.message).toMatch(/worth 19759p/);
    const twice = dcBenefitsSchema.safeParse({ potPence: 37_492, holdings: [holdings[0], holdings[0]] });
    expect(twice.error?.issues[0]?.message).toMatch(/held twice/);
    const fine = dcBenefitsSchema.safeParse({
      potPence: 0,
      holdings: [{ ...holdings[0], units: 0.00001 }],
    });
    expect(fine.success).toBe(false);
  });
});

describe('contributions in the last 12 months', () => {
  it('counts the 12 months up to and including today, split by who paid, and lists each one newest first', () => {
    const paid = (paidOn: string, memberPence = 25_000) => ({
      paidOn: day(paidOn),
      memberPence,
      employerPence: 37_500,
    });
    const totals = contributionsInLastYear(
      [paid('2025-11-28'), paid('2025-11-29'), paid('2026-11-29'), paid('2026-11-28', 30_000)],
      day('2026-11-28'),
    );
    expect(totals).toEqual({
      from: '2025-11-29',
      to: '2026-11-28',
      memberPence: 55_000,
      employerPence: 75_000,
      totalPence: 130_000,
      payments: [
        { paidOn: '2026-11-28', memberPence: 30_000, employerPence: 37_500, totalPence: 67_500 },
        { paidOn: '2025-11-29', memberPence: 25_000, employerPence: 37_500, totalPence: 62_500 },
      ],
    });
  });
});

describe('contributions since joining', () => {
  const paid = (paidOn: string, memberPence: number, employerPence: number) => ({
    paidOn: day(paidOn),
    memberPence,
    employerPence,
  });

  it('totals every contribution held up to today and splits them into tax years, newest first, a year with none shown with noughts', () => {
    const since = contributionsSinceJoining(
      [
        paid('2026-05-27', 25_000, 37_500),
        // 5 April is the last day of 2023/24, 6 April the first of 2024/25
        paid('2024-04-05', 10_000, 15_000),
        paid('2026-11-28', 25_000, 37_500),
        paid('2024-04-06', 20_000, 30_000),
        // after today: not yet paid in
        paid('2026-11-29', 25_000, 37_500),
      ],
      day('2026-11-28'),
    );
    // 100 + 200 + 250 + 250 = £800 from the member; 150 + 300 + 375 + 375 = £1,200 from the employer
    expect(since).toEqual({
      from: '2024-04-05',
      to: '2026-11-28',
      memberPence: 80_000,
      employerPence: 120_000,
      totalPence: 200_000,
      byTaxYear: [
        {
          taxYear: '2026/27',
          from: '2026-04-06',
          to: '2026-11-28',
          count: 2,
          memberPence: 50_000,
          employerPence: 75_000,
          totalPence: 125_000,
        },
        {
          taxYear: '2025/26',
          from: '2025-04-06',
          to: '2026-04-05',
          count: 0,
          memberPence: 0,
          employerPence: 0,
          totalPence: 0,
        },
        {
          taxYear: '2024/25',
          from: '2024-04-06',
          to: '2025-04-05',
          count: 1,
          memberPence: 20_000,
          employerPence: 30_000,
          totalPence: 50_000,
        },
        {
          taxYear: '2023/24',
          from: '2023-04-06',
          to: '2024-04-05',
          count: 1,
          memberPence: 10_000,
          employerPence: 15_000,
          totalPence: 25_000,
        },
      ],
    });
    // The years add up to the totals: 125,000 + 0 + 50,000 + 25,000 = 200,000p
    expect(since.byTaxYear.reduce((sum, year) => sum + year.totalPence, 0)).toBe(since.totalPence);
  });

  it('is nought with no years when no contribution is held', () => {
    expect(contributionsSinceJoining([], day('2026-11-28'))).toEqual({
      from: null,
      to: '2026-11-28',
      memberPence: 0,
      employerPence: 0,
      totalPence: 0,
      byTaxYear: [],
    });
  });
});
