import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RetirementPlanner as Plan } from '@meridian/contracts';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { RetirementPlanner } from './RetirementPlanner';

beforeEach(quietConsole);

const at = (age: number, kind: 'early' | 'late' | 'none', months: number, factor: number) => ({
  age,
  retirementDate: `${1986 + age}-01-15`,
  adjustment: { kind, months, factor },
  fullPensionPence: 2_000_000 + age * 10_000,
  maximumLumpSumPence: 9_000_000,
  maximumLumpSumFromAvcPence: 0,
  pensionWithMaximumLumpSumPence: 1_500_000,
});

const plan = (extra: Partial<Plan> = {}): Plan => ({
  isCalculationSuccessful: true,
  calculatedOn: '2026-06-01',
  dateOfBirth: '1986-01-15',
  range: { from: '2043-01-15', to: '2053-01-15' },
  earliestRetirementDate: '2043-01-15',
  normalRetirementDate: '2051-01-15',
  latestRetirementDate: '2053-01-15',
  normalRetirementAge: 65,
  earliestReason: 'minimum-pension-age',
  normalMinimumPensionAge: 57,
  protectedPensionAge: null,
  avcFundPence: 0,
  ages: [at(57, 'early', 96, 0.703), at(65, 'none', 0, 1), at(67, 'late', 24, 1.1025)],
  assumptions: ['Figures are before income tax.'],
  ...extra,
});

describe('the retirement planner', () => {
  it('explains the earliest date and the factors, and gives each age in the table under the chart', async () => {
    stubFetch(() => jsonResponse(200, plan()));
    render(<RetirementPlanner />);
    expect(await screen.findByText(/rises from 55 to 57 on 6 April 2028: for you it is 57/)).toBeTruthy();
    expect(screen.getByText(/At 57 your pension is multiplied by 0.703 \(96 months early\)/)).toBeTruthy();
    expect(screen.getByText(/At 67 your pension is multiplied by 1.1025 \(24 months late\)/)).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Bar chart of your pension a year at each age from 57 to 67: £25,700 at 57, £26,700 at 67/,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AgeDateEarly or late retirementFull pension a yearMost tax-free cashPension a year with the most tax-free cash',
      '5715 Jan 2043Reduced: 96 months early, × 0.703£25,700.00£90,000.00£15,000.00',
      '6515 Jan 2051None: your normal retirement age£26,500.00£90,000.00£15,000.00',
      '6715 Jan 2053Increased: 24 months late, × 1.1025£26,700.00£90,000.00£15,000.00',
    ]);
  });

  it('names a protected pension age, and refuses an age outside the range without asking for figures', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      asked.push(url);
      return jsonResponse(200, plan({ earliestReason: 'protected-pension-age', protectedPensionAge: 55 }));
    });
    render(<RetirementPlanner />);
    expect(await screen.findByText(/You have a protected pension age of 55/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Age you would retire at'), { target: { value: '56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my figures' }));
    expect((await screen.findAllByText('Enter an age in whole years from 57 to 67')).length).toBeGreaterThan(0);
    expect(asked.filter((url) => url.includes('/v3/retirement/quotes'))).toEqual([]);
  });
});
