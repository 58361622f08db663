import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { contentImageUrl } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentFileError, syncContent } from '../../src/areas/content/sync';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { clearContentCache } from '../../src/areas/content/content-cache';

const ctx = useTestApp();
const tenantContent = (tenantUrl: string) =>
  ctx.app.inject({ url: `/content-api/api/v2/content/tenant-content?tenantUrl=${tenantUrl}` });

describe('tenant branding and integration settings', () => {
  it('gives each tenant its own logo image, typeface and outbound SSO address', async () => {
    const meridian = (await tenantContent('localhost')).json();
    const bluewater = (await tenantContent('bluewater.localhost')).json();
    expect(meridian).toMatchObject({
      logo: { image: 'images/logo.png', width: 147, height: 40 },
      font: 'source-sans-3',
      outboundSsoUrl: '/api/dev/other-member-site/sso',
    });
    expect(bluewater).toMatchObject({
      logo: { image: 'images/logo.png' },
      font: 'nunito',
      preRetirementAgePeriod: 10,
      newlyRetiredRange: 6,
    });
    expect(meridian).toMatchObject({ preRetirementAgePeriod: 5, newlyRetiredRange: 3 });
    expect(bluewater).not.toHaveProperty('outboundSsoUrl');

    const logo = await ctx.app.inject({
      url: '/content-api/api/v2/content/image-resouce?cmsRelativeUrl=images/logo.png&tenantUrl=bluewater.localhost',
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('versions the logo’s address by its bytes, so that address is cached for a year', async () => {
    const bytes = await readFile(path.join(contentRoot, 'tenants/bluewater/images/logo.png'));
    const { logo } = (await tenantContent('bluewater.localhost')).json();
    expect(logo.version).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 16));
    const logoAt = (address: string) => ctx.app.inject({ url: address });

    const versioned = await logoAt(contentImageUrl('bluewater.localhost', logo.image, logo.version));
    expect(versioned.statusCode).toBe(200);
    expect(versioned.rawPayload.equals(bytes)).toBe(true);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unversioned = await logoAt(contentImageUrl('bluewater.localhost', logo.image));
    expect(unversioned.headers['cache-control']).toBe('public, max-age=3600');
    const otherBytes = await logoAt(contentImageUrl('bluewater.localhost', logo.image, '0123456789abcdef'));
    expect(otherBytes.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('gives tenants synced before logos had versions theirs on migrating', async () => {
    const { db } = ctx.database;
    const { logo } = (await tenantContent('localhost')).json();
    // Written behind the content sync's back (and a migration runs before the server starts), so the
    // content cache is cleared as the sync clears it.
    await db.execute(sql`update content.tenants set settings = settings #- '{logo,version}'`);
    clearContentCache(db);
    expect((await tenantContent('localhost')).json().logo).not.toHaveProperty('version');
    const migration = await readFile(
      path.join(contentRoot, '../apps/server/drizzle/0020_tenant_logo_version.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    clearContentCache(db);
    expect((await tenantContent('localhost')).json().logo).toEqual(logo);
  });
});

describe('tenant files', () => {
  let root: string;
  const tenantFile = () => path.join(root, 'tenants/bluewater/tenant.json');
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'meridian-tenant-'));
    await cp(contentRoot, root, { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const syncWith = async (change: (tenant: Record<string, unknown>) => Record<string, unknown>) => {
    const original = JSON.parse(
      await readFile(path.join(contentRoot, 'tenants/bluewater/tenant.json'), 'utf8'),
    );
    await writeFile(tenantFile(), JSON.stringify(change(original)));
    return syncContent(ctx.database.db, root).catch((error: unknown) => error);
  };

  it('rejects a misspelt setting instead of dropping it, and keeps serving the last good version', async () => {
    const failure = await syncWith((tenant) => ({ ...tenant, primaryColour: '#000000' }));
    expect(failure).toBeInstanceOf(ContentFileError);
    expect((failure as ContentFileError).file).toBe(path.relative(path.dirname(root), tenantFile()));
    expect((failure as Error).message).toMatch(/primaryColour/);
    expect((await tenantContent('bluewater.localhost')).json().font).toBe('nunito');
  });

  it('rejects a logo that is not among the tenant’s images, an unknown font and an http SSO address', async () => {
    const noLogo = await syncWith((tenant) => ({
      ...tenant,
      logo: { image: 'images/missing.png', width: 10, height: 10 },
    }));
    expect((noLogo as Error).message).toMatch(/logo\.image: no image images\/missing\.png/);
    const font = await syncWith((tenant) => ({ ...tenant, font: 'comic-sans' }));
    expect((font as Error).message).toMatch(/font/);
    const sso = await syncWith((tenant) => ({ ...tenant, outboundSsoUrl: 'http://insecure.example' }));
    expect((sso as Error).message).toMatch(/outboundSsoUrl: a site path or an https:\/\/ address/);
  });
});

describe('the development stand-in for the other member site', () => {
  it('redeems the lookup code once and names the member and the relay state', async () => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('db.deferred');
    const { lookupCode } = (await agent.request({ url: '/mdp-api/api/sso/outbound' })).json();
    const relayState = 'https://epa.localhost/accounts/ssosamlgen/?next=/accounts/documents';
    const arrive = () =>
      ctx.app.inject({
        url: '/api/dev/other-member-site/sso',
        query: { lookupCode, relayState },
      });
    const first = await arrive();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.body).toContain('MER 1000001');
    expect(first.body).toContain(relayState);
    const again = await arrive();
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('Sign-in link not accepted');
  });
});

describe('feature switches', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'meridian-features-'));
    await cp(contentRoot, root, { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('a tenant that switches off site search and linked records refuses both', async () => {
    const file = path.join(root, 'tenants/meridian/tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn('linked');
    const switchTo = (referenceNumber: string) =>
      agent.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/switch-user',
        payload: { businessGroup: 'MER', referenceNumber },
      });
    const search = () =>
      ctx.app.inject({ url: '/content-api/api/v2/content/search?tenantUrl=localhost&q=pension' });
    expect((await search()).statusCode).toBe(200);
    expect((await switchTo('1000008')).statusCode).toBe(200);

    await writeFile(
      file,
      JSON.stringify({ ...tenant, features: { siteSearch: false, linkedRecords: false } }),
    );
    await syncContent(ctx.database.db, root);
    expect((await tenantContent('localhost')).json().features).toEqual({
      siteSearch: false,
      linkedRecords: false,
    });
    const refusedSearch = await search();
    expect(refusedSearch.statusCode).toBe(404);
    expect(refusedSearch.json().errors[0].code).toBe('search_not_offered');
    const refusedSwitch = await switchTo('1000007');
    expect(refusedSwitch.statusCode).toBe(403);
    expect(refusedSwitch.json().errors[0].code).toBe('linked_records_disabled');
  });

  it('refuses an unknown feature name in the tenant file', async () => {
    const file = path.join(root, 'tenants/meridian/tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...tenant, features: { liveChat: true } }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(/features.*liveChat|liveChat/);
  });
});

describe('life-stage periods', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'meridian-periods-'));
    await cp(contentRoot, root, { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const lifeStageOf = async (username: string, query = '') => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn(username);
    const response = await agent.request({
      url: `/mdp-api/api/content/access-key?tenantUrl=localhost${query}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json().attributes as { lifeStage: string }).lifeStage;
  };

  const statusLifeStageOf = async (username: string, query = '') => {
    const agent = new BrowserAgent(ctx.app);
    await agent.signIn(username);
    const response = await agent.request({
      url: `/mdp-api/api/members/current/retirement-application-status-v2${query}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { lifeStage: string }).lifeStage;
  };

  it('personalise the access key with the tenant’s pre-retirement period and newly-retired range', async () => {
    // db.active is 40, born after 5 April 1973 so earliest retirement age 57; db.pensioner retired 20 months ago.
    expect(await lifeStageOf('db.active')).toBe('NotEligibleToRetire');
    expect(await lifeStageOf('db.pensioner')).toBe('EstablishedRetiree');

    const file = path.join(root, 'tenants/meridian/tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...tenant, preRetirementAgePeriod: 20, newlyRetiredRange: 24 }));
    await syncContent(ctx.database.db, root);
    expect(await lifeStageOf('db.active')).toBe('PreRetiree');
    expect(await lifeStageOf('db.pensioner')).toBe('NewlyRetired');
    // Every figure worked out on the tenant's host uses them, not only the access key.
    expect(await statusLifeStageOf('db.active')).toBe('PreRetiree');
    expect(await statusLifeStageOf('db.active', '?preRetirementAgePeriod=5')).toBe('NotEligibleToRetire');

    // The periods a request names win over the tenant's.
    const named = '&preRetirementAgePeriodInYears=5&newlyRetiredRangeInMonth=3';
    expect(await lifeStageOf('db.active', named)).toBe('NotEligibleToRetire');
    expect(await lifeStageOf('db.pensioner', named)).toBe('EstablishedRetiree');
  });

  it('refuses periods out of range in the tenant file', async () => {
    const file = path.join(root, 'tenants/meridian/tenant.json');
    const tenant = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...tenant, preRetirementAgePeriod: -1 }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(/preRetirementAgePeriod/);
    await writeFile(file, JSON.stringify({ ...tenant, newlyRetiredRange: 2.5 }));
    await expect(syncContent(ctx.database.db, root)).rejects.toThrowError(/newlyRetiredRange/);
  });
});
