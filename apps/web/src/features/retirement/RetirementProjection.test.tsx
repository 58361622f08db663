import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { busyResponse, jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { agesInWindow, RetirementProjection } from './RetirementProjection';

beforeEach(quietConsole);

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

const window = {
  retirementDate: '2030-06-15',
  dateOfBirth: '1965-06-15',
  availableRetirementDateRange: { from: '2025-06-16', to: '2028-06-15' },
};

/** The engine's figures at an age in the window above (61, 62 or 63). */
const figuresAt = (age: number) => ({
  isCalculationSuccessful: true,
  age,
  retirementDate: `${1965 + age}-06-15`,
  fullPensionYearlyIncome: 1_000_000 + age * 10_000,
  maxLumpSum: 5_000_000,
  maxLumpSumYearlyIncome: 800_000,
});

/** Answers the options read at each age with `answer(age)`. */
function answerByAge(answer: (age: number) => Response) {
  stubFetch((url) => {
    const age = Number(new URL(url, 'http://localhost').searchParams.get('age'));
    return answer(age);
  });
}

describe('the pension at each birthday', () => {
  it('says the figures cannot be shown when one age’s read is busy, rather than drawing the others, and shows them all on Try again', async () => {
    let busy = true;
    answerByAge((age) => (busy && age === 62 ? busyResponse() : jsonResponse(200, figuresAt(age))));
    render(<RetirementProjection window={window} />);
    expect(await screen.findByText('Sorry, we cannot show your pension at each age right now.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'If you retire on a birthday' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Age 62' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Age 61' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Age 63' })).toBeTruthy();
  });

  it('leaves out an age the calculation engine refuses to quote', async () => {
    answerByAge((age) =>
      age === 63
        ? jsonResponse(400, { errors: [{ code: 'retirement_date_too_late', message: 'Too late' }] })
        : jsonResponse(200, figuresAt(age)),
    );
    render(<RetirementProjection window={window} />);
    expect(await screen.findByRole('rowheader', { name: 'Age 62' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Age 63' })).toBeNull();
    expect(screen.queryByText(/cannot show your pension at each age/)).toBeNull();
  });
});
