import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearContentCache } from '../../src/areas/content/content-cache';
import { syncContent } from '../../src/areas/content/sync';
import { pages } from '../../src/db/schema';
import { contentRoot } from '../../src/prepare';
import { useTestApp } from './harness';

const ctx = useTestApp();
let root: string;
const helpFile = () => path.join(root, 'tenants/meridian/pages/help.json');
const helpPage = () =>
  ctx.app.inject({ url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/help&tenantUrl=localhost' });
const writeHelp = async (change: (page: Record<string, unknown>) => Record<string, unknown>) => {
  const original = JSON.parse(
    await readFile(path.join(contentRoot, 'tenants/meridian/pages/help.json'), 'utf8'),
  );
  await writeFile(helpFile(), JSON.stringify(change(original)));
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-pages-'));
  await cp(contentRoot, root, { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('page files', () => {
  it('carry a page’s place in a journey through to the delivered page', async () => {
    expect((await helpPage()).json()).not.toHaveProperty('journey');
    await writeHelp((page) => ({
      ...page,
      journey: { type: 'retirement', stage: 'options' },
    }));
    await syncContent(ctx.database.db, root);
    expect((await helpPage()).json().journey).toEqual({
      type: 'retirement',
      stage: 'options',
    });
  });

  it('refuse a misspelt page key or journey field, naming it', async () => {
    await writeHelp((page) => ({ ...page, tittle: 'Help' }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(/tittle/);
    await writeHelp((page) => ({ ...page, journey: { type: 'retirement', step: 2 } }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(/journey.*step|step/);
  });
});

describe('stored blocks', () => {
  it('are checked against their contracts: a valid block is delivered, a failing one as a skipped-block marker', async () => {
    const valid = { type: 'richText', html: '<p>Still here</p>' };
    const stored = [valid, { type: 'message', variant: 'loud', html: '<p>Hi</p>' }, { type: 'gizmo' }];
    const { db } = ctx.database;
    await db
      .update(pages)
      .set({ blocks: stored })
      .where(and(eq(pages.tenantUrl, 'localhost'), eq(pages.slug, '/help')));
    clearContentCache(db);
    const response = await helpPage();
    expect(response.statusCode).toBe(200);
    expect(response.json().blocks).toEqual([
      valid,
      {
        type: 'skippedBlock',
        reason: expect.stringMatching(/^Content block "message" does not match its contract \(variant: /),
      },
      { type: 'skippedBlock', reason: 'Content block of unknown type "gizmo"' },
    ]);
  });
});

describe('globals', () => {
  it('are read again after a sync, though they were kept as sent', async () => {
    const globals = async () =>
      (
        await ctx.app.inject({ url: '/content-api/api/v2/content/unauthorized-globals?tenantUrl=localhost' })
      ).json<{ labels: Array<{ labelKey: string; labelText: string }> }>();
    const [first] = (await globals()).labels;
    expect((await globals()).labels[0]).toEqual(first);
    await writeHelp((page) => page);
    const file = path.join(root, 'tenants/meridian/globals.json');
    const stored = JSON.parse(await readFile(file, 'utf8'));
    stored.labels[0].labelText = 'Changed by a sync';
    await writeFile(file, JSON.stringify(stored));
    await syncContent(ctx.database.db, root);
    expect((await globals()).labels[0]).toEqual({ ...first, labelText: 'Changed by a sync' });
  });
});
