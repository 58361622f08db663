// The first screen as a browser sees it (Debian Chromium driven by playwright-core): scripts loaded before
// /login and the hub are rendered, and the API calls from pressing "Sign in" to a fully rendered hub.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request, type Response } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'MeridianDemo!2026';
const API_PREFIXES = ['/authentication-api/', '/content-api/', '/mdp-api/', '/api/'];
/** Reads sent together as one call: counted as one API call, each read listed (and checked for duplicates). */
const BATCH_PATH = '/mdp-api/api/batch';

const kilobytes = (bytes: number) => Number((bytes / 1000).toFixed(1));
const QUIET_MS = 1000;

/**
 * Resolves once no request has started or finished for a second. (Playwright's networkidle is only
 * about the document's first load, so it says nothing after a client-side navigation.)
 */
async function networkQuiet(page: Page) {
  let last = Date.now();
  let pending = 0;
  const started = () => ((last = Date.now()), (pending += 1));
  const ended = () => ((last = Date.now()), (pending = Math.max(0, pending - 1)));
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  while (pending > 0 || Date.now() - last < QUIET_MS) await page.waitForTimeout(100);
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
}

/** Every script the page loads until `rendered` resolves and the network has been quiet for a second. */
export async function scriptsBeforeRender(page: Page, url: string, rendered: (page: Page) => Promise<void>) {
  const scripts: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  };
  page.on('response', collect);
  await page.goto(url);
  await rendered(page);
  await networkQuiet(page);
  page.off('response', collect);
  const sizes = await Promise.all(
    scripts.map(async (response) => ({
      file: new URL(response.url()).pathname,
      gzipKb: kilobytes(gzipSync(await response.body()).length),
    })),
  );
  return {
    gzipKb: Number(sizes.reduce((total, script) => total + script.gzipKb, 0).toFixed(1)),
    scripts: sizes,
  };
}

const loginRendered = (page: Page) => page.getByLabel('Username').waitFor();
/** A signed-in page (the hub, a journey's page) is rendered once its h1 shows and nothing is loading. */
export const pageRendered = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).waitFor();
  // A journey step can show two at once (its page, then its question's field), so none may be left.
  await page.waitForFunction(() => !document.body.textContent?.includes('Loading...'));
};

interface DeclaredQueries {
  route: RegExp;
  names: Set<string>;
}

/** Each GET route's declared query parameters, from the server's OpenAPI document. */
async function declaredQueries(baseUrl: string): Promise<DeclaredQueries[]> {
  const response = await fetch(`${baseUrl}/docs/json`);
  const { paths } = (await response.json()) as {
    paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
  };
  return Object.entries(paths).flatMap(([path, { get }]) =>
    get
      ? [
          {
            route: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
            names: new Set(get.parameters?.filter((p) => p.in === 'query').map((p) => p.name)),
          },
        ]
      : [],
  );
}

/**
 * A GET as the server reads it: query parameters its route does not declare (a member-data read's
 * `tenantUrl`, say: the tenant comes from the host) are ignored by the server, so they are left out.
 */
function sameReadAs(routes: DeclaredQueries[], address: string) {
  const url = new URL(address, 'http://server');
  const declared = routes.find(({ route }) => route.test(url.pathname));
  if (!declared) return `${url.pathname}${url.search}`;
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => declared.names.has(name)));
  return `${url.pathname}${kept.size > 0 ? `?${kept}` : ''}`;
}

/** Signs in on /login and counts every request until the hub is rendered and the network is quiet. */
async function signInToHub(page: Page, baseUrl: string, username: string) {
  const routes = await declaredQueries(baseUrl);
  await page.goto(`${baseUrl}/login`);
  await loginRendered(page);
  await networkQuiet(page);
  const requests: string[] = [];
  /**
   * Every read asked for, a batch's reads one by one, as the server reads it: a read asked twice is a
   * duplicate, batched or not, whatever ignored parameters it carries.
   */
  const reads: string[] = [];
  const readable = (address: string) =>
    // Long query values (content access keys) are cut so the list stays readable.
    address.replace(/=([^&]{40})[^&]+/g, '=$1…');
  const collect = (request: Request) => {
    const url = new URL(request.url());
    const line = `${request.method()} ${readable(`${url.pathname}${url.search}`)}`;
    if (url.pathname === BATCH_PATH) {
      const { requests: batched } = request.postDataJSON() as { requests: { path: string }[] };
      requests.push(`${line} [${batched.map((read) => readable(read.path)).join(', ')}]`);
      reads.push(...batched.map((read) => `GET ${readable(sameReadAs(routes, read.path))}`));
    } else {
      requests.push(line);
      const address = `${url.pathname}${url.search}`;
      reads.push(
        `${request.method()} ${readable(request.method() === 'GET' ? sameReadAs(routes, address) : address)}`,
      );
    }
  };
  page.on('request', collect);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/hub$/);
  await pageRendered(page);
  await networkQuiet(page);
  page.off('request', collect);
  const api = requests.filter((request) =>
    API_PREFIXES.some((prefix) => request.split(' ')[1]!.startsWith(prefix)),
  );
  const counts = new Map<string, number>();
  for (const read of reads) counts.set(read, (counts.get(read) ?? 0) + 1);
  return {
    signInToHubApiCalls: api.length,
    signInToHubRequests: requests.length,
    signInToHubDuplicates: [...counts]
      .filter(([, count]) => count > 1)
      .map(([request, count]) => `${request} x${count}`),
    signInToHubApiCallList: api,
  };
}

export async function measureFirstScreen(baseUrl: string, username = 'db.deferred') {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const visitor = await browser.newContext();
    const login = await scriptsBeforeRender(await visitor.newPage(), `${baseUrl}/login`, loginRendered);
    const member = await browser.newContext();
    const calls = await signInToHub(await member.newPage(), baseUrl, username);
    const hub = await scriptsBeforeRender(await member.newPage(), `${baseUrl}/hub`, pageRendered);
    return {
      initialJsGzipKb: Math.max(login.gzipKb, hub.gzipKb),
      loginInitialJsGzipKb: login.gzipKb,
      hubInitialJsGzipKb: hub.gzipKb,
      hubInitialScripts: hub.scripts.map((script) => `${script.file} ${script.gzipKb} kB`),
      ...calls,
    };
  } finally {
    await browser.close();
  }
}
