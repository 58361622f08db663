import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/api';
import { busyResponse, jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { DcPotToday, fourPlaces } from './DcPotToday';

beforeEach(quietConsole);

const pot = {
  potPence: 18_640_000,
  glidePath: null,
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
      annualChargePercent: 0.45,
    },
    {
      code: 'CASH',
      name: 'Cash Fund',
      group: 'Defensive',
      units: 39_881.1,
      unitPricePence: 101.2744,
      valuePence: 5_287_089,
      pricedOn: '2026-11-26',
      annualChargePercent: null,
    },
  ],
  contributions: {
    from: '2025-11-29',
    to: '2026-11-28',
    memberPence: 300_000,
    employerPence: 450_000,
    totalPence: 750_000,
    // £250 from the member and £375 from the employer on the 27th of each month, newest first
    payments: Array.from({ length: 12 }, (_, index) => ({
      paidOn: `${index < 11 ? 2026 : 2025}-${String(((22 - index) % 12) + 1).padStart(2, '0')}-27`,
      memberPence: 25_000,
      employerPence: 37_500,
      totalPence: 62_500,
    })),
  },
  // The same £250 and £375 on the 27th of each month since 27 May 2024: 31 contributions, in three tax years
  sinceJoining: {
    from: '2024-05-27',
    to: '2026-11-28',
    memberPence: 775_000,
    employerPence: 1_162_500,
    totalPence: 1_937_500,
    byTaxYear: [
      { taxYear: '2026/27', from: '2026-04-06', to: '2026-11-28', count: 8 },
      { taxYear: '2025/26', from: '2025-04-06', to: '2026-04-05', count: 12 },
      { taxYear: '2024/25', from: '2024-04-06', to: '2025-04-05', count: 11 },
    ].map((year) => ({
      ...year,
      memberPence: year.count * 25_000,
      employerPence: year.count * 37_500,
      totalPence: year.count * 62_500,
    })),
  },
  history: [
    { on: '2025-11-30', potPence: 17_500_000 },
    { on: '2026-05-31', potPence: 17_900_000 },
    { on: '2026-11-27', potPence: 18_640_000 },
  ],
  // 175,000 + 7,500 + 4,630.50 − 730.50 = 186,400
  lastYear: {
    from: '2025-11-30',
    startPence: 17_500_000,
    to: '2026-11-27',
    endPence: 18_640_000,
    paidInPence: 750_000,
    chargesPence: 73_050,
    returnPence: 463_050,
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
    ).toEqual(['81,372.6555', '164.0958p', '27 Nov 2026', '£133,529.11', '0.45% a year']);
    expect(within(table).getByRole('row', { name: /Cash Fund/ }).textContent).toContain('Not listed');
    expect(within(table).getByRole('row', { name: /Your pot/ }).textContent).toContain('£186,400.00');
    expect(screen.getByText(/at fund prices on 27 Nov 2026/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paid in from 29 Nov 2025 to 28 Nov 2026' })).toBeTruthy();
    expect(screen.getByText('You paid').nextSibling?.textContent).toBe('£3,000.00');
    expect(screen.getByText('Your employer paid').nextSibling?.textContent).toBe('£4,500.00');
    expect(screen.getByText('Total paid in').nextSibling?.textContent).toBe('£7,500.00');
  });

  it('lists each contribution of the 12 months on My pension, newest first, in a table with row and column headers', async () => {
    stubFetch(() => jsonResponse(200, pot));
    render(<DcPotToday recordKey="MER:1000005" withHistory />);
    const table = await screen.findByRole('table', {
      name: 'Each contribution paid in over these 12 months, newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date paid', 'From you', 'From your employer', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '27 Nov 2026',
      '27 Oct 2026',
      '27 Sep 2026',
      '27 Aug 2026',
      '27 Jul 2026',
      '27 Jun 2026',
      '27 May 2026',
      '27 Apr 2026',
      '27 Mar 2026',
      '27 Feb 2026',
      '27 Jan 2026',
      '27 Dec 2025',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['£250.00', '£375.00', '£625.00']);
  });

  it('says when nothing was paid in over the 12 months, with no empty table', async () => {
    stubFetch(() =>
      jsonResponse(200, {
        ...pot,
        contributions: {
          ...pot.contributions,
          memberPence: 0,
          employerPence: 0,
          totalPence: 0,
          payments: [],
        },
      }),
    );
    render(<DcPotToday recordKey="MER:1000005" withHistory />);
    expect(await screen.findByText('No contributions were paid in over these 12 months.')).toBeTruthy();
    expect(
      screen.queryByRole('table', { name: 'Each contribution paid in over these 12 months, newest first' }),
    ).toBeNull();
  });

  it('shows on My pension what was paid in each tax year since joining, newest first, and the total since joining', async () => {
    stubFetch(() => jsonResponse(200, pot));
    render(<DcPotToday recordKey="MER:1000005" withHistory />);
    expect(await screen.findByRole('heading', { name: 'Total since joining' })).toBeTruthy();
    expect(
      screen.getByText(/Paid in from 27 May 2024, the first contribution we hold for you, to 28 Nov 2026/),
    ).toBeTruthy();
    const table = screen.getByRole('table', {
      name: 'What was paid in each tax year since you joined, newest first',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Tax year', 'Contributions', 'From you', 'From your employer', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '2026/27 06 Apr 2026 to 28 Nov 2026',
      '2025/26 06 Apr 2025 to 05 Apr 2026',
      '2024/25 06 Apr 2024 to 05 Apr 2025',
      'Total since joining',
    ]);
    // 8 + 12 + 11 = 31 contributions of £250 and £375: £7,750 + £11,625 = £19,375
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['8', '£2,000.00', '£3,000.00', '£5,000.00'],
      ['12', '£3,000.00', '£4,500.00', '£7,500.00'],
      ['11', '£2,750.00', '£4,125.00', '£6,875.00'],
      ['31', '£7,750.00', '£11,625.00', '£19,375.00'],
    ]);
  });

  it('says when no contribution is held since joining, with no empty table, and leaves it off the hub', async () => {
    stubFetch(() =>
      jsonResponse(200, {
        ...pot,
        sinceJoining: {
          ...pot.sinceJoining,
          from: null,
          memberPence: 0,
          employerPence: 0,
          totalPence: 0,
          byTaxYear: [],
        },
      }),
    );
    const { unmount } = render(<DcPotToday recordKey="MER:1000005" withHistory />);
    expect(await screen.findByText('We do not hold any contributions paid in for you.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /each tax year since you joined/ })).toBeNull();
    unmount();
    stubFetch(() => jsonResponse(200, pot));
    render(<DcPotToday recordKey="MER:1000005" />);
    await screen.findByRole('table', { name: 'The funds your pot is invested in' });
    expect(screen.queryByRole('heading', { name: 'Total since joining' })).toBeNull();
  });

  it('shows the pot’s value over time as a chart and a table, and what moved it over the year, only where asked', async () => {
    stubFetch(() => jsonResponse(200, pot));
    const { unmount } = render(<DcPotToday recordKey="MER:1000005" />);
    await screen.findByRole('table', { name: 'The funds your pot is invested in' });
    expect(screen.queryByRole('heading', { name: 'Your pot over time' })).toBeNull();
    expect(
      screen.queryByRole('table', { name: 'Each contribution paid in over these 12 months, newest first' }),
    ).toBeNull();
    unmount();

    render(<DcPotToday recordKey="MER:1000005" withHistory />);
    expect(await screen.findByRole('heading', { name: 'Your pot over time' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Your pot’s value: £175,000 on 30 Nov 2025, £186,400 on 27 Nov 2026.',
      }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your pot’s value at each month end, and today' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['27 Nov 2026£186,400.00', '31 May 2026£179,000.00', '30 Nov 2025£175,000.00']);
    expect(
      screen.getByRole('heading', { name: 'How your pot changed from 30 Nov 2025 to 27 Nov 2026' }),
    ).toBeTruthy();
    expect(screen.getByText('Value on 30 Nov 2025').nextSibling?.textContent).toBe('£175,000.00');
    expect(screen.getByText('Investment growth, before charges').nextSibling?.textContent).toBe('£4,630.50');
    expect(screen.getByText('Charges taken').nextSibling?.textContent).toBe('£730.50');
    expect(screen.getByText('Value on 27 Nov 2026').nextSibling?.textContent).toBe('£186,400.00');
  });

  it('names the lifestyle strategy the pot follows and when it starts, or started, moving into steadier funds', async () => {
    const glidePath = {
      strategyCode: 'LIFESTYLE_DRAWDOWN',
      strategyName: 'Lifestyle: targeting drawdown',
      startsOn: '2041-02-14',
      targetDate: '2056-02-14',
      endsIn: [
        { code: 'DIVERSIFIED_GROWTH', name: 'Diversified Growth Fund', percent: 75 },
        { code: 'CASH', name: 'Cash Fund', percent: 25 },
      ],
    };
    const shown = async (path: unknown) => {
      stubFetch(() => jsonResponse(200, { ...pot, glidePath: path }));
      const { container, unmount } = render(<DcPotToday recordKey="MER:1000005" />);
      await screen.findByRole('table', { name: 'The funds your pot is invested in' });
      const text = [...container.querySelectorAll('p')].find((p) =>
        p.textContent?.startsWith('Your pot follows'),
      );
      unmount();
      http.forgetReads();
      return text?.textContent ?? null;
    };
    expect(await shown(glidePath)).toBe(
      'Your pot follows Lifestyle: targeting drawdown. From 14 Feb 2041 it starts moving into steadier funds, to hold Diversified Growth Fund (75%) and Cash Fund (25%) by your target retirement date, 14 Feb 2056.',
    );
    expect(await shown({ ...glidePath, startsOn: '2021-02-14', targetDate: '2036-02-14' })).toBe(
      'Your pot follows Lifestyle: targeting drawdown. Since 14 Feb 2021 it has been moving into steadier funds, to hold Diversified Growth Fund (75%) and Cash Fund (25%) by your target retirement date, 14 Feb 2036.',
    );
    expect(await shown({ ...glidePath, startsOn: '2011-02-14', targetDate: '2026-02-14' })).toBe(
      'Your pot follows Lifestyle: targeting drawdown. Since your target retirement date, 14 Feb 2026, it has held Diversified Growth Fund (75%) and Cash Fund (25%).',
    );
    // The member's own funds follow no strategy.
    expect(await shown(null)).toBeNull();
  });

  it('says when the funds are not held online', async () => {
    stubFetch(() => jsonResponse(200, { ...pot, valuedOn: null, funds: [] }));
    render(<DcPotToday recordKey="MER:1000005" />);
    expect(await screen.findByText(/We do not have the details of your funds online/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'The funds your pot is invested in' })).toBeNull();
  });

  it('says the pot cannot be shown when the read is busy, and shows it on Try again', async () => {
    let busy = true;
    stubFetch(() => (busy ? busyResponse() : jsonResponse(200, pot)));
    render(<DcPotToday recordKey="MER:1000005" />);
    expect(await screen.findByText(/Sorry, we cannot show your pot/)).toBeTruthy();
    busy = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'The funds your pot is invested in' })).toBeTruthy();
  });
});
