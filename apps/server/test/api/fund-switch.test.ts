import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { addMonths, isoDate } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { memberCases, memberJourneys, staffAccounts } from '../../src/db/schema';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import { stepUp, answerStep } from './journey-submission';
import { pdfText } from '../pdf-text';

/**
 * dc.far's fund switch (journeys.json type `fundswitch`, pages content/tenants/meridian/pages/fund-switch;
 * the e2e is e2e/fund-switch.spec.ts): the lifestyle strategy or up to 4 of the tenant's funds
 * (funds.json) with shares adding up to 100, a step-up before it is sent, then an FSW1 case that stays
 * open in My requests until the scheme moves the pot (the pot itself is unchanged until then).
 */
const ctx = useTestApp();
const base = '/mdp-api/api/journeys/fundswitch';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

type Answered = { statusCode: number; body: string; json: () => { errors: Array<{ code: string }> } };
const codeOf = (response: Answered) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json().errors[0]!.code;
};
const post = (agent: BrowserAgent, path: string, payload: object) =>
  agent.request({ method: 'POST', url: `${base}${path}`, payload });
const answer = (
  agent: BrowserAgent,
  page: string,
  question: string,
  answerKey: string,
  answerValue?: string,
) => answerStep(agent, base, page, question, answerKey, answerValue);
/** The funds page's answer: each item a fund code (funds.json) and its percentage of the pot. */
const choose = (agent: BrowserAgent, items: ReadonlyArray<readonly [string, number]>) =>
  answer(
    agent,
    'fs_funds',
    'fund_choice',
    String(items.length),
    JSON.stringify(items.map(([option, share]) => ({ option, share }))),
  );

