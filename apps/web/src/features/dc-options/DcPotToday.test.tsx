import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { busyResponse, jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { DcPotToday, fourPlaces } from './DcPotToday';

beforeEach(quietConsole);

const pot = {
  potPence: 18_640_000,
  valuedOn: '2026-11-27',
  funds: [
    {
      code: 'DIVERSIFIED_GROWTH',
      name: 'Diversified Growth Fund',
      group: 'Growth',
      units: 81_372.6555,
      unitPricePence: 164.0958,
      valuePence: 13_352_911,
      pricedOn: '2026-11-27',
    },
    {
      code: 'CASH',
      name: 'Cash Fund',
      group: 'Defensive',
      units: 39_881.1,
      unitPricePence: 101.2744,
      valuePence: 5_287_089,
      pricedOn: '2026-11-26',
    },
  ],
  contributions: {
    from: '2025-11-29',
    to: '2026-11-28',
    memberPence: 300_000,
    employerPence: 450_000,
    totalPence: 750_000,
  },
};

describe('fourPlaces', () => {
  it('shows units and unit prices with their 4 places, thousands grouped', () => {
    expect(fourPlaces(81_372.6555)).toBe('81,372.6555');
    expect(fourPlaces(39_881.1)).toBe('39,881.1000');
    expect(fourPlaces(0.0001)).toBe('0.0001');
  });
});

describe('the pot today', () => {
  it('shows each fund’s units, price, price date and value, adding up to the pot, and the year’s contributions', async () => {
    stubFetch(() => jsonResponse(200, pot));
    render(<DcPotToday recordKey="MER:1000005" />);
    const table = await screen.findByRole('table', { name: 'The funds your pot is invested in' });
    const growth = within(table).getByRole('row', { name: /Diversified Growth Fund/ });
    expect(
      within(growth)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['81,372.6555', '164.0958p', '27 Nov 2026', '£133,529.11']);
    expect(within(table).getByRole('row', { name: /Your pot/ }).textContent).toContain('£186,400.00');
    expect(screen.getByText(/at fund prices on 27 Nov 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paid in from 29 Nov 2025 to 28 Nov 2026' })).toBeTruthy();
    expect(screen.getByText('You paid').nextSibling?.textContent).toBe('£3,000.00');
    expect(screen.getByText('Your employer paid').nextSibling?.textContent).toBe('£4,500.00');
    expect(screen.getByText('Total paid in').nextSibling?.textContent).toBe('£7,500.00');
  });

  it('says when the funds are not held online', async () => {
    stubFetch(() => jsonResponse(200, { ...pot, valuedOn: null, funds: [] }));
    render(<DcPotToday recordKey="MER:1000005" />);
    expect(await screen.findByText(/We do not have the details of your funds online/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the pot cannot be shown when the read is busy, and shows it on Try again', async () => {
    let busy = true;
    stubFetch(() => (busy ? busyResponse() : jsonResponse(200, pot)));
    render(<DcPotToday recordKey="MER:1000005" />);
    expect(await screen.findByText(/Sorry, we cannot show your pot/)).toBeTruthy();
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
