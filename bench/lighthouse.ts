// Lighthouse (mobile preset, its default) for /login, the signed-in hub and two pages of a started DB
// retirement application (a step and check your answers), in Debian Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, DEMO_PASSWORD, pageRendered, scriptsBeforeRender } from './first-screen';
import { APPLICATION_PAGES, applicationAtCheckYourAnswers } from './retirement-application';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-extensions',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * Runs per page. One run's performance score on this VM moved by ten points between runs a minute
 * apart (86 to 96 for `/login`); Lighthouse's guidance on variability is to run five times and report
 * the median run, which is what this does.
 */
export const LIGHTHOUSE_RUNS = 5;

async function lighthouseRun(url: string, port: number): Promise<Result> {
  // Before each run Lighthouse empties the HTTP cache (every run loads the scripts afresh) but keeps
  // cookies and web storage (its default `clearStorageTypes`), so the hub is audited signed in.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const landedOn = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (!result.lhr.runtimeError && landedOn !== new URL(url).pathname)
    throw new Error(`Lighthouse asked for ${url} and was sent on to ${landedOn}`);
  return result.lhr;
}

function figuresOf({ categories, audits }: Result) {
  const failing = (category: (typeof CATEGORIES)[number]) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} ${Math.round((audits[ref.id]?.score ?? 0) * 100)}`);
  return {
    performance: scoreOf(categories, 'performance'),
    accessibility: scoreOf(categories, 'accessibility'),
    bestPractices: scoreOf(categories, 'best-practices'),
    firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    /** The scored audits that did not pass in full, with their score, for the two categories aiming at 100. */
    failingAudits: [...failing('accessibility'), ...failing('best-practices')],
    /** What moved, largest first: the element's selector and its share of the shift. */
    layoutShifts: shiftsOf(audits['layout-shifts']?.details),
  };
}

const scoreOf = (categories: Result['categories'], name: string) =>
  Math.round((categories[name]?.score ?? 0) * 100);

/**
 * LIGHTHOUSE_RUNS scored runs of a page and the figures of their median run (Lighthouse's own
 * choice: the run nearest the median first paint and time to interactive), with every run's
 * performance score beside them. Lighthouse now and then misses the navigation's start in this
 * Chromium (`NO_NAVSTART`) and scores nothing: such a run is not counted, and the figures list why
 * it failed.
 */
async function medianAudit(url: string, port: number) {
  const scored: Result[] = [];
  const unscored: string[] = [];
  while (scored.length < LIGHTHOUSE_RUNS && unscored.length < LIGHTHOUSE_RUNS) {
    const run = await lighthouseRun(url, port);
    if (run.runtimeError) unscored.push(run.runtimeError.code);
    else scored.push(run);
  }
  if (scored.length === 0) throw new Error(`Lighthouse could not score ${url}: ${unscored.join(', ')}`);
  return {
    ...figuresOf(computeMedianRun(scored)),
    performanceOfEachRun: scored.map((run) => scoreOf(run.categories, 'performance')),
    ...(unscored.length ? { unscoredRuns: unscored } : {}),
  };
}

function shiftsOf(details: unknown): Array<{ element: string; score: number }> {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  return items.map((item) => ({
    element: String((item.node as { selector?: string } | undefined)?.selector ?? 'unattributed'),
    score: Number(Number(item.score ?? 0).toFixed(3)),
  }));
}

/** A journey page's audit, with the scripts it loads before it renders (from an empty cache, signed in). */
async function journeyPageAudit(browser: Browser, url: string, port: number) {
  const audit = await medianAudit(url, port);
  const page = await browser.contexts()[0]!.newPage();
  try {
    await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
    const scripts = await scriptsBeforeRender(page, url, pageRendered);
    return { ...audit, initialJsGzipKb: scripts.gzipKb, initialScripts: scripts.scripts };
  } finally {
    await page.close();
  }
}

/**
 * `/login`, then the hub signed in as `username`; then, unless `withApplication` is false (a member who
 * cannot apply), the member's retirement application is taken to check your answers through the API
 * and its first step and check your answers are audited too. With `cookieChoiceMade`, every page is
 * audited as a returning visitor sees it: the cookie choice made, so no banner above the page.
 */
export async function runLighthouse(
  baseUrl: string,
  username = 'db.deferred',
  withApplication = true,
  { cookieChoiceMade = false } = {},
) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    if (cookieChoiceMade)
      await browser.contexts()[0]!.addCookies([{ name: 'cookie_consent', value: 'rejected', url: baseUrl }]);
    const login = await medianAudit(`${baseUrl}/login`, chrome.port);
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/hub$/);
    await page.close();
    // The hub is audited before the member has an application, as in every earlier run.
    const hub = await medianAudit(`${baseUrl}/hub`, chrome.port);
    if (!withApplication) {
      await browser.close();
      return { login, hub };
    }
    await applicationAtCheckYourAnswers(baseUrl, username);
    const journeyStep = await journeyPageAudit(
      browser,
      `${baseUrl}${APPLICATION_PAGES.journeyStep}`,
      chrome.port,
    );
    const checkYourAnswers = await journeyPageAudit(
      browser,
      `${baseUrl}${APPLICATION_PAGES.checkYourAnswers}`,
      chrome.port,
    );
    await browser.close();
    return { login, hub, journeyStep, checkYourAnswers };
  } finally {
    chrome.kill();
  }
}