const pot = async (agent: BrowserAgent) => {
  const answered = await agent.request({ url: '/mdp-api/api/members/current/dc-pot' });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json();
};
/** The fund switch waiting for the scheme, as the member's funds page reads it. */
const pendingOf = async (agent: BrowserAgent) => {
  const answered = await agent.request({ url: '/mdp-api/api/members/current/fund-switch' });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json().pending;
};
/** What a switch would change, as the strategy and check pages read it. */
const previewOf = async (agent: BrowserAgent) => {
  const answered = await agent.request({ url: '/mdp-api/api/members/current/fund-switch/preview' });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json();
};
/** The scheme works the switch's case in the console: a caseworker moves it on, then completes it. */
async function caseworkerActs(caseNumber: string, action: 'status' | 'complete') {
  const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
  await ctx.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, caseworker.email));
  const staff = new BrowserAgent(ctx.app);
  const signIn = await staff.request({
    method: 'POST',
    url: '/admin-api/sign-in',
    payload: { email: caseworker.email, password: DEMO_STAFF_PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const code = await staff.request({
    method: 'POST',
    url: '/admin-api/sign-in/code',
    payload: { code: await generate({ secret: caseworker.totpSecret }) },
  });
  expect(code.statusCode, code.body).toBe(200);
  const done = await staff.request({
    method: 'POST',
    url: `/admin-api/cases/${caseNumber}/${action}`,
    payload:
      action === 'status'
        ? { status: 'In progress', memberNote: 'We are moving your pot.' }
        : { memberNote: 'Your pot has been moved into the funds you chose.' },
  });
  expect(done.statusCode, done.body).toBe(200);
}
const casesOf = async (agent: BrowserAgent) =>
  (await agent.request({ url: '/mdp-api/api/cases' })).json().cases as Array<{
    caseNumber: string;
    caseType: string;
    status: string;
    title: string;
  }>;
const summaryOf = async (caseNumber: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(memberCases)
    .where(eq(memberCases.caseNumber, caseNumber));
  return pdfText(Buffer.from(row!.summaryPdf!, 'base64'));
};

describe('the fund switch', () => {
  let dcFar: BrowserAgent | undefined;
  let firstSwitch = '';
  it('takes self-selected funds adding up to 100 only after a step-up, as an open FSW1 case, and refuses a bad total or a fund not offered, changing nothing', async () => {
    const agent = await signedIn('dc.far');
    dcFar = agent;
    const funds = (...items: Array<readonly [string, number]>) => choose(agent, items);
    const potBefore = await pot(agent);
    expect(potBefore.funds.length).toBeGreaterThan(0);
    expect(await pendingOf(agent)).toBeNull();
    expect((await post(agent, '/start', { currentPageKey: 'fs_choice' })).statusCode).toBe(204);
    expect((await answer(agent, 'fs_choice', 'investment_choice', 'self_select')).json()).toEqual({
      nextPageKey: 'fs_funds',
    });
    // No funds chosen yet: nothing to compare on the check page.
    expect((await previewOf(agent)).chosen).toBeNull();

    let before = await databaseFingerprint(ctx.database);
    for (const [items, code] of [
      [
        [
          ['GLOBAL_EQUITY', 70],
          ['PRE_RETIREMENT_BOND', 20],
        ],
        'list_total_mismatch',
      ],
      [
        [
          ['GLOBAL_EQUITY', 70],
          ['PRE_RETIREMENT_BOND', 40],
        ],
        'list_total_mismatch',
      ],
      [
        [
          ['GLOBAL_EQUITY', 70],
          ['PROPERTY_FUND', 30],
        ],
        'answer_not_an_option',
      ],
      [
        [
          ['GLOBAL_EQUITY', 50],
          ['GLOBAL_EQUITY', 50],
        ],
        'list_option_repeated',
      ],
      [[['GLOBAL_EQUITY', 101]], 'invalid_share'],
    ] as const) {
      const refused = await funds(...items);
      expect(codeOf(refused), JSON.stringify(items)).toBe(code);
    }
    const totalRefused = await funds(['GLOBAL_EQUITY', 70], ['PRE_RETIREMENT_BOND', 20]);
    expect(totalRefused.json().errors[0].message).toMatch(/must add up to exactly 100%/);
    // Nor can it be sent before the funds are chosen.
    expect(codeOf(await post(agent, '/submit', {}))).toBe('journey_incomplete');
    expect(await databaseFingerprint(ctx.database)).toEqual(before);

    // Shares to 2 decimal places that make exactly 100.
    expect(
      (await funds(['GLOBAL_EQUITY', 33.33], ['DIVERSIFIED_GROWTH', 33.33], ['CASH', 33.34])).json(),
    ).toEqual({
      nextPageKey: 'fs_check',
    });
    expect((await funds(['GLOBAL_EQUITY', 70], ['PRE_RETIREMENT_BOND', 30])).json()).toEqual({
      nextPageKey: 'fs_check',
    });
    // The check page compares the funds chosen with the pot's lifestyle strategy now.
    const preview = await previewOf(agent);
    expect(preview.current).toEqual(potBefore.glidePath);
    expect(preview.chosen).toEqual({
      choice: 'self_select',
      funds: [
        { code: 'GLOBAL_EQUITY', name: 'Global Equity Fund', percent: 70 },
        { code: 'PRE_RETIREMENT_BOND', name: 'Pre-Retirement Bond Fund', percent: 30 },
      ],
    });

    // Moving the pot's investments: the member confirms it is them first; nothing is sent without it.
    before = await databaseFingerprint(ctx.database);
    const unproven = await post(agent, '/submit', {});
    expect(unproven.statusCode, unproven.body).toBe(428);
    expect(unproven.json().errors[0].code).toBe('fresh_step_up_required');
    expect(await databaseFingerprint(ctx.database)).toEqual(before);
    expect((await casesOf(agent)).filter((found) => found.caseType === 'FSW1')).toEqual([]);

    await stepUp(agent, ctx.database);
    const sent = await post(agent, '/submit', {});
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^FSW1-\d+$/);

    // Pending: the case is open (Received) in My requests, and the pot stays as it was until the scheme moves it.
    const mine = (await casesOf(agent)).find((found) => found.caseNumber === caseNumber);
    expect(mine).toMatchObject({
      caseType: 'FSW1',
      status: 'Received',
      title: 'Change how your pot is invested',
    });
    expect((await pot(agent)).funds).toEqual(potBefore.funds);
    // The funds page shows it as pending, with what was asked for, read from the case's answers.
    expect(await pendingOf(agent)).toEqual({
      caseNumber,
      requestedOn: new Date().toISOString().slice(0, 10),
      status: 'Received',
      choice: 'self_select',
      strategy: null,
      funds: [
        { code: 'GLOBAL_EQUITY', name: 'Global Equity Fund', percent: 70 },
        { code: 'PRE_RETIREMENT_BOND', name: 'Pre-Retirement Bond Fund', percent: 30 },
      ],
    });
    firstSwitch = caseNumber;
    const summary = await summaryOf(caseNumber);
    expect(summary).toContain('In funds I choose');
    expect(summary).toContain('Global Equity Fund: 70%');
    expect(summary).toContain('Pre-Retirement Bond Fund: 30%');

    // Another member sees neither the switch nor its case.
    const other = await signedIn('dc.near');
    expect((await casesOf(other)).map((found) => found.caseNumber)).not.toContain(caseNumber);
    expect(await pendingOf(other)).toBeNull();
    const theirs = await other.request({ url: `${base}/data` });
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.json().errors[0].code).toBe('journey_not_found');
    const download = await other.request({ url: `${base}/pdf/download` });
    expect(download.statusCode, download.body).toBe(404);
    expect(codeOf(await post(other, '/submit', {}))).toBe('journey_not_found');
  });

  it('refuses a second switch while the first is pending (409 fund_switch_pending, nothing changed), and takes one once the scheme has applied it', async () => {
    const agent = dcFar!;
    const before = await databaseFingerprint(ctx.database);
    const refused = await post(agent, '/start', { currentPageKey: 'fs_choice' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'fund_switch_pending',
      message: expect.stringContaining(firstSwitch),
    });
    expect(await databaseFingerprint(ctx.database)).toEqual(before);
    expect((await pendingOf(agent)).caseNumber).toBe(firstSwitch);

    // Still pending while the scheme works on it.
    await caseworkerActs(firstSwitch, 'status');
    expect(await pendingOf(agent)).toMatchObject({ caseNumber: firstSwitch, status: 'In progress' });
    expect(codeOf(await post(agent, '/start', { currentPageKey: 'fs_choice' }))).toBe('fund_switch_pending');
    // Applied: no longer pending, and a new switch may start (the next test).
    await caseworkerActs(firstSwitch, 'complete');
    expect(await pendingOf(agent)).toBeNull();
    expect((await casesOf(agent)).find((found) => found.caseNumber === firstSwitch)).toMatchObject({
      status: 'Completed',
    });
  });

  it('records a choice of one of the scheme’s lifestyle strategies instead, with no funds asked', async () => {
    // The first test's session: its step-up is fresh for 15 minutes, and a new code cannot be asked
    // for again within 30 seconds.
    const agent = dcFar!;
    expect((await post(agent, '/start', { currentPageKey: 'fs_choice' })).statusCode).toBe(204);
    expect((await answer(agent, 'fs_choice', 'investment_choice', 'lifestyle')).json()).toEqual({
      nextPageKey: 'fs_strategy',
    });
    expect(codeOf(await answer(agent, 'fs_strategy', 'lifestyle_strategy', 'lifestyle_something'))).toBe(
      'answer_not_an_option',
    );
    expect((await answer(agent, 'fs_strategy', 'lifestyle_strategy', 'lifestyle_annuity')).json()).toEqual({
      nextPageKey: 'fs_check',
    });
    // Before confirming, the change: the annuity strategy (MDC-2026.1.json) starts 15 years before the
    // target date and ends in 75% bonds and 25% cash; each of the scheme's strategies to the same date.
    const { glidePath: now } = await pot(agent);
    const targetDate = isoDate(now.targetDate as string);
    const annuity = {
      strategyCode: 'LIFESTYLE_ANNUITY',
      strategyName: 'Lifestyle: targeting an annuity',
      startsOn: addMonths(targetDate, -15 * 12),
      targetDate,
      endsIn: [
        { code: 'PRE_RETIREMENT_BOND', name: 'Pre-Retirement Bond Fund', percent: 75 },
        { code: 'CASH', name: 'Cash Fund', percent: 25 },
      ],
    };
    const preview = await previewOf(agent);
    expect(preview.current).toEqual(now);
    expect(preview.chosen).toEqual({ choice: 'lifestyle', glidePath: annuity });
    expect(preview.strategies).toHaveLength(3);
    expect(preview.strategies[1]).toEqual(annuity);
    expect(preview.strategies[2]).toMatchObject({
      strategyCode: 'LIFESTYLE_CASH',
      startsOn: addMonths(targetDate, -10 * 12),
      endsIn: [{ code: 'CASH', percent: 100 }],
    });
    // Another member sees their own pot's strategies and no choice of dc.far's.
    expect((await previewOf(await signedIn('dc.near'))).chosen).toBeNull();
    const data = (await agent.request({ url: `${base}/data` })).json();
    expect(JSON.stringify(data)).not.toContain('fund_choice');

    // A switch sent meanwhile (another browser) and still open: this one is not sent on top of it.
    const [open] = await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(and(eq(memberJourneys.type, 'fundswitch'), eq(memberJourneys.status, 'Started')));
    const who = { businessGroup: open!.businessGroup, referenceNumber: open!.referenceNumber };
    await ctx.database.db.insert(memberCases).values({
      caseNumber: 'FSW1-999001',
      ...who,
      caseType: 'FSW1',
      title: 'Change how your pot is invested',
      journeyType: 'fundswitch',
    });
    await ctx.database.db.insert(memberJourneys).values({
      ...who,
      type: 'fundswitch',
      status: 'Submitted',
      caseNumber: 'FSW1-999001',
      startedAt: new Date(Date.now() - 3_600_000),
      submittedAt: new Date(Date.now() - 3_600_000),
      expiresAt: new Date(Date.now() - 3_600_000),
    });
    const before = await databaseFingerprint(ctx.database);
    expect(codeOf(await post(agent, '/submit', {}))).toBe('fund_switch_pending');
    expect(await databaseFingerprint(ctx.database)).toEqual(before);
    await ctx.database.db
      .update(memberCases)
      .set({ status: 'Rejected', closedAt: new Date() })
      .where(eq(memberCases.caseNumber, 'FSW1-999001'));

    const sent = await post(agent, '/submit', {});
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^FSW1-\d+$/);
    expect((await casesOf(agent)).find((found) => found.caseNumber === caseNumber)).toMatchObject({
      caseType: 'FSW1',
      status: 'Received',
    });
    expect(await pendingOf(agent)).toMatchObject({
      caseNumber,
      choice: 'lifestyle',
      strategy: { code: 'LIFESTYLE_ANNUITY', name: 'Lifestyle: targeting an annuity' },
      funds: [],
    });
    const summary = await summaryOf(caseNumber);
    expect(summary).toContain('In one of the scheme’s lifestyle strategies');
    expect(summary).toContain('Lifestyle: targeting an annuity');
    expect(summary).not.toContain('Global Equity Fund');
  });

  it('is not offered to a DB record', async () => {
    const agent = await signedIn('db.deferred');
    expect(codeOf(await post(agent, '/start', { currentPageKey: 'fs_choice' }))).toBe('journey_not_open');
    const preview = await agent.request({ url: '/mdp-api/api/members/current/fund-switch/preview' });
    expect(preview.statusCode, preview.body).toBe(404);
    expect(preview.json().errors[0].code).toBe('not_a_dc_record');
  });
});
