import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentOverview } from '@meridian/contracts';
import { pages, staffAudit } from '../../src/db/schema';
import { contentRoot } from '../../src/prepare';
import { demoStaff } from '../../src/seed/demo-staff';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import { staffSignedIn } from './staff-sign-in';

// The server loads a copy of the content, which the tests change as an editor would.
// Named content/ as the repository's is, so problems name files as they would there.
const copies = mkdtempSync(path.join(tmpdir(), 'meridian-console-content-'));
const root = path.join(copies, 'content');
cpSync(contentRoot, root, { recursive: true });
afterAll(() => rmSync(copies, { recursive: true, force: true }));
const context = useTestApp({ CONTENT_DIR: root });

const helpFile = path.join(root, 'tenants/meridian/pages/help.json');
const editor = demoStaff.find((staff) => staff.role === 'content_editor')!;
const errorCode = (response: { json: () => unknown }) =>
  (response.json() as { errors: Array<{ code: string; message: string }> }).errors[0]!;

const pageRow = async (tenantUrl: string, slug: string) =>
  (
    await context.database.db
      .select()
      .from(pages)
      .where(and(eq(pages.tenantUrl, tenantUrl), eq(pages.slug, slug)))
  )[0]!;

const audited = (action: string) =>
  context.database.db.select().from(staffAudit).where(eq(staffAudit.action, action)).orderBy(staffAudit.at);

describe('the console’s Content page', () => {
  it('shows a content editor their tenant’s pages and journeys, when they were loaded and that the files validate', async () => {
    const agent = await staffSignedIn(context, editor);
    const answer = await agent.request({ method: 'GET', url: '/admin-api/content' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { tenants } = answer.json() as ContentOverview;
    expect(tenants.map((tenant) => tenant.tenantUrl)).toEqual(['localhost']);
    const [meridian] = tenants;
    expect(meridian!.problem).toBeNull();
    expect(meridian!.loaded).toMatchObject({ version: expect.any(Number), at: expect.any(String) });
    expect(meridian!.pages).toContainEqual({
      key: 'help',
      title: 'Help and contact',
      slug: '/help',
      isPublic: true,
      journeyType: null,
    });
    const application = meridian!.journeys.find((journey) => journey.type === 'dbcoreretirementapplication');
    expect(application).toMatchObject({ title: 'Apply for your pension' });
    expect(application!.pageCount).toBe(
      meridian!.pages.filter((page) => page.journeyType === 'dbcoreretirementapplication').length,
    );
    expect(application!.pageCount).toBeGreaterThan(3);
    expect((await audited('content_view')).at(-1)).toMatchObject({
      outcome: 'success',
      details: { tenants: ['localhost'] },
    });
  });

  it('loads the tenant’s files now, its own alone; unchanged files load nothing new', async () => {
    const agent = await staffSignedIn(context, editor);
    const bluewaterBefore = await pageRow('bluewater.localhost', '/help');
    const original = await readFile(helpFile, 'utf8');
    await writeFile(
      helpFile,
      JSON.stringify({ ...JSON.parse(original), title: 'Help, and how to reach us' }),
    );
    try {
      const loaded = await agent.request({ method: 'POST', url: '/admin-api/content/localhost/load' });
      expect(loaded.statusCode, loaded.body).toBe(200);
      const answer = loaded.json() as { version: number; changed: boolean; pages: number };
      expect(answer).toMatchObject({ tenantUrl: 'localhost', changed: true });
      expect((await pageRow('localhost', '/help')).title).toBe('Help, and how to reach us');
      expect((await pageRow('localhost', '/help')).version).toBe(answer.version);
      // Bluewater's content is as it was.
      expect(await pageRow('bluewater.localhost', '/help')).toEqual(bluewaterBefore);
      const overview = await agent.request({ method: 'GET', url: '/admin-api/content' });
      expect((overview.json() as ContentOverview).tenants[0]!.loaded!.version).toBe(answer.version);

      const again = await agent.request({ method: 'POST', url: '/admin-api/content/localhost/load' });
      expect(again.json()).toMatchObject({ changed: false, version: answer.version });
      const loads = (await audited('content_load')).filter((row) => row.outcome === 'success');
      expect(loads.map((row) => [row.tenantUrl, row.details.changed])).toEqual([
        ['localhost', true],
        ['localhost', false],
      ]);
    } finally {
      await writeFile(helpFile, original);
    }
  });

  it('refuses files that do not validate, showing the problem and loading nothing', async () => {
    const agent = await staffSignedIn(context, editor);
    const original = await readFile(helpFile, 'utf8');
    await writeFile(helpFile, JSON.stringify({ ...JSON.parse(original), tittle: 'A misspelt key' }));
    try {
      const overview = await agent.request({ method: 'GET', url: '/admin-api/content' });
      expect((overview.json() as ContentOverview).tenants[0]!.problem).toMatch(
        /^content\/tenants\/meridian\/pages\/help\.json: .*tittle/,
      );
      const before = await databaseFingerprint(context.database);
      delete before['portal.staff_audit'];
      const refused = await agent.request({ method: 'POST', url: '/admin-api/content/localhost/load' });
      expect(refused.statusCode).toBe(422);
      expect(errorCode(refused)).toMatchObject({
        code: 'content_invalid',
        message: expect.stringMatching(/Nothing was loaded.*help\.json.*tittle/),
      });
      const after = await databaseFingerprint(context.database);
      delete after['portal.staff_audit'];
      expect(after).toEqual(before);
      expect((await audited('content_load')).at(-1)).toMatchObject({
        outcome: 'failure',
        tenantUrl: 'localhost',
        details: { reason: 'content_invalid', file: 'content/tenants/meridian/pages/help.json' },
      });
    } finally {
      await writeFile(helpFile, original);
    }
  });

  it('refuses another tenant’s content, and refuses caseworkers and auditors (audited); a content editor still gets no case', async () => {
    const agent = await staffSignedIn(context, editor);
    const theirs = await agent.request({
      method: 'POST',
      url: '/admin-api/content/bluewater.localhost/load',
    });
    expect([theirs.statusCode, errorCode(theirs).code]).toEqual([404, 'content_tenant_not_found']);
    const cases = await agent.request({ method: 'GET', url: '/admin-api/cases' });
    expect([cases.statusCode, errorCode(cases).code]).toEqual([403, 'staff_role_not_allowed']);

    const caseworker = await staffSignedIn(
      context,
      demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!,
    );
    for (const [method, url] of [
      ['GET', '/admin-api/content'],
      ['POST', '/admin-api/content/localhost/load'],
    ] as const) {
      const refused = await caseworker.request({ method, url });
      expect([refused.statusCode, errorCode(refused).code], url).toEqual([403, 'staff_role_not_allowed']);
    }
    const denied = [...(await audited('content_view')), ...(await audited('content_load'))].filter(
      (row) => row.outcome === 'denied',
    );
    expect(denied.map((row) => [row.action, row.details.role])).toEqual([
      ['content_view', 'caseworker'],
      ['content_load', 'caseworker'],
    ]);
  });
});
