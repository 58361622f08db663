import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../../src/areas/content/sync';
import { contentRoot } from '../../src/prepare';
import { useTestApp } from './harness';

/**
 * The files every site is asked for, and the single-page app's status: a path the tenant has no page
 * at answers 404 with the app's shell (which shows its not-found page).
 */

const webDist = mkdtempSync(path.join(tmpdir(), 'meridian-web-'));
const shell =
  '<!doctype html><html><head><title>Meridian</title></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(webDist, 'index.html'), shell);
const script = 'console.log("a hashed asset");';
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));

const ctx = useTestApp({ WEB_DIST_DIR: webDist });
const get = (url: string, host = 'localhost', method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers: { host, accept: 'text/html' } });

describe('the app shell’s status', () => {
  it('answers 200 for the app’s own pages and every content page, public or not, in any case', async () => {
    for (const url of [
      '/',
      '/login',
      '/hub',
      '/register',
      '/search',
      '/my-details/bank',
      '/pension-payments',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
    for (const url of ['/help', '/Help/', '/my-pension', '/retirement/apply/bank', '/hub?x=1']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get('/help', 'bluewater.localhost')).statusCode).toBe(200);
  });

  it('puts the tenant for the page’s host in the page, as the content API answers it, and null for an unknown host', async () => {
    const inlineTenant = async (host: string) => {
      const body = (await get('/login', host)).body;
      const json = /<script nonce="[^"]+">window\.__MERIDIAN_TENANT__=(.*?)<\/script>/.exec(body)?.[1];
      return JSON.parse(json!) as { tenantUrl: string } | null;
    };
    for (const host of ['localhost:4173', 'bluewater.localhost']) {
      const tenantUrl = host.split(':')[0]!;
      const answered = await ctx.app.inject({
        url: `/content-api/api/v2/content/tenant-content?tenantUrl=${tenantUrl}`,
        headers: { host },
      });
      expect(await inlineTenant(host), host).toEqual(answered.json());
    }
    expect(await inlineTenant('nobody.localhost')).toBeNull();
  });

  it('sends hashed assets cached for a year, as the build compressed them when the browser takes it', async () => {
    const asset = (encodings: string) =>
      ctx.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': encodings } });
    const compressed = await asset('gzip, deflate, br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload).toEqual(brotliCompressSync(script));
    const plain = await asset('identity');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
  });

  it('sets no cookie on a hashed asset, so shared caches keep it, while the page around it does', async () => {
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['set-cookie']).toBeUndefined();
    const page = await get('/login');
    expect(String(page.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('answers 404 with the shell where the tenant has no page, GET and HEAD alike', async () => {
    for (const url of ['/no/such/page', '/helpp', '/my-details/nothing']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
      expect((await get(url, 'localhost', 'HEAD')).statusCode, url).toBe(404);
    }
    // A page one tenant has is not another's.
    expect((await get('/retirement/options', 'bluewater.localhost')).statusCode).toBe(404);
    // API paths still answer JSON.
    const api = await get('/mdp-api/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('route_not_found');
  });

  describe('follows the tenant’s settings', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'meridian-shell-'));
      await cp(contentRoot, root, { recursive: true });
    });
    afterAll(async () => {
      await syncContent(ctx.database.db, contentRoot);
      await rm(root, { recursive: true, force: true });
    });

    it('a moved landing page and switched-off search', async () => {
      const file = path.join(root, 'tenants/meridian/tenant.json');
      const tenant = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(
        file,
        JSON.stringify({
          ...tenant,
          routes: { ...tenant.routes, landing: '/start' },
          features: { siteSearch: false },
        }),
      );
      await syncContent(ctx.database.db, root);
      expect((await get('/start')).statusCode).toBe(200);
      expect((await get('/search')).statusCode).toBe(404);
      expect((await get('/recherche')).statusCode).toBe(404);
      expect((await get('/search', 'bluewater.localhost')).statusCode).toBe(200);
    });
  });
});

describe('/robots.txt', () => {
  it('asks crawlers to index nothing outside production', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('/robots.txt in production', () => {
  const production = useTestApp({
    NODE_ENV: 'production',
    API_URL: 'https://portal.example.org',
    EPA_DOMAIN: 'epa.example.org',
    SECRETS_KEY: 'a-production-secrets-key-of-32-characters-or-more',
    WEB_DIST_DIR: webDist,
    MERIDIAN_DEMO: 'false',
  });

  it('keeps crawlers out of the APIs, the sign-in machinery and the member’s hub, and lets them read the public pages', async () => {
    const response = await production.app.inject({ url: '/robots.txt', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const disallowed = response.body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(
      expect.arrayContaining(['/mdp-api/', '/authentication-api/', '/content-api/', '/oidc/', '/hub']),
    );
    expect(disallowed).not.toContain('/');
    expect(response.body.startsWith('User-agent: *\n')).toBe(true);
  });
});

describe('/favicon.ico', () => {
  it('is each tenant’s own images/favicon.png', async () => {
    for (const [host, folder] of [
      ['localhost', 'meridian'],
      ['bluewater.localhost', 'bluewater'],
    ] as const) {
      const response = await get('/favicon.ico', host);
      expect(response.statusCode, host).toBe(200);
      expect(response.headers['content-type'], host).toBe('image/png');
      const expected = await readFile(path.join(contentRoot, 'tenants', folder, 'images/favicon.png'));
      expect(response.rawPayload.equals(expected), host).toBe(true);
    }
  });

  it('answers 404 for a host that is no tenant', async () => {
    const response = await get('/favicon.ico', 'nobody.example.org');
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('content_not_found');
  });
});
