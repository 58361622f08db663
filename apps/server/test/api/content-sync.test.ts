import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ContentFileError, agreedStrategies, syncContent } from '../../src/areas/content/sync';
import { pages } from '../../src/db/schema';
import { contentRoot } from '../../src/prepare';
import { useTestApp } from './harness';

const ctx = useTestApp();
let root: string;
const homePage = () => path.join(root, 'tenants/meridian/pages/home.json');
/** A file as the sync's errors name it: from the content folder's parent. */
const shown = (file: string) => path.relative(path.dirname(root), file);
const originalHome = async () =>
  JSON.parse(await readFile(path.join(contentRoot, 'tenants/meridian/pages/home.json'), 'utf8'));
const publicHome = () =>
  ctx.app.inject({ url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost' });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-content-'));
  await cp(contentRoot, root, { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('content sync', () => {
  it('does not reload an unchanged tree and versions a changed one', async () => {
    // The test server runs the demo, as it was loaded.
    const unchanged = await syncContent(ctx.database.db, root, { demo: true });
    expect(unchanged.changed).toBe(false);
    const home = JSON.parse(await readFile(homePage(), 'utf8'));
    await writeFile(homePage(), JSON.stringify({ ...home, title: 'A new welcome' }));
    const changed = await syncContent(ctx.database.db, root);
    expect(changed).toMatchObject({ changed: true, version: unchanged.version + 1 });
    expect((await publicHome()).json().title).toBe('A new welcome');
  });

  it('shows a browser that takes brotli the synced page too, not the compressed copy of the old one', async () => {
    const brotliHome = async () => {
      const response = await ctx.app.inject({
        url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      return JSON.parse(brotliDecompressSync(response.rawPayload).toString());
    };
    expect(await brotliHome()).toEqual((await publicHome()).json());
    const home = JSON.parse(await readFile(homePage(), 'utf8'));
    await writeFile(homePage(), JSON.stringify({ ...home, title: 'Welcome, compressed' }));
    await syncContent(ctx.database.db, root);
    expect((await brotliHome()).title).toBe('Welcome, compressed');
    await writeFile(homePage(), JSON.stringify(home));
    await syncContent(ctx.database.db, root);
  });

  it('loads demo-only pages (the blocks demo) only where the demo runs, and search never finds them', async () => {
    const blocksDemo = () =>
      ctx.app.inject({
        url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/blocks-demo&tenantUrl=localhost',
      });
    // Words of the blocks demo's title and of its transfers card and its developer notes.
    const found = async (query: string) =>
      (await ctx.app.inject({ url: `/content-api/api/v2/content/search?tenantUrl=localhost&q=${query}` }))
        .json()
        .results.map((result: { url: string }) => result.url);
    await syncContent(ctx.database.db, root, { demo: true });
    expect((await blocksDemo()).json().title).toBe('Content blocks');
    for (const query of ['content blocks', 'transfer', 'defined benefit section'])
      expect(await found(query)).not.toContain('/blocks-demo');
    expect(await found('accessibility')).toContain('/accessibility');

    const withoutDemo = await syncContent(ctx.database.db, root);
    expect(withoutDemo.changed).toBe(true);
    expect((await blocksDemo()).statusCode).toBe(404);
    expect(await found('content blocks')).not.toContain('/blocks-demo');
    await syncContent(ctx.database.db, root, { demo: true });
    expect((await blocksDemo()).json().title).toBe('Content blocks');
    expect(await found('transfer')).not.toContain('/blocks-demo');
  });

  it('searches a public page as a visitor reads it: a block hidden from visitors is neither found nor summarised', async () => {
    const home = JSON.parse(await readFile(homePage(), 'utf8'));
    const note = (animal: string, visibility?: object) => ({
      type: 'richText',
      html: `<p>${animal} live here.</p>`,
      ...(visibility && { visibility }),
    });
    await writeFile(
      homePage(),
      JSON.stringify({
        ...home,
        blocks: [note('Quokkas'), note('Wombats', { field: 'schemeType', in: ['DB'] }), ...home.blocks],
      }),
    );
    await syncContent(ctx.database.db, root, { demo: true });
    const search = async (query: string) =>
      (
        await ctx.app.inject({ url: `/content-api/api/v2/content/search?tenantUrl=localhost&q=${query}` })
      ).json().results as Array<{ url: string; summary: string }>;
    const [found] = await search('quokkas live');
    expect(found).toMatchObject({ url: '/' });
    expect(found!.summary).toMatch(/^Quokkas live here\. New here\?/);
    expect(await search('wombats')).toEqual([]);
    // Words of how a block works (its type, its link's page key) are not the page's words.
    expect(await search('richText')).toEqual([]);
    await writeFile(homePage(), JSON.stringify(home));
    await syncContent(ctx.database.db, root, { demo: true });
  });

  it('rejects a bad file with its path and reason, and the previous version keeps serving', async () => {
    const home = JSON.parse(await readFile(homePage(), 'utf8'));
    await writeFile(homePage(), JSON.stringify({ ...home, title: 'Broken', slug: 'no leading slash' }));
    const failure = await syncContent(ctx.database.db, root).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentFileError);
    expect((failure as ContentFileError).file).toBe(shown(homePage()));
    expect((failure as ContentFileError).message).toMatch(/slug: a path such as \/my-pension/);
    expect((await publicHome()).json().title).toBe('A new welcome');
  });

  it('rejects a misspelt block parameter, naming the file, the path and the key', async () => {
    const home = await originalHome();
    const blocks = [
      { type: 'header', title: 'Welcome' },
      { type: 'grid', blocks: [{ type: 'card', title: 'Help', tittle: 'Help' }] },
    ];
    await writeFile(homePage(), JSON.stringify({ ...home, title: 'Misspelt', blocks }));
    const failure = await syncContent(ctx.database.db, root).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentFileError);
    expect((failure as ContentFileError).message).toBe(
      `${shown(homePage())}: blocks.1.blocks.0: Unrecognized key: "tittle"`,
    );
    expect((await publicHome()).json().title).toBe('A new welcome');
  });

  it('rejects a misspelt key in globals', async () => {
    const file = path.join(root, 'tenants/meridian/globals.json');
    const original = await readFile(file, 'utf8');
    const globals = JSON.parse(original);
    globals.tooltips[0] = { ...globals.tooltips[0], tekst: 'typo' };
    await writeFile(file, JSON.stringify(globals));
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      `${shown(file)}: tooltips.0: Unrecognized key: "tekst"`,
    );
    await writeFile(file, original);
  });

  it('refuses a tenant that offers transfers without its scam warning, naming the tenant and globals.json', async () => {
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    const file = path.join(root, 'tenants/bluewater/globals.json');
    const original = await readFile(file, 'utf8');
    const globals = JSON.parse(original);
    const scamWarning = async () =>
      (
        await ctx.app.inject({
          url: '/content-api/api/v2/content/unauthorized-globals?tenantUrl=bluewater.localhost',
        })
      )
        .json()
        .messages.find((message: { key: string }) => message.key === 'scam_warning');
    const refusal = `${shown(file)}: tenant bluewater.localhost has no messages entry with the key "scam_warning"`;
    try {
      const others = globals.messages.filter((message: { key: string }) => message.key !== 'scam_warning');
      await writeFile(file, JSON.stringify({ ...globals, messages: others }));
      await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(refusal);
      // Loading Bluewater alone (the console's Load content from files now) is refused the same way.
      await expect(
        syncContent(ctx.database.db, root, { tenantUrl: 'bluewater.localhost' }),
      ).rejects.toThrowError(refusal);
      // With no globals.json at all, the file to add it to is named.
      await rm(file);
      await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(refusal);
      // The warning loaded before keeps serving.
      expect((await scamWarning()).title).toBe('Keep your pension safe from scammers');
    } finally {
      await writeFile(file, original);
    }
    await syncContent(ctx.database.db, root);
    expect((await scamWarning()).title).toBe('Keep your pension safe from scammers');
  });

  it('refuses funds.json naming a fund its DC scheme does not list, or leaving out one it lists', async () => {
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    const file = path.join(root, 'tenants/bluewater/funds.json');
    const original = await readFile(file, 'utf8');
    const funds: Array<{ fundCode: string }> = JSON.parse(original);
    try {
      // Meridian's Cash Fund, which Bluewater's scheme (BDC) does not have: it would be shown with no charge.
      const cash = { fundCode: 'CASH', fundGroup: 'Defensive', fundName: 'Cash Fund', orderNo: 5 };
      await writeFile(file, JSON.stringify([...funds, cash]));
      await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
        `${shown(file)}: fund CASH: no DC scheme of tenant bluewater.localhost (BDC) lists it; ` +
          'name only the funds of its scheme configuration',
      );
      await writeFile(file, JSON.stringify(funds.filter((fund) => fund.fundCode !== 'BW_ANNUITY_MATCH')));
      await expect(
        syncContent(ctx.database.db, root, { tenantUrl: 'bluewater.localhost' }),
      ).rejects.toThrowError(
        `${shown(file)}: scheme BDC lists the fund BW_ANNUITY_MATCH, which this file does not name`,
      );
    } finally {
      await writeFile(file, original);
    }
  });

  it('fills the fund switch’s strategy question with the DC scheme’s strategies, keeping content’s hints', async () => {
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    await syncContent(ctx.database.db, root);
    const question = async (tenantUrl: string) => {
      const [row] = await ctx.database.db
        .select({ journey: pages.journey })
        .from(pages)
        .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.key, 'fs_strategy')));
      return (row?.journey as { question: Record<string, unknown> }).question;
    };
    // BDC's strategies: key the code in lower case (what fund-switch-pending maps back), label the name.
    expect(await question('bluewater.localhost')).toEqual({
      kind: 'radios',
      key: 'lifestyle_strategy',
      label: 'Which lifestyle strategy would you like?',
      hint: expect.stringContaining('Bluewater World Equity Tracker'),
      answersFrom: 'strategies',
      answers: [
        {
          key: 'lifestyle_drawdown',
          label: 'Lifestyle: targeting drawdown',
          hint: expect.stringContaining('Bluewater Balanced Fund'),
        },
        {
          key: 'lifestyle_annuity',
          label: 'Lifestyle: targeting an annuity',
          hint: expect.stringContaining('Bluewater Annuity Matching Fund'),
        },
        {
          key: 'lifestyle_cash',
          label: 'Lifestyle: targeting cash',
          hint: expect.stringContaining('Bluewater Cash Fund'),
        },
      ],
    });
    expect(((await question('localhost')).answers as Array<{ label: string }>).map((a) => a.label)).toEqual([
      'Lifestyle: targeting drawdown',
      'Lifestyle: targeting an annuity',
      'Lifestyle: targeting cash',
    ]);
  });

  it('refuses a strategy hint the scheme does not list, answers of its own, or a tenant with no DC scheme', async () => {
    const file = path.join(root, 'tenants/bluewater/pages/fund-switch/fs-strategy.json');
    const tenantFile = path.join(root, 'tenants/bluewater/tenant.json');
    const [original, originalTenant] = [await readFile(file, 'utf8'), await readFile(tenantFile, 'utf8')];
    const page = JSON.parse(original);
    const withQuestion = (question: Record<string, unknown>) =>
      JSON.stringify({
        ...page,
        journey: { ...page.journey, question: { ...page.journey.question, ...question } },
      });
    const bluewater = () => syncContent(ctx.database.db, root, { tenantUrl: 'bluewater.localhost' });
    try {
      const hints = page.journey.question.answerHints;
      await writeFile(file, withQuestion({ answerHints: { ...hints, lifestyle_income: 'An income' } }));
      await expect(bluewater()).rejects.toThrowError(
        `${shown(file)}: fs_strategy.question.answerHints.lifestyle_income: the scheme lists no strategy ` +
          'LIFESTYLE_INCOME (its strategies: lifestyle_drawdown, lifestyle_annuity, lifestyle_cash); hint only those',
      );
      const answers = [
        { key: 'lifestyle_drawdown', label: 'Drawdown' },
        { key: 'lifestyle_cash', label: 'Cash' },
      ];
      await writeFile(file, withQuestion({ answers }));
      await expect(bluewater()).rejects.toThrowError(
        `${shown(file)}: fs_strategy.question.answers: none with answersFrom: "strategies"`,
      );
      await writeFile(file, original);
      await writeFile(tenantFile, JSON.stringify({ ...JSON.parse(originalTenant), businessGroups: ['ZZZ'] }));
      await expect(bluewater()).rejects.toThrowError(
        `${shown(file)}: fs_strategy.question.answersFrom: "strategies", but tenant bluewater.localhost ` +
          'has no DC scheme (business groups ZZZ) to take them from',
      );
    } finally {
      await writeFile(file, original);
      await writeFile(tenantFile, originalTenant);
    }
    // Schemes (or a scheme's versions) that list different strategies: no one question fits both.
    const tenant = { tenantUrl: 'bluewater.localhost', businessGroups: ['BLU'] };
    const drawdown = { code: 'LIFESTYLE_DRAWDOWN', name: 'Lifestyle: targeting drawdown' };
    const cash = { code: 'LIFESTYLE_CASH', name: 'Lifestyle: targeting cash' };
    expect(
      agreedStrategies(tenant, [
        { scheme: 'BDC (from 2026-01-01)', strategies: [drawdown, cash] },
        { scheme: 'BDC (from 2027-01-01)', strategies: [drawdown, { ...cash, name: 'Lifestyle: cash' }] },
      ]),
    ).toEqual({
      problem:
        'the DC schemes of tenant bluewater.localhost do not list the same strategies: BDC (from 2026-01-01) ' +
        'lists LIFESTYLE_DRAWDOWN "Lifestyle: targeting drawdown", LIFESTYLE_CASH "Lifestyle: targeting cash"; ' +
        'BDC (from 2027-01-01) lists LIFESTYLE_DRAWDOWN "Lifestyle: targeting drawdown", LIFESTYLE_CASH "Lifestyle: cash"',
    });
    expect(
      agreedStrategies(tenant, [{ scheme: 'BDC (from 2026-01-01)', strategies: [drawdown, cash] }]),
    ).toEqual({
      strategies: [drawdown, cash],
    });
  });

  it('rejects a journey that starts from a page the tenant does not have', async () => {
    const file = path.join(root, 'tenants/meridian/journeys.json');
    const original = await readFile(file, 'utf8');
    const [application, ...others] = JSON.parse(original);
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    await writeFile(file, JSON.stringify([{ ...application, entryPage: 'no_such_page' }, ...others]));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      `${shown(file)}: dbcoreretirementapplication: entryPage: no page of this tenant has the key "no_such_page"`,
    );
    await writeFile(file, original);
  });

  it('rejects a journey whose pages do not lead from its first page to its summary', async () => {
    const page = path.join(root, 'tenants/meridian/pages/retirement-application/ra-contact.json');
    const original = await readFile(page, 'utf8');
    const contact = JSON.parse(original);
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    await writeFile(
      page,
      JSON.stringify({ ...contact, journey: { ...contact.journey, next: 'ra_nowhere' } }),
    );
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      `${shown(page)}: dbcoreretirementapplication: ra_contact.next: "ra_nowhere" is not a page of journey dbcoreretirementapplication`,
    );
    const { next: _next, ...deadEnd } = contact.journey;
    await writeFile(
      page,
      JSON.stringify({
        ...contact,
        journey: {
          ...deadEnd,
          question: {
            ...deadEnd.question,
            answers: deadEnd.question.answers.map(({ next: _n, ...answer }: { next?: string }) => answer),
          },
        },
      }),
    );
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      `${shown(page)}: dbcoreretirementapplication: ra_contact: leads nowhere (give it "next", or "ends" for a page that ends the journey)`,
    );
    await writeFile(page, original);
  });

  it('rejects a condition on a question no page asks, a page no answers reach and a kind there is not, naming the file', async () => {
    const folder = path.join(root, 'tenants/meridian/pages/retirement-application');
    const page = path.join(folder, 'ra-contact.json');
    const original = await readFile(page, 'utf8');
    const contact = JSON.parse(original);
    const refusedWith = async (file: string, json: unknown, message: string) => {
      await writeFile(file, JSON.stringify(json));
      await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(message);
    };
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    try {
      await refusedWith(
        page,
        {
          ...contact,
          journey: {
            ...contact.journey,
            routes: [{ when: { question: 'favourite_colour', in: ['blue'] }, next: 'ra_identity' }],
          },
        },
        `${shown(page)}: dbcoreretirementapplication: ra_contact.routes[0].when: question "favourite_colour" is not asked on any page of journey dbcoreretirementapplication`,
      );
      await refusedWith(
        page,
        {
          ...contact,
          journey: { ...contact.journey, question: { ...contact.journey.question, kind: 'colour' } },
        },
        `${shown(page)}:`,
      );
      const kinds = await syncContent(ctx.database.db, root).catch((error: Error) => error.message);
      expect(kinds).toMatch(/journey\.question\.kind/);
      expect(kinds).toMatch(/Expected 'radios' \| 'date'/);
      expect(kinds).toMatch(/'money'/);
      await writeFile(page, original);
      const orphan = path.join(folder, 'ra-orphan.json');
      await refusedWith(
        orphan,
        {
          ...contact,
          key: 'ra_orphan',
          slug: '/retirement/apply/orphan',
          journey: { ...contact.journey, question: { ...contact.journey.question, key: 'orphan_answer' } },
        },
        `${shown(orphan)}: dbcoreretirementapplication: ra_orphan: cannot be reached from ra_guidance by any answers`,
      );
      await rm(orphan);
    } finally {
      await writeFile(page, original);
    }
  });

  it('serves a page from a subfolder of pages/, and refuses a second page with its key elsewhere', async () => {
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    const folder = path.join(root, 'tenants/meridian/pages/a-journey');
    await mkdir(folder, { recursive: true });
    const step = {
      slug: '/a-journey/start',
      key: 'a_journey_start',
      title: 'A journey in its own folder',
      isPublic: true,
      blocks: [{ type: 'richText', html: '<p>Filed in a subfolder.</p>' }],
    };
    await writeFile(path.join(folder, 'start.json'), JSON.stringify(step));
    await syncContent(ctx.database.db, root);
    const served = await ctx.app.inject({
      url: '/content-api/api/v2/content/unauthorized-page?pageUrl=/a-journey/start&tenantUrl=localhost',
    });
    expect(served.json().title).toBe('A journey in its own folder');

    const again = path.join(root, 'tenants/meridian/pages/other-journey/start.json');
    await mkdir(path.dirname(again), { recursive: true });
    await writeFile(again, JSON.stringify({ ...step, slug: '/other-journey/start' }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      `${shown(again)}: key "a_journey_start" is already the key of ${shown(path.join(folder, 'start.json'))}; each page needs its own`,
    );
    await rm(path.join(root, 'tenants/meridian/pages/other-journey'), { recursive: true });
    await rm(folder, { recursive: true });
    await syncContent(ctx.database.db, root);
  });

  it('rejects an image whose bytes are not an image', async () => {
    await writeFile(homePage(), JSON.stringify(await originalHome()));
    await writeFile(path.join(root, 'tenants/meridian/images/fake.png'), '<svg onload="alert(1)"></svg>');
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(
      /fake\.png: not a PNG, JPEG or WebP image/,
    );
  });
});
