import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyDefinition } from '@meridian/contracts';
import { syncContent } from '../../src/areas/content/sync';
import { pluginOf, registerJourneyPlugin } from '../../src/areas/journeys/plugins';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { answerStep } from './journey-submission';

/**
 * A money question whose most is a figure the journey locked at start (`maxFigure`): the server
 * refuses an amount above it in the words the browser's hint uses, the journey's state carries the
 * figure to the browser, and content sync refuses a figure the journey does not lock.
 */
const ctx = useTestApp();
const TYPE = 'moneyfigures';
const base = `/mdp-api/api/journeys/${TYPE}`;
const LOCKED = { lumpSumPence: 12_345_67, annualPensionPence: 900_000 };
let root: string;

// This file's plugin stands in for the DB quote's (same `startsFrom`); the real one goes back when the
// file ends, for the files that share this worker's modules after it (vitest.config.ts: isolate false).
const dbQuotePlugin = pluginOf({ startsFrom: 'retirement-quote' } as JourneyDefinition)!;
afterAll(() => registerJourneyPlugin(dbQuotePlugin));
registerJourneyPlugin({
  startsFrom: 'retirement-quote',
  needsMember: true,
  startsAtFirstPage: true,
  lock: async () => ({ locked: LOCKED }),
  lockedSection: () => ({ heading: 'Locked', lines: [] }),
  figures: {
    names: ['lumpSumPence', 'annualPensionPence'],
    of: (locked) => locked as Record<string, number>,
  },
});

const definition = {
  type: TYPE,
  title: 'Take some cash',
  firstPage: 'mf_cash',
  summaryPage: 'mf_check',
  confirmationPage: 'mf_sent',
  stages: [{ key: 'one', label: 'One' }],
  startsFrom: 'retirement-quote',
  caseType: 'MFG',
  confirmationEmail: { subject: 'Cash {caseNumber}', body: 'Dear {name}' },
};
const page = (key: string, journey: object) => ({
  slug: `/money-figures/${key.slice(3)}`,
  key,
  title: key,
  journey: { type: TYPE, stage: 'one', ...journey },
  blocks: [{ type: 'richText', html: `<p>${key}</p>` }],
});
const cashPage = (maxFigure: string) =>
  page('mf_cash', {
    question: { kind: 'money', key: 'cash', label: 'How much cash do you want?', maxFigure },
    next: 'mf_check',
  });

/** A copy of the content with this file's journey, its cash page's most from `maxFigure`. */
async function contentWith(maxFigure: string) {
  const copy = await mkdtemp(path.join(tmpdir(), 'meridian-money-figures-'));
  await cp(contentRoot, copy, { recursive: true });
  const tenant = path.join(copy, 'tenants/meridian');
  const journeys = JSON.parse(await readFile(path.join(tenant, 'journeys.json'), 'utf8'));
  await writeFile(path.join(tenant, 'journeys.json'), JSON.stringify([...journeys, definition]));
  const folder = path.join(tenant, 'pages/money-figures');
  await mkdir(folder);
  for (const file of [cashPage(maxFigure), page('mf_check', {}), page('mf_sent', {})])
    await writeFile(path.join(folder, `${file.key}.json`), JSON.stringify(file));
  return copy;
}

beforeAll(async () => {
  root = await contentWith('lumpSumPence');
  await syncContent(ctx.database.db, root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a money question limited by a locked figure', () => {
  it('refuses more than the figure, as the hint words it, and takes the figure itself', async () => {
    const agent = new BrowserAgent(ctx.app);
    expect((await agent.signIn('db.active')).statusCode).toBe(200);
    const start = await agent.request({
      method: 'POST',
      url: `${base}/start`,
      payload: { currentPageKey: 'mf_cash' },
    });
    expect(start.statusCode, start.body).toBe(204);
    // The browser gets the figure the question reads, and only that one.
    const state = (await agent.request({ url: `${base}/data` })).json();
    expect(state.figures).toEqual({ lumpSumPence: 12_345_67 });

    const over = await answerStep(agent, base, 'mf_cash', 'cash', '12,345.68');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toEqual({
      code: 'money_above_maximum',
      message: 'Enter an amount of £12,345.67 or less',
    });
    expect((await agent.request({ url: `${base}/data` })).json().steps).toEqual([]);

    const most = await answerStep(agent, base, 'mf_cash', 'cash', '12345.67');
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json()).toEqual({ nextPageKey: 'mf_check' });
  });

  it('is refused at content sync when the journey does not lock the figure it names', async () => {
    const bad = await contentWith('availableTaxFreeCash');
    try {
      await expect(syncContent(ctx.database.db, bad)).rejects.toThrow(
        'moneyfigures: mf_cash.question: there is no figure "availableTaxFreeCash" (this journey locks lumpSumPence, annualPensionPence)',
      );
    } finally {
      await rm(bad, { recursive: true, force: true });
    }
  });
});
