import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FundSwitchPreview as Preview } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { FundSwitchPreview } from './FundSwitchPreview';

beforeEach(quietConsole);

const target = '2060-07-28';
const drawdown = {
  strategyCode: 'LIFESTYLE_DRAWDOWN',
  strategyName: 'Lifestyle: targeting drawdown',
  startsOn: '2045-07-28',
  targetDate: target,
  endsIn: [
    { code: 'DIVERSIFIED_GROWTH', name: 'Diversified Growth Fund', percent: 75 },
    { code: 'CASH', name: 'Cash Fund', percent: 25 },
  ],
};
const cash = {
  strategyCode: 'LIFESTYLE_CASH',
  strategyName: 'Lifestyle: targeting cash',
  startsOn: '2050-07-28',
  targetDate: target,
  endsIn: [{ code: 'CASH', name: 'Cash Fund', percent: 100 }],
};

const showing = (preview: Preview, show: 'strategies' | 'change') => {
  stubFetch(() => jsonResponse(200, preview));
  renderApp('/', {
    routes: [{ path: '/', element: <FundSwitchPreview show={show} recordKey="MER:1000006" /> }],
  });
};

describe('what a fund switch would change', () => {
  it('shows each strategy’s start of moving and end funds, marking the pot’s own', async () => {
    showing({ current: drawdown, strategies: [drawdown, cash], chosen: null }, 'strategies');
    const table = await screen.findByRole('table', {
      name: 'How each strategy would invest your pot up to your target retirement date, 28 Jul 2060',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Lifestyle: targeting drawdown (your pot follows this now)');
    expect(first!.textContent).toContain('28 Jul 2045');
    expect(first!.textContent).toContain('Diversified Growth Fund: 75%');
    expect(second!.textContent).toContain('28 Jul 2050');
    expect(second!.textContent).toContain('Cash Fund: 100%');
  });

  it('compares the chosen strategy with the pot’s now, before the member confirms', async () => {
    showing(
      { current: drawdown, strategies: [drawdown, cash], chosen: { choice: 'lifestyle', glidePath: cash } },
      'change',
    );
    const table = await screen.findByRole('table', { name: 'What your switch changes' });
    const row = (name: string | RegExp) => within(table).getByRole('row', { name });
    expect(row(/^Invested in/).textContent).toBe(
      'Invested inLifestyle: targeting drawdownLifestyle: targeting cash',
    );
    expect(row(/^Starts moving/).textContent).toContain('28 Jul 2045');
    expect(row(/^Starts moving/).textContent).toContain('28 Jul 2050');
    expect(row(/target retirement date, 28 Jul 2060/).textContent).toContain('Cash Fund: 100%');
  });

  it('says funds the member chose never move into steadier funds', async () => {
    showing(
      {
        current: drawdown,
        strategies: [drawdown],
        chosen: { choice: 'self_select', funds: [{ code: 'CASH', name: 'Cash Fund', percent: 100 }] },
      },
      'change',
    );
    const table = await screen.findByRole('table', { name: 'What your switch changes' });
    expect(within(table).getByRole('row', { name: /^Starts moving/ }).textContent).toContain(
      'Never: the funds you chose stay as they are',
    );
  });
});
