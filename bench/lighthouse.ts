// Lighthouse (mobile preset, its default) for /login and the signed-in hub, in Debian Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD } from './first-screen';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-extensions',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

async function audit(url: string, port: number) {
  // The hub needs the session cookies the browser already holds, so storage is not reset between runs.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const failing = (category: (typeof CATEGORIES)[number]) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} ${Math.round((audits[ref.id]?.score ?? 0) * 100)}`);
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    /** The scored audits that did not pass in full, with their score, for the two categories aiming at 100. */
    failingAudits: [...failing('accessibility'), ...failing('best-practices')],
    /** What moved, largest first: the element's selector and its share of the shift. */
    layoutShifts: shiftsOf(audits['layout-shifts']?.details),
    /** Why Lighthouse could not score the page, when it could not (every score then reads 0). */
    ...(result.lhr.runtimeError ? { runtimeError: result.lhr.runtimeError.code } : {}),
  };
}

/**
 * Lighthouse now and then misses the navigation's start in this Chromium (`NO_NAVSTART`) and scores
 * nothing; a run that could not score the page is tried once more, and says so.
 */
async function scoredAudit(url: string, port: number) {
  const first = await audit(url, port);
  if (!first.runtimeError) return first;
  return { ...(await audit(url, port)), triedAgainAfter: first.runtimeError };
}

function shiftsOf(details: unknown): Array<{ element: string; score: number }> {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  return items.map((item) => ({
    element: String((item.node as { selector?: string } | undefined)?.selector ?? 'unattributed'),
    score: Number(Number(item.score ?? 0).toFixed(3)),
  }));
}

export async function runLighthouse(baseUrl: string, username = 'db.deferred') {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const login = await scoredAudit(`${baseUrl}/login`, chrome.port);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/hub$/);
    await page.close();
    const hub = await scoredAudit(`${baseUrl}/hub`, chrome.port);
    await browser.close();
    return { login, hub };
  } finally {
    chrome.kill();
  }
}
