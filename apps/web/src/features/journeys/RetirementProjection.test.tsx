import { describe, expect, it } from 'vitest';
import { agesInWindow } from './RetirementProjection';

describe('agesInWindow', () => {
  it('lists each age whose birthday falls inside the window', () => {
    expect(
      agesInWindow({
        retirementDate: '2030-06-15',
        dateOfBirth: '1965-06-15',
        availableRetirementDateRange: { from: '2025-06-16', to: '2028-06-15' },
      }),
    ).toEqual([61, 62, 63]);
  });

  it('counts a 29 February birthday as 28 February in a common year, as the calculation engine does', () => {
    expect(
      agesInWindow({
        retirementDate: '2027-02-28',
        dateOfBirth: '1964-02-29',
        availableRetirementDateRange: { from: '2026-01-01', to: '2027-02-28' },
      }),
    ).toEqual([62, 63]);
  });
});
