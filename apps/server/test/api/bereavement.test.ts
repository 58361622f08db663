import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createDocumentStore } from '../../src/areas/documents/store';
import { sweepDocumentStore } from '../../src/areas/documents/library';
import { reportDocumentStore } from '../../src/areas/bereavement/documents';
import { matchReport, unmatchReport } from '../../src/areas/bereavement/matching';
import { purgeExpiredReports } from '../../src/areas/bereavement/purge';
import {
  bereavementDocuments,
  bereavementEmailFailures,
  bereavementJourneys,
  oidcModels,
  outboxMessages,
  userRecords,
  users,
  visitorJourneys,
} from '../../src/db/schema';
import { hashOfVisitorToken } from '../../src/lib/visitor-tokens';
import { BrowserAgent } from './browser-agent';
import { files, multipart } from './document-files';
import { databaseFingerprint } from './database-fingerprint';
import { useTestApp } from './harness';
import { signInWithProvider } from './oidc-flow';
import { pdfText } from '../pdf-text';

// No session cache: a suspended member's session ends on the next call, not up to 5 seconds later.
const ctx = useTestApp({
  BEREAVEMENT_JOURNEY_MINUTES: '15',
  BEREAVEMENT_CAPTCHA_WORK: '200',
  SESSION_CACHE_MS: '0',
});
const base = '/api/bereavement/journeys/bereavement';
type OpenApiCall = {
  summary?: string;
  parameters?: Array<{ name: string }>;
  security?: unknown[];
  responses?: Record<string, unknown>;
};
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

/** The files in the reports' own documents folder (none of a refused upload may land there). */
const reportFolder = () => {
  const folder = join(resolve(ctx.config.DOCUMENTS_DIR), 'bereavement');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

let addressCounter = 0;
const nextAddress = () => `10.40.0.${++addressCounter}`;

/** What the ALTCHA widget posts once it has solved the server's challenge. */
async function solvedCaptcha(agent: BrowserAgent) {
  // From an address of its own: the challenge is limited to 30 a minute per address.
  const challenge = (
    await agent.request({ url: '/api/bereavement/captcha-challenge', remoteAddress: nextAddress() })
  ).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function startedReporter(host = 'localhost') {
  const reporter = new BrowserAgent(ctx.app, host);
  const captcha = await solvedCaptcha(reporter);
  const started = await reporter.request({
    method: 'POST',
    url: `${base}/start`,
    payload: { captcha },
    remoteAddress: nextAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = started.cookies.find((candidate) => candidate.name === 'visitorJourney' && candidate.value)!;
  // Sent to the whole bereavement API (the spec's top-level token calls), and to nothing else.
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/bereavement', sameSite: 'Strict' });
  // One left at the report's own path (before the path was widened) is ended first, not left to hide it.
  const [ended, given] = started.cookies.filter((candidate) => candidate.name === 'visitorJourney');
  expect(ended).toMatchObject({ path: base, value: '' });
  expect(given).toEqual(cookie);
  return { reporter, token: cookie.value, captcha, expiresAt: new Date(started.json().expiresAt) };
}

/** The report's calls at the spec's paths, `/api/bereavement/<call>` (spec-paths.ts). */
const top = '/api/bereavement';

const answer = (
  reporter: BrowserAgent,
  currentPageKey: string,
  questionKey: string,
  answerKey: string,
  answerValue?: unknown,
  url = `${base}/submit-question-step`,
) =>
  reporter.request({
    method: 'POST',
    url,
    payload: {
      currentPageKey,
      questionKey,
      answerKey,
      ...(answerValue !== undefined && { answerValue: JSON.stringify(answerValue) }),
    },
  });

const deceased = {
  forenames: 'Arthur',
  surname: 'Pendle',
  dateOfBirth: '1950-03-14',
  address: { line1: '4 Mill Lane', town: 'Leeds', postcode: 'LS1 4AB' },
};

/** The latest code emailed to this address, from the outbox. */
async function emailedCode(address: string) {
  const [latest] = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, address), eq(outboxMessages.subject, 'Your code to report a death')),
    )
    .orderBy(desc(outboxMessages.createdAt));
  return /Your code is (\d{6})/.exec(latest!.body)![1]!;
}

/** Asks for a code from an address of its own: the call is limited to 10 an hour per address. */
const sendCode = (reporter: BrowserAgent) =>
  reporter.request({ method: 'POST', url: `${base}/email-token`, payload: {}, remoteAddress: nextAddress() });

/** Answers the pages up to the reporter's email address. */
async function walkToEmail(
  reporter: BrowserAgent,
  prefix = 'br',
  email = 'jo.pendle@example.org',
  url?: string,
) {
  const steps: Array<[string, string, string, unknown?]> = [
    [`${prefix}_deceased`, 'deceased', 'provided', deceased],
    [`${prefix}_date_of_death`, 'date_of_death', '2026-01-02'],
    [`${prefix}_ni_known`, 'ni_known', 'yes'],
    [`${prefix}_ni_number`, 'deceased_ni_number', 'AB 12 34 56 C'],
    [`${prefix}_reference_known`, 'reference_known', 'yes'],
    [`${prefix}_reference`, 'deceased_scheme_reference', '0123456'],
    [
      `${prefix}_reporter`,
      'reporter',
      'provided',
      { relationship: 'Child', forenames: 'Jo', surname: 'Pendle', phone: '07911 123456' },
    ],
    [`${prefix}_reporter_email`, 'reporter_email', email],
  ];
  for (const [page, key, value, json] of steps) {
    const sent = await answer(reporter, page, key, value, json, url);
    expect(sent.statusCode, `${page}: ${sent.body}`).toBe(200);
  }
}

/** The whole report, the email proven with the code the outbox holds. */
async function walk(reporter: BrowserAgent, prefix = 'br', email = 'jo.pendle@example.org') {
  await walkToEmail(reporter, prefix, email);
  const sent = await sendCode(reporter);
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json().email).toBe(email);
  const proven = await answer(reporter, `${prefix}_email_code`, 'email_code', await emailedCode(email));
  expect(proven.statusCode, proven.body).toBe(200);
  await walkFromDocuments(reporter, prefix);
}

/**
 * The pages after the email code: the death certificate (this upload of the report's, or none), the
 * next of kin, the executor and who to contact.
 */
async function walkFromDocuments(
  reporter: BrowserAgent,
  prefix: string,
  { certificate, url }: { certificate?: { id: string; name: string }; url?: string } = {},
) {
  const documents: Array<[string, string, string, unknown?]> = certificate
    ? [
        [`${prefix}_certificate_known`, 'certificate_known', 'yes'],
        [`${prefix}_certificate`, 'death_certificate', certificate.id, certificate],
        [`${prefix}_other_documents_known`, 'other_documents_known', 'no'],
      ]
    : [[`${prefix}_certificate_known`, 'certificate_known', 'no']];
  const steps: Array<[string, string, string, unknown?]> = [
    ...documents,
    [
      `${prefix}_next_of_kin`,
      'next_of_kin',
      '2',
      [
        { forenames: 'Mary', surname: 'Pendle', relationship: 'Spouse' },
        { forenames: 'Jo', surname: 'Pendle', relationship: 'Child' },
      ],
    ],
    [`${prefix}_executor_known`, 'executor_known', 'yes'],
    [
      `${prefix}_executor`,
      'executor',
      'provided',
      {
        forenames: 'Sam',
        surname: 'Okafor',
        address: { line1: '1 Park Row', town: 'Leeds', postcode: 'LS1 5AB' },
      },
    ],
    [`${prefix}_contact`, 'contact', 'executor'],
    [
      `${prefix}_contact_executor`,
      'executor_contact',
      'provided',
      { email: 'sam.okafor@example.org', phone: '0113 496 0001' },
    ],
  ];
  for (const [page, key, value, json] of steps) {
    const sent = await answer(reporter, page, key, value, json, url);
    expect(sent.statusCode, `${page}: ${sent.body}`).toBe(200);
  }
}

describe('reporting a death', () => {
  it('starts with a solved captcha, keeps the answers in the bereavement schema and sends a reference and an email', async () => {
    const { reporter, expiresAt } = await startedReporter();
    const minutesLeft = (expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    const definition = (await reporter.request({ url: `${base}/definition` })).json();
    expect(definition).toMatchObject({ audience: 'bereavement', firstPage: 'br_deceased' });

    await walk(reporter);
    // The token the answer proving the email gave (the one before opens nothing now).
    const token = reporter.cookies.get('visitorJourney')!;
    // Once the email is proven, each page keeps the report for an hour rather than 15 minutes.
    const { expirationDate } = (await reporter.request({ url: `${base}/data` })).json();
    expect((new Date(expirationDate).getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
    const [row] = await ctx.database.db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(row).toMatchObject({ type: 'bereavement', status: 'Started', tenantUrl: 'localhost' });
    expect(JSON.stringify(row)).toContain('Pendle');
    expect(JSON.stringify(row)).not.toContain(token);
    // Nothing of the report is kept with visitors' or members' journeys.
    const visitorRows = await ctx.database.db
      .select()
      .from(visitorJourneys)
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(visitorRows).toHaveLength(0);

    const sent = await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^BRV1-\d+$/);
    const emails = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'jo.pendle@example.org'));
    expect(emails.map((email) => email.subject)).toContain(`We have your report: ${caseNumber}`);
  });

  it('refuses a start without a captcha, with a forged or wrong one, and with one already spent', async () => {
    const reporter = new BrowserAgent(ctx.app);
    const start = (payload: object) =>
      reporter.request({ method: 'POST', url: `${base}/start`, payload, remoteAddress: nextAddress() });
    expect((await start({})).statusCode).toBe(400);
    expect(codeOf(await start({ captcha: 'not-a-payload' }))).toBe('captcha_invalid');
    const captcha = await solvedCaptcha(reporter);
    const payload = JSON.parse(Buffer.from(captcha, 'base64').toString());
    const wrong = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } };
    expect(codeOf(await start({ captcha: Buffer.from(JSON.stringify(wrong)).toString('base64') }))).toBe(
      'captcha_invalid',
    );
    const forged = { ...payload, challenge: { ...payload.challenge, signature: 'f'.repeat(64) } };
    expect(codeOf(await start({ captcha: Buffer.from(JSON.stringify(forged)).toString('base64') }))).toBe(
      'captcha_invalid',
    );
    expect((await start({ captcha })).statusCode).toBe(200);
    const other = new BrowserAgent(ctx.app);
    const replayed = await other.request({
      method: 'POST',
      url: `${base}/start`,
      payload: { captcha },
      remoteAddress: nextAddress(),
    });
    expect(codeOf(replayed)).toBe('captcha_used');
  });

  it('answers the spec’s captcha-verify: the solution is spent for a pass that starts one report once', async () => {
    const visitor = new BrowserAgent(ctx.app);
    const captcha = await solvedCaptcha(visitor);
    const verify = (payload: object) =>
      visitor.request({
        method: 'POST',
        url: '/api/bereavement/captcha-verify',
        payload,
        remoteAddress: nextAddress(),
      });
    const start = (pass: string) =>
      visitor.request({
        method: 'POST',
        url: `${base}/start`,
        payload: { captcha: pass },
        remoteAddress: nextAddress(),
      });
    expect((await verify({})).statusCode).toBe(400);
    expect(codeOf(await verify({ captcha: 'not-a-payload' }))).toBe('captcha_invalid');
    const verified = await verify({ captcha });
    expect(verified.statusCode, verified.body).toBe(200);
    const { captcha: pass, expiresAt } = verified.json();
    expect(pass).toMatch(/^pass\./);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    // The solution it was given is spent: it verifies and starts nothing again.
    expect(codeOf(await verify({ captcha }))).toBe('captcha_used');
    expect(codeOf(await start(captcha))).toBe('captcha_used');
    const before = await ctx.database.db.select().from(bereavementJourneys);
    const forged = `${pass.slice(0, -4)}AAAA`;
    expect(codeOf(await start(forged))).toBe('captcha_invalid');
    expect(await ctx.database.db.select().from(bereavementJourneys)).toHaveLength(before.length);
    const started = await start(pass);
    expect(started.statusCode, started.body).toBe(200);
    expect(codeOf(await start(pass))).toBe('captcha_used');
    expect(await ctx.database.db.select().from(bereavementJourneys)).toHaveLength(before.length + 1);
  });

  it('refuses a date of death before the date of birth, and saves nothing', async () => {
    const { reporter } = await startedReporter();
    const first = await answer(reporter, 'br_deceased', 'deceased', 'provided', deceased);
    expect(first.statusCode, first.body).toBe(200);
    const early = await answer(reporter, 'br_date_of_death', 'date_of_death', '1950-03-13');
    expect(early.statusCode).toBe(400);
    expect(codeOf(early)).toBe('date_of_death_before_birth');
    const beforeFuture = await databaseFingerprint(ctx.database);
    const folderBefore = reportFolder();
    const future = await answer(reporter, 'br_date_of_death', 'date_of_death', '2999-01-01');
    expect(codeOf(future)).toBe('date_in_future');
    expect(await databaseFingerprint(ctx.database)).toEqual(beforeFuture);
    expect(reportFolder()).toEqual(folderBefore);
    const state = (await reporter.request({ url: `${base}/data` })).json();
    expect(state.currentPageKey).toBe('br_date_of_death');
    const onBirthday = await answer(reporter, 'br_date_of_death', 'date_of_death', '1950-03-14');
    expect(onBirthday.statusCode, onBirthday.body).toBe(200);
    // Nor can a changed date of birth come after the date of death already given.
    const before = await databaseFingerprint(ctx.database);
    const bornLater = { ...deceased, dateOfBirth: '1950-03-15' };
    const changed = await answer(reporter, 'br_deceased', 'deceased', 'provided', bornLater);
    expect(codeOf(changed)).toBe('date_of_death_before_birth');
    expect(await databaseFingerprint(ctx.database)).toEqual(before);
    const bornEarlier = { ...deceased, dateOfBirth: '1950-03-13' };
    expect((await answer(reporter, 'br_deceased', 'deceased', 'provided', bornEarlier)).statusCode).toBe(200);
  });

  it('asks how to reach the person chosen to contact, and which next of kin when there are several', async () => {
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'chosen.contact@example.org');
    const page = async () => (await reporter.request({ url: `${base}/data` })).json().currentPageKey;
    expect(await page()).toBe('br_check');
    // Two next of kin: the report asks which of them, and how to reach them.
    expect((await answer(reporter, 'br_contact', 'contact', 'next_of_kin')).statusCode).toBe(200);
    expect(await page()).toBe('br_contact_which_next_of_kin');
    const chosen = { forenames: 'Mary', surname: 'Pendle', email: 'mary@example.org', phone: '07911 123457' };
    const which = await answer(
      reporter,
      'br_contact_which_next_of_kin',
      'chosen_next_of_kin',
      'provided',
      chosen,
    );
    expect(which.statusCode, which.body).toBe(200);
    expect(await page()).toBe('br_check');
    // One next of kin: only how to reach them.
    const one = [{ forenames: 'Mary', surname: 'Pendle', relationship: 'Spouse' }];
    expect((await answer(reporter, 'br_next_of_kin', 'next_of_kin', '1', one)).statusCode).toBe(200);
    expect((await answer(reporter, 'br_contact', 'contact', 'next_of_kin')).statusCode).toBe(200);
    expect(await page()).toBe('br_contact_next_of_kin');
    const noEmail = await answer(reporter, 'br_contact_next_of_kin', 'next_of_kin_contact', 'provided', {
      phone: '07911 123457',
    });
    expect(codeOf(noEmail)).toBe('invalid_email');
    const reach = { email: 'mary@example.org', phone: '07911 123457' };
    expect(
      (await answer(reporter, 'br_contact_next_of_kin', 'next_of_kin_contact', 'provided', reach)).statusCode,
    ).toBe(200);
    // The executor cannot be chosen once the reporter has said no one is dealing with the estate.
    expect((await answer(reporter, 'br_executor_known', 'executor_known', 'no')).statusCode).toBe(200);
    const before = await databaseFingerprint(ctx.database);
    const noExecutor = await answer(reporter, 'br_contact', 'contact', 'executor');
    expect(noExecutor.statusCode).toBe(400);
    expect(codeOf(noExecutor)).toBe('executor_not_known');
    expect(await databaseFingerprint(ctx.database)).toEqual(before);
    // Sent, the case shows staff how to reach the next of kin chosen.
    expect((await answer(reporter, 'br_contact', 'contact', 'next_of_kin')).statusCode).toBe(200);
    expect(
      (await answer(reporter, 'br_contact_next_of_kin', 'next_of_kin_contact', 'provided', reach)).statusCode,
    ).toBe(200);
    const sent = await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ summaryPdf: bereavementJourneys.summaryPdf })
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.caseNumber, sent.json().caseNumber));
    const text = await pdfText(Buffer.from(row!.summaryPdf!, 'base64'));
    expect(text).toContain('How can we contact their next of kin?');
    expect(text).toContain('mary@example.org');
  });

  it('keeps a report alive for 15 minutes, an hour once the email is proven, and refuses its token once it has expired, saving nothing', async () => {
    const db = ctx.database.db;
    const { reporter, token } = await startedReporter();
    const expiryOf = async (held: string) =>
      (
        await db
          .select({ expiresAt: bereavementJourneys.expiresAt })
          .from(bereavementJourneys)
          .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(held)))
      )[0]!.expiresAt;
    const setExpiry = (held: string, expiresAt: Date) =>
      db
        .update(bereavementJourneys)
        .set({ expiresAt })
        .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(held)));
    const minutesAhead = (at: Date | string) => (new Date(at).getTime() - Date.now()) / 60_000;
    expect((await answer(reporter, 'br_deceased', 'deceased', 'provided', deceased)).statusCode).toBe(200);

    // Not about to expire until the browser's warning would open: a minute before (reportWarningSeconds).
    const aboutToExpire = async () => (await reporter.request({ url: `${base}/data` })).json().aboutToExpire;
    expect(await aboutToExpire()).toBe(false);
    await setExpiry(token, new Date(Date.now() + 90_000));
    expect(await aboutToExpire()).toBe(false);
    // With a minute left (the browser's warning), keep-alive gives the report another 15 minutes.
    await setExpiry(token, new Date(Date.now() + 60_000));
    expect(await aboutToExpire()).toBe(true);
    const kept = await reporter.request({ method: 'POST', url: `${base}/keep-alive`, payload: {} });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(minutesAhead(kept.json().expiresAt)).toBeGreaterThan(14);
    expect(minutesAhead(kept.json().expiresAt)).toBeLessThanOrEqual(15);
    expect((await expiryOf(token)).toISOString()).toBe(kept.json().expiresAt);
    expect(await aboutToExpire()).toBe(false);

    // Once the time has passed, every call with the token is refused and nothing is kept.
    await setExpiry(token, new Date(Date.now() - 1000));
    const before = await databaseFingerprint(ctx.database);
    const pdf = await files.pdf('Death certificate');
    for (const refused of [
      await reporter.request({ url: `${base}/data` }),
      await answer(reporter, 'br_date_of_death', 'date_of_death', '2026-01-02'),
      await reporter.request({ method: 'POST', url: `${base}/keep-alive`, payload: {} }),
      await reporter.request({ method: 'POST', url: `${base}/email-token`, payload: {} }),
      await reporter.request({
        method: 'POST',
        url: `${base}/documents`,
        ...multipart([{ name: 'file', value: pdf, fileName: 'death-certificate.pdf' }]),
      }),
      await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} }),
      await reporter.request({ method: 'POST', url: `${base}/journey-submit`, payload: {} }),
      await reporter.request({ method: 'POST', url: `${base}/refresh-token`, payload: {} }),
      await reporter.request({ method: 'POST', url: '/api/bereavement/refresh-token', payload: {} }),
      await reporter.request({ method: 'POST', url: `${base}/verification-exchange-token`, payload: {} }),
      await reporter.request({
        method: 'POST',
        url: `${base}/submit-email`,
        payload: { emailConfirmationToken: '123456' },
      }),
      await reporter.request({
        method: 'PUT',
        url: `${base}/documents/${randomUUID()}`,
        payload: { documentType: 'Will' },
      }),
      await reporter.request({ method: 'DELETE', url: `${base}/documents/${randomUUID()}` }),
      await reporter.request({ method: 'DELETE', url: `${base}/documents` }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(codeOf(refused)).toBe('visitor_session_expired');
    }
    expect(await databaseFingerprint(ctx.database)).toEqual(before);

    // A report whose email is proven is kept for an hour from each keep-alive.
    const { reporter: proven } = await startedReporter();
    await walk(proven, 'br', 'kept.alive@example.org');
    const provenToken = proven.cookies.get('visitorJourney')!;
    await setExpiry(provenToken, new Date(Date.now() + 60_000));
    const longer = await proven.request({ method: 'POST', url: `${base}/keep-alive`, payload: {} });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(minutesAhead(longer.json().expiresAt)).toBeGreaterThan(59);
    expect((await expiryOf(provenToken)).toISOString()).toBe(longer.json().expiresAt);
  });

  it('answers the engine’s question-form, previous-step and integrity on the report, under its token', async () => {
    const { reporter } = await startedReporter();
    expect((await answer(reporter, 'br_deceased', 'deceased', 'provided', deceased)).statusCode).toBe(200);
    expect((await answer(reporter, 'br_date_of_death', 'date_of_death', '2026-01-02')).statusCode).toBe(200);
    const form = await reporter.request({ url: `${base}/question-form/br_deceased` });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ questionKey: 'deceased', answerKey: 'provided' });
    expect(JSON.parse(form.json().answerValue)).toMatchObject({ forenames: 'Arthur', surname: 'Pendle' });
    expect((await reporter.request({ url: `${base}/previous-step/br_ni_known` })).json()).toEqual({
      previousPageKey: 'br_date_of_death',
    });
    // A page not reached yet sends the reporter back to the one they are on.
    expect((await reporter.request({ url: `${base}/integrity/br_reporter_email` })).json()).toEqual({
      redirectStepPageKey: 'br_ni_known',
    });
    // Without the report's token: 401, for each.
    const stranger = new BrowserAgent(ctx.app);
    for (const call of ['question-form/br_deceased', 'previous-step/br_ni_known', 'integrity/br_deceased'])
      expect((await stranger.request({ url: `${base}/${call}` })).statusCode, call).toBe(401);
  });

  it('scopes the token to the report: a member session never opens it, and it opens no member or visitor API', async () => {
    const { reporter, token } = await startedReporter();
    const member = new BrowserAgent(ctx.app);
    await member.signIn('db.active');
    // A signed-in member's session opens no report; with the report's own token they report as anyone.
    const asMember = await member.request({ url: `${base}/data` });
    expect(asMember.statusCode).toBe(401);
    expect(codeOf(asMember)).toBe('visitor_token_missing');
    member.cookies.set('visitorJourney', token);
    expect((await member.request({ url: `${base}/data` })).statusCode).toBe(200);
    // The callback request still refuses a member session.
    const onVisitorApi = await member.request({ url: '/api/visitor/journeys/requestacallback/definition' });
    expect(codeOf(onVisitorApi)).toBe('member_session_on_visitor_api');
    const onMemberApi = await reporter.request({
      url: '/mdp-api/api/journeys/bereavement/data',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onMemberApi.statusCode).toBe(401);
    expect(codeOf(onMemberApi)).toBe('visitor_token_on_member_api');
    const onCallback = await ctx.app.inject({
      url: '/api/visitor/journeys/requestacallback/data',
      cookies: { visitorJourney: token },
    });
    expect(onCallback.statusCode).toBe(401);
    // The callback request is not on the bereavement API, nor the report on the visitor API.
    expect(
      (await reporter.request({ url: '/api/bereavement/journeys/requestacallback/definition' })).statusCode,
    ).toBe(404);
    expect((await reporter.request({ url: '/api/visitor/journeys/bereavement/definition' })).statusCode).toBe(
      404,
    );
  });

  it('looks addresses up under the report’s own token, not the member API', async () => {
    const { reporter } = await startedReporter();
    const search = await reporter.request({
      url: `${base}/addresses/search?text=quay%20street%20manchester`,
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json() as Array<{ id: string; kind: string; text: string }>;
    const address = found.find((item) => item.kind === 'Address')!;
    expect(address.text).toContain('Quay Street');
    const full = await reporter.request({ url: `${base}/addresses/${encodeURIComponent(address.id)}` });
    expect(full.json()).toMatchObject({ town: 'Manchester' });
    const countries = await reporter.request({ url: `${base}/addresses/countries` });
    expect(countries.json()[0]).toMatchObject({ code: 'GB' });
    expect((await reporter.request({ url: `${base}/addresses/no-such-address` })).statusCode).toBe(404);
    // Without the report's token there is no lookup, and the member's lookup still needs a member.
    const stranger = new BrowserAgent(ctx.app);
    expect((await stranger.request({ url: `${base}/addresses/search?text=leeds` })).statusCode).toBe(401);
    expect((await reporter.request({ url: '/mdp-api/api/addresses/search?text=leeds' })).statusCode).toBe(
      401,
    );
  });

  it('runs on Bluewater from its own content, with its own reference', async () => {
    const { reporter } = await startedReporter('bluewater.localhost');
    await walk(reporter, 'bw_br', 'bw.reporter@example.org');
    const sent = await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().caseNumber).toMatch(/^BBR1-\d+$/);
  });

  it('sends the report only once the email is proven; wrong codes are counted against the address across reports, and the fifth locks it for a day', async () => {
    const { reporter } = await startedReporter();
    const email = 'locked.out@example.org';
    await walkToEmail(reporter, 'br', email);
    expect((await sendCode(reporter)).statusCode).toBe(200);
    const code = await emailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await answer(reporter, 'br_email_code', 'email_code', wrong);
    expect(codeOf(first)).toBe('email_code_invalid');
    expect(first.json().errors[0].message).toContain('4 tries left');
    // The page is not left, and a report whose email is not proven is not sent.
    expect((await reporter.request({ url: `${base}/data` })).json().currentPageKey).toBe('br_email_code');
    expect(codeOf(await answer(reporter, 'br_email_code', 'email_code', wrong))).toBe('email_code_invalid');
    // A new report for the same address brings no new tries.
    const { reporter: another } = await startedReporter();
    await walkToEmail(another, 'br', email);
    expect((await sendCode(another)).statusCode).toBe(200);
    const anotherCode = await emailedCode(email);
    const anotherWrong = anotherCode === '000000' ? '111111' : '000000';
    const third = await answer(another, 'br_email_code', 'email_code', anotherWrong);
    expect(third.json().errors[0].message).toContain('2 tries left');
    expect(codeOf(await answer(another, 'br_email_code', 'email_code', anotherWrong))).toBe(
      'email_code_invalid',
    );
    expect(codeOf(await answer(reporter, 'br_email_code', 'email_code', wrong))).toBe('email_locked');
    // Locked: even the right code, a new one, and a third report for the address are refused for a day.
    expect(codeOf(await answer(reporter, 'br_email_code', 'email_code', code))).toBe('email_locked');
    expect(codeOf(await answer(another, 'br_email_code', 'email_code', anotherCode))).toBe('email_locked');
    expect(codeOf(await sendCode(reporter))).toBe('email_locked');
    const { reporter: yetAnother } = await startedReporter();
    await walkToEmail(yetAnother, 'br', email);
    expect(codeOf(await sendCode(yetAnother))).toBe('email_locked');
    const rows = await ctx.database.db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.email, email));
    expect(rows.map((row) => row.emailProvenAt)).toEqual([null, null]);
    const failuresOf = () =>
      ctx.database.db
        .select()
        .from(bereavementEmailFailures)
        .where(eq(bereavementEmailFailures.addressHash, createHash('sha256').update(email).digest('hex')));
    const [failures] = await failuresOf();
    expect(failures!.failures).toBe(5);
    expect(failures!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // The purge keeps the count while its lock lasts, and forgets it after.
    const store = reportDocumentStore(ctx.config);
    await purgeExpiredReports(ctx.database.db, store);
    expect(await failuresOf()).toHaveLength(1);
    await purgeExpiredReports(ctx.database.db, store, new Date(Date.now() + 25 * 3_600_000));
    expect(await failuresOf()).toEqual([]);
  });

  it('sends one address at most 5 codes an hour, from any number of reports and addresses', async () => {
    const email = 'flooded@example.org';
    const codes = [];
    for (let report = 0; report < 6; report++) {
      const { reporter } = await startedReporter();
      await walkToEmail(reporter, 'br', email);
      codes.push(
        await reporter.request({
          method: 'POST',
          url: `${base}/email-token`,
          payload: {},
          remoteAddress: nextAddress(),
        }),
      );
    }
    expect(codes.slice(0, 5).map((sent) => sent.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]!.statusCode).toBe(429);
    expect(codeOf(codes[5]!)).toBe('email_codes_exceeded');
    const sent = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(sent).toHaveLength(5);
  });

  it('refuses to send a report whose email is not proven, or was changed after it was', async () => {
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'first@example.org');
    const changed = await answer(reporter, 'br_reporter_email', 'reporter_email', 'second@example.org');
    expect(changed.statusCode, changed.body).toBe(200);
    const sent = await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode).toBe(400);
    expect(codeOf(sent)).toBe('email_not_proven');
  });

  it('purges expired unsent reports with their documents’ rows and files, keeps sent ones, and shares the work between two purges', async () => {
    const db = ctx.database.db;
    const store = reportDocumentStore(ctx.config);
    const past = new Date(Date.now() - 60_000);
    const expired = [];
    for (let index = 0; index < 3; index++) {
      const { token } = await startedReporter();
      const [row] = await db
        .update(bereavementJourneys)
        .set({ expiresAt: past })
        .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(token)))
        .returning();
      const storeKey = randomUUID();
      await store.put(storeKey, Buffer.from('%PDF-1.4 death certificate'), 'application/pdf');
      await db.insert(bereavementDocuments).values({
        journeyId: row!.id,
        name: 'death-certificate.pdf',
        documentType: 'Death certificate',
        mediaType: 'application/pdf',
        sizeBytes: 26,
        storeKey,
      });
      expired.push({ id: row!.id, storeKey });
    }
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'kept@example.org');
    const sentToken = reporter.cookies.get('visitorJourney')!;
    expect((await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} })).statusCode).toBe(
      200,
    );
    await db
      .update(bereavementJourneys)
      .set({ expiresAt: past })
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(sentToken)));
    const { token: liveToken } = await startedReporter();

    const [first, second] = await Promise.all([
      purgeExpiredReports(db, store),
      purgeExpiredReports(db, store),
    ]);
    expect(first.reports + second.reports).toBeGreaterThanOrEqual(3);
    expect(first.files + second.files).toBeGreaterThanOrEqual(3);
    for (const { id, storeKey } of expired) {
      expect(await db.select().from(bereavementJourneys).where(eq(bereavementJourneys.id, id))).toHaveLength(
        0,
      );
      expect(
        await db.select().from(bereavementDocuments).where(eq(bereavementDocuments.journeyId, id)),
      ).toHaveLength(0);
      await expect(store.open(storeKey)).rejects.toThrow();
    }
    const kept = await db
      .select()
      .from(bereavementJourneys)
      .where(
        sql`${bereavementJourneys.tokenHash} in (${hashOfVisitorToken(sentToken)}, ${hashOfVisitorToken(liveToken)})`,
      );
    expect(kept.map((row) => row.status).sort()).toEqual(['Started', 'Submitted']);
  });

  it('takes the death certificate only once the email is proven, checks its bytes, keeps it apart from members’ files and purges it from disk', async () => {
    const db = ctx.database.db;
    const upload = async (reporter: BrowserAgent, fileName: string, bytes: Buffer, documentType?: string) =>
      reporter.request({
        method: 'POST',
        url: `${base}/documents`,
        ...multipart([
          ...(documentType ? [{ name: 'documentType', value: documentType }] : []),
          { name: 'file', value: bytes, fileName, contentType: 'application/pdf' },
        ]),
      });
    const certificate = await files.pdf('Certificate of death');
    const { reporter, token } = await startedReporter();
    await walkToEmail(reporter, 'br', 'uploads@example.org');
    // Not before the email is proven: nothing is stored.
    const early = await upload(reporter, 'certificate.pdf', certificate);
    expect(early.statusCode).toBe(403);
    expect(codeOf(early)).toBe('email_not_proven');
    const [report] = await db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(
      await db.select().from(bereavementDocuments).where(eq(bereavementDocuments.journeyId, report!.id)),
    ).toEqual([]);

    expect((await sendCode(reporter)).statusCode).toBe(200);
    const code = await emailedCode('uploads@example.org');
    expect((await answer(reporter, 'br_email_code', 'email_code', code)).statusCode).toBe(200);
    // A disguised file (a program called .pdf, a PNG called .pdf), an empty one and one too large are
    // refused: no row, no file in the reports' folder.
    const beforeRefusals = await databaseFingerprint(ctx.database);
    const folderBefore = reportFolder();
    expect(codeOf(await upload(reporter, 'certificate.pdf', files.executable()))).toBe(
      'file_type_not_allowed',
    );
    expect(codeOf(await upload(reporter, 'certificate.pdf', files.png()))).toBe('file_name_type_mismatch');
    expect(codeOf(await upload(reporter, 'certificate.pdf', Buffer.alloc(0)))).toBe('file_empty');
    const tooBig = await upload(reporter, 'big.pdf', Buffer.concat([certificate, Buffer.alloc(10_000_001)]));
    expect(tooBig.statusCode).toBe(413);
    expect(codeOf(tooBig)).toBe('file_too_large');
    expect(await databaseFingerprint(ctx.database)).toEqual(beforeRefusals);
    expect(reportFolder()).toEqual(folderBefore);

    const sent = await upload(reporter, 'certificate.pdf', certificate, 'Death certificate');
    expect(sent.statusCode, sent.body).toBe(201);
    const document = sent.json();
    expect(document).toMatchObject({ filename: 'certificate.pdf', documentType: 'Death certificate' });
    // On disk under the report's own folder, which the members' orphan sweep does not read.
    const root = resolve(ctx.config.DOCUMENTS_DIR);
    const onDisk = join(root, 'bereavement', document.fileUuid);
    expect(existsSync(onDisk)).toBe(true);
    await sweepDocumentStore(db, createDocumentStore(ctx.config), new Date(Date.now() + 2 * 3_600_000));
    expect(existsSync(onDisk)).toBe(true);

    const listed = (await reporter.request({ url: `${base}/documents` })).json().documents;
    expect(listed).toEqual([document]);
    const renamed = await reporter.request({
      method: 'PUT',
      url: `${base}/documents/${document.fileUuid}`,
      payload: { documentType: 'Copy of the death certificate' },
    });
    expect(renamed.json().documentType).toBe('Copy of the death certificate');

    const uploaded = { id: document.fileUuid, name: 'certificate.pdf' };
    expect((await answer(reporter, 'br_certificate_known', 'certificate_known', 'yes')).statusCode).toBe(200);
    // Another report's document, or one never uploaded, cannot be named.
    const stranger = await answer(reporter, 'br_certificate', 'death_certificate', randomUUID(), {
      id: randomUUID(),
      name: 'certificate.pdf',
    });
    expect(codeOf(stranger)).toBe('file_not_found');
    const named = await answer(reporter, 'br_certificate', 'death_certificate', uploaded.id, uploaded);
    expect(named.statusCode, named.body).toBe(200);

    // Removed, it is gone from disk, and the page can no longer name it.
    const spare = (await upload(reporter, 'spare.pdf', certificate)).json();
    const removed = await reporter.request({ method: 'DELETE', url: `${base}/documents/${spare.fileUuid}` });
    expect(removed.statusCode).toBe(204);
    expect(existsSync(join(root, 'bereavement', spare.fileUuid))).toBe(false);
    expect(
      (await reporter.request({ method: 'DELETE', url: `${base}/documents/${spare.fileUuid}` })).statusCode,
    ).toBe(404);

    // Another reporter sees none of it.
    const { reporter: other } = await startedReporter();
    expect((await other.request({ url: `${base}/documents` })).json().documents).toEqual([]);
    expect(
      (await other.request({ method: 'DELETE', url: `${base}/documents/${document.fileUuid}` })).statusCode,
    ).toBe(404);

    // Left unsent, the purge removes its rows and its file on disk.
    await db
      .update(bereavementJourneys)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bereavementJourneys.id, report!.id));
    await purgeExpiredReports(db, reportDocumentStore(ctx.config));
    expect(
      await db.select().from(bereavementDocuments).where(eq(bereavementDocuments.journeyId, report!.id)),
    ).toEqual([]);
    expect(existsSync(onDisk)).toBe(false);
  });

  it('removes every document at once, and not once the report is sent', async () => {
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'remove.all@example.org');
    const pdf = await files.pdf('Will');
    for (const name of ['will.pdf', 'probate.pdf']) {
      const sent = await reporter.request({
        method: 'POST',
        url: `${base}/documents`,
        ...multipart([{ name: 'file', value: pdf, fileName: name }]),
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expect((await reporter.request({ method: 'DELETE', url: `${base}/documents` })).statusCode).toBe(204);
    expect((await reporter.request({ url: `${base}/documents` })).json().documents).toEqual([]);
    const kept = await reporter.request({
      method: 'POST',
      url: `${base}/documents`,
      ...multipart([{ name: 'file', value: pdf, fileName: 'will.pdf' }]),
    });
    expect((await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} })).statusCode).toBe(
      200,
    );
    const afterSending = await reporter.request({
      method: 'DELETE',
      url: `${base}/documents/${kept.json().fileUuid}`,
    });
    expect(afterSending.statusCode).toBe(409);
    expect(codeOf(afterSending)).toBe('report_sent');
  });

  it('matches a sent report to the member, which suspends their account and ends its sessions; a mistaken match is undone', async () => {
    const db = ctx.database.db;
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'match@example.org');
    const { caseNumber } = (
      await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} })
    ).json();
    const member = new BrowserAgent(ctx.app);
    expect((await member.signIn('dc.near')).statusCode).toBe(200);
    expect((await member.request({ url: '/mdp-api/api/cases' })).statusCode).toBe(200);
    const [account] = await db.select().from(users).where(eq(users.username, 'dc.near'));
    const [record] = await db
      .select()
      .from(userRecords)
      .where(and(eq(userRecords.userId, account!.id), eq(userRecords.isPrimary, true)));
    // A browser signed in on the embedded provider's page too: its provider session must end (issue 41).
    await signInWithProvider(new BrowserAgent(ctx.app), 'dc.near');
    const providerSessions = () =>
      db
        .select({ id: oidcModels.id })
        .from(oidcModels)
        .where(
          and(eq(oidcModels.model, 'Session'), sql`${oidcModels.payload} ->> 'accountId' = ${account!.id}`),
        );
    expect(await providerSessions()).toHaveLength(1);

    // Refused: no such report, a report not sent, no such member.
    await expect(matchReport(db, 'BRV1-999999999', record!.referenceNumber)).rejects.toMatchObject({
      code: 'report_not_found',
    });
    await expect(matchReport(db, caseNumber, '0000000')).rejects.toMatchObject({ code: 'member_not_found' });

    const match = await matchReport(db, caseNumber, record!.referenceNumber);
    expect(match).toMatchObject({
      businessGroup: record!.businessGroup,
      suspendedUsers: 1,
      endedProviderSessions: 1,
    });
    expect(match.endedSessions).toBeGreaterThanOrEqual(1);
    expect(await providerSessions()).toEqual([]);
    const [suspended] = await db.select().from(users).where(eq(users.id, account!.id));
    expect(suspended!.suspendedReason).toBe(`Reported as died (report ${caseNumber})`);
    const [matched] = await db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.caseNumber, caseNumber));
    expect(matched).toMatchObject({
      matchedReferenceNumber: record!.referenceNumber,
      matchedBusinessGroup: record!.businessGroup,
    });
    // The session has ended, and the right password is told the account is closed.
    const ended = await member.request({ url: '/mdp-api/api/cases' });
    expect(ended.statusCode).toBe(401);
    const again = await new BrowserAgent(ctx.app).signIn('dc.near');
    expect(again.statusCode).toBe(403);
    expect(codeOf(again)).toBe('account_suspended');
    // A wrong password still answers as any wrong password does.
    expect(codeOf(await new BrowserAgent(ctx.app).signIn('dc.near', 'not-the-password'))).toBe(
      'invalid_credentials',
    );
    // Matching again to the same member changes nothing; to another is refused until undone.
    expect((await matchReport(db, caseNumber, record!.referenceNumber)).suspendedUsers).toBe(0);
    await expect(matchReport(db, caseNumber, `${record!.businessGroup}:1000009`)).rejects.toMatchObject({
      code: 'report_matched',
    });

    expect(await unmatchReport(db, caseNumber)).toEqual({ caseNumber, liftedUsers: 1 });
    expect((await new BrowserAgent(ctx.app).signIn('dc.near')).statusCode).toBe(200);
    await expect(unmatchReport(db, caseNumber)).rejects.toMatchObject({ code: 'report_not_matched' });
  });

  it('answers the spec’s call names: journey-start, question-step, journey-submit and journey-end', async () => {
    const reporter = new BrowserAgent(ctx.app);
    const started = await reporter.request({
      method: 'POST',
      url: `${base}/journey-start`,
      payload: { captcha: await solvedCaptcha(reporter) },
      remoteAddress: nextAddress(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const step = await reporter.request({
      method: 'POST',
      url: `${base}/question-step`,
      payload: {
        currentPageKey: 'br_deceased',
        questionKey: 'deceased',
        answerKey: 'provided',
        answerValue: JSON.stringify(deceased),
      },
    });
    expect(step.json()).toEqual({ nextPageKey: 'br_date_of_death' });
    // Not complete yet: the submit is refused as the engine's is.
    expect(
      (await reporter.request({ method: 'POST', url: `${base}/journey-submit`, payload: {} })).statusCode,
    ).toBe(400);
    expect((await reporter.request({ method: 'DELETE', url: `${base}/journey-end` })).statusCode).toBe(204);
    expect((await reporter.request({ url: `${base}/data` })).statusCode).toBe(401);
    // Without a captcha there is no start under either name.
    const bare = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: `${base}/journey-start`,
      payload: { captcha: 'not-a-payload' },
      remoteAddress: nextAddress(),
    });
    expect(codeOf(bare)).toBe('captcha_invalid');
  });

  it('answers the spec’s calls at /api/bereavement/<call>: a report walked there from its start to its end', async () => {
    const reporter = new BrowserAgent(ctx.app);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      reporter.request({ method, url: `${top}/${path}`, ...(payload && { payload }) });
    const started = await reporter.request({
      method: 'POST',
      url: `${top}/journey-start`,
      payload: { captcha: await solvedCaptcha(reporter) },
      remoteAddress: nextAddress(),
    });
    expect(started.statusCode, started.body).toBe(200);
    // A page that asks a question is not left without its answer.
    expect((await call('POST', 'submit-step', { currentPageKey: 'br_deceased' })).statusCode).toBe(400);
    const email = 'spec.paths@example.org';
    await walkToEmail(reporter, 'br', email, `${top}/question-step`);
    expect((await call('GET', 'question-form/br_reporter_email')).json()).toMatchObject({
      questionKey: 'reporter_email',
      answerKey: email,
    });
    expect((await call('GET', 'previous-step/br_reporter_email')).json()).toEqual({
      previousPageKey: 'br_reporter',
    });
    expect((await call('GET', 'integrity/br_next_of_kin')).json()).toEqual({
      redirectStepPageKey: 'br_email_code',
    });
    expect((await call('POST', 'keep-alive', {})).statusCode).toBe(200);
    expect((await call('GET', 'addresses/countries')).json()[0]).toMatchObject({ code: 'GB' });
    const found = (await call('GET', 'addresses/search?text=quay%20street%20manchester')).json() as Array<{
      id: string;
      kind: string;
    }>;
    const address = found.find((item) => item.kind === 'Address')!;
    expect((await call('GET', `addresses/${encodeURIComponent(address.id)}`)).json()).toMatchObject({
      town: 'Manchester',
    });

    // The code email-token sends, proven by submit-email; the code page then moves on.
    const sent = await reporter.request({
      method: 'POST',
      url: `${top}/email-token`,
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(sent.json()).toMatchObject({ email });
    const code = await emailedCode(email);
    expect((await call('POST', 'submit-email', { emailConfirmationToken: code })).statusCode).toBe(200);
    const page = await answer(
      reporter,
      'br_email_code',
      'email_code',
      code,
      undefined,
      `${top}/question-step`,
    );
    expect(page.json()).toEqual({ nextPageKey: 'br_certificate_known' });

    // Documents: one removed with all, one alone, one retyped and named as the death certificate.
    const certificateBytes = await files.pdf('Certificate of death');
    const upload = async (path: string, fileName: string) => {
      const uploaded = await reporter.request({
        method: 'POST',
        url: `${top}/${path}`,
        ...multipart([{ name: 'file', value: certificateBytes, fileName, contentType: 'application/pdf' }]),
        remoteAddress: nextAddress(),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return uploaded.json() as { fileUuid: string; filename: string; documentType: string };
    };
    await upload('documents', 'draft.pdf');
    expect((await call('DELETE', 'documents')).statusCode).toBe(204);
    const spare = await upload('documents', 'spare.pdf');
    const certificate = await upload('documents', 'certificate.pdf');
    expect((await call('DELETE', `documents/${spare.fileUuid}`)).statusCode).toBe(204);
    const retyped = await call('PUT', `documents/${certificate.fileUuid}`, {
      documentType: 'Death certificate',
    });
    expect(retyped.json()).toMatchObject({ filename: 'certificate.pdf', documentType: 'Death certificate' });
    expect((await call('GET', 'documents')).json().documents).toEqual([retyped.json()]);
    await walkFromDocuments(reporter, 'br', {
      certificate: { id: certificate.fileUuid, name: 'certificate.pdf' },
      url: `${top}/question-step`,
    });

    const submitted = await call('POST', 'journey-submit', {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().caseNumber).toMatch(/^BRV1-\d+$/);
    // Once sent: another document with it, none removed, and no end, as at journeys/bereavement/.
    expect((await upload('documents/post-submission', 'will.pdf')).filename).toBe('will.pdf');
    for (const at of [top, base]) {
      const removeAll = await reporter.request({ method: 'DELETE', url: `${at}/documents` });
      expect(codeOf(removeAll)).toBe('report_sent');
      expect(codeOf(await reporter.request({ method: 'DELETE', url: `${at}/journey-end` }))).toBe(
        'journey_submitted',
      );
    }

    // Another report's token opens none of it, at either path; its own report ends at journey-end.
    const { reporter: other } = await startedReporter();
    for (const at of [top, base]) {
      expect((await other.request({ url: `${at}/documents` })).json().documents).toEqual([]);
      const remove = await other.request({
        method: 'DELETE',
        url: `${at}/documents/${certificate.fileUuid}`,
      });
      expect(codeOf(remove)).toBe('document_not_found');
    }
    expect((await other.request({ method: 'DELETE', url: `${top}/journey-end` })).statusCode).toBe(204);
    expect((await other.request({ url: `${base}/data` })).statusCode).toBe(401);
  });

  it('refuses a member’s session at the spec’s paths as at journeys/bereavement/: it opens no report', async () => {
    const member = new BrowserAgent(ctx.app);
    await member.signIn('db.active');
    const someId = randomUUID();
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['POST', 'submit-step', { currentPageKey: 'br_deceased' }],
      ['POST', 'question-step', { currentPageKey: 'br_ni_known', questionKey: 'ni_known', answerKey: 'no' }],
      ['GET', 'question-form/br_deceased'],
      ['GET', 'previous-step/br_ni_known'],
      ['GET', 'integrity/br_deceased'],
      ['POST', 'email-token', {}],
      ['POST', 'submit-email', { emailConfirmationToken: '123456' }],
      ['POST', 'keep-alive', {}],
      ['POST', 'refresh-token', {}],
      ['POST', 'verification-exchange-token', {}],
      ['GET', 'addresses/countries'],
      ['GET', 'addresses/search?text=leeds'],
      ['POST', 'documents', {}],
      ['GET', 'documents'],
      ['PUT', `documents/${someId}`, { documentType: 'Will' }],
      ['DELETE', `documents/${someId}`],
      ['DELETE', 'documents'],
      ['POST', 'documents/post-submission', {}],
      ['POST', 'journey-submit', {}],
      ['DELETE', 'journey-end'],
    ];
    for (const [method, path, payload] of calls)
      for (const at of [top, base]) {
        const refused = await member.request({
          method,
          url: `${at}/${path}`,
          ...(payload && { payload }),
          remoteAddress: nextAddress(),
        });
        expect([refused.statusCode, codeOf(refused)], `${method} ${at}/${path}`).toEqual([
          401,
          'visitor_token_missing',
        ]);
      }
  });

  it('answers the spec’s token calls: login under a business group, refresh-token and verification-exchange-token each give a new token and end the old one', async () => {
    const db = ctx.database.db;
    const login = (agent: BrowserAgent, businessGroup: string, captcha: string) =>
      agent.request({
        method: 'POST',
        url: '/api/bereavement/login',
        payload: { businessGroup, captcha },
        remoteAddress: nextAddress(),
      });
    const reporter = new BrowserAgent(ctx.app);
    // Bluewater's business group on Meridian's site, and a malformed one: refused, nothing opened.
    const otherScheme = await login(reporter, 'BWS', await solvedCaptcha(reporter));
    expect(otherScheme.statusCode).toBe(400);
    expect(codeOf(otherScheme)).toBe('business_group_unknown');
    expect(codeOf(await login(reporter, 'mer', await solvedCaptcha(reporter)))).toBe('field_invalid');
    expect(reporter.cookies.has('visitorJourney')).toBe(false);

    const opened = await login(reporter, 'MER', await solvedCaptcha(reporter));
    expect(opened.statusCode, opened.body).toBe(200);
    const first = reporter.cookies.get('visitorJourney')!;
    const [report] = await db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(first)));
    expect(report).toMatchObject({ type: 'bereavement', status: 'Started' });

    const withToken = (token: string, url: string, method: 'GET' | 'POST' = 'GET') => {
      const holder = new BrowserAgent(ctx.app);
      holder.cookies.set('visitorJourney', token);
      return holder.request({ method, url, ...(method === 'POST' && { payload: {} }) });
    };
    const refreshed = await reporter.request({ method: 'POST', url: `${base}/refresh-token`, payload: {} });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const second = reporter.cookies.get('visitorJourney')!;
    expect(second).not.toBe(first);
    expect(codeOf(await withToken(first, `${base}/data`))).toBe('visitor_token_invalid');
    expect((await reporter.request({ url: `${base}/data` })).statusCode).toBe(200);

    // The exchange needs the email proven; refused before, with the token unchanged.
    await walkToEmail(reporter, 'br', 'exchange@example.org');
    const early = await reporter.request({
      method: 'POST',
      url: `${base}/verification-exchange-token`,
      payload: {},
    });
    expect(early.statusCode).toBe(403);
    expect(codeOf(early)).toBe('email_not_proven');
    expect(reporter.cookies.get('visitorJourney')).toBe(second);
    expect((await sendCode(reporter)).statusCode).toBe(200);
    const code = await emailedCode('exchange@example.org');
    expect((await answer(reporter, 'br_email_code', 'email_code', code)).statusCode).toBe(200);
    const exchanged = await reporter.request({
      method: 'POST',
      url: `${base}/verification-exchange-token`,
      payload: {},
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect((new Date(exchanged.json().expiresAt).getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
    const third = reporter.cookies.get('visitorJourney')!;
    expect(third).not.toBe(second);
    expect(codeOf(await withToken(second, `${base}/refresh-token`, 'POST'))).toBe('visitor_token_invalid');
    expect((await reporter.request({ url: `${base}/data` })).json()).toMatchObject({ status: 'Started' });

    // The same calls at the spec's paths, /api/bereavement/refresh-token and .../verification-exchange-token.
    for (const call of ['refresh-token', 'verification-exchange-token']) {
      const held = reporter.cookies.get('visitorJourney')!;
      const renewed = await reporter.request({
        method: 'POST',
        url: `/api/bereavement/${call}`,
        payload: {},
      });
      expect(renewed.statusCode, `${call}: ${renewed.body}`).toBe(200);
      expect((new Date(renewed.json().expiresAt).getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
      expect(reporter.cookies.get('visitorJourney')).not.toBe(held);
      expect(codeOf(await withToken(held, `/api/bereavement/${call}`, 'POST'))).toBe('visitor_token_invalid');
    }
    expect((await reporter.request({ url: `${base}/data` })).json()).toMatchObject({ status: 'Started' });
    // Without the report's token, or with it on the member API, they open nothing.
    const stranger = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: '/api/bereavement/refresh-token',
      payload: {},
    });
    expect(codeOf(stranger)).toBe('visitor_token_missing');
    const onMemberApi = await ctx.app.inject({
      url: '/mdp-api/api/cases',
      cookies: { visitorJourney: reporter.cookies.get('visitorJourney')! },
    });
    expect(onMemberApi.statusCode).toBe(401);
  });

  it('answers the spec’s submit-email: the emailed code proves the address and gives a new token; a wrong one counts a try, bad input is 400', async () => {
    const { reporter, token: before } = await startedReporter();
    const submitEmail = (agent: BrowserAgent, payload: unknown) =>
      agent.request({ method: 'POST', url: `${base}/submit-email`, payload: payload as object });
    // None sent yet, a malformed code, no body field: 400 with a code, nothing proven.
    await walkToEmail(reporter, 'br', 'submit.email@example.org');
    expect(codeOf(await submitEmail(reporter, { emailConfirmationToken: '123456' }))).toBe(
      'email_code_not_sent',
    );
    const malformed = await submitEmail(reporter, { emailConfirmationToken: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBeTruthy();
    expect((await submitEmail(reporter, {})).statusCode).toBe(400);
    // Without the report's token: 401.
    expect(
      (await submitEmail(new BrowserAgent(ctx.app), { emailConfirmationToken: '123456' })).statusCode,
    ).toBe(401);

    expect((await sendCode(reporter)).statusCode).toBe(200);
    const code = await emailedCode('submit.email@example.org');
    const wrong = await submitEmail(reporter, {
      emailConfirmationToken: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('email_code_invalid');
    expect(wrong.json().errors[0].message).toContain('4 tries left');
    expect(reporter.cookies.get('visitorJourney')).toBe(before);

    const proven = await submitEmail(reporter, { emailConfirmationToken: code });
    expect(proven.statusCode, proven.body).toBe(200);
    expect((new Date(proven.json().expiresAt).getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
    const after = reporter.cookies.get('visitorJourney')!;
    expect(after).not.toBe(before);
    const holder = new BrowserAgent(ctx.app);
    holder.cookies.set('visitorJourney', before);
    expect(codeOf(await holder.request({ url: `${base}/data` }))).toBe('visitor_token_invalid');
    const [row] = await ctx.database.db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(after)));
    expect(row!.emailProvenAt).toBeInstanceOf(Date);
    // The code page then moves on, and the report reaches its documents (an upload needs the proof).
    const page = await answer(reporter, 'br_email_code', 'email_code', code);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ nextPageKey: 'br_certificate_known' });
  });

  it('gives the report its verified token in the answer that accepts the email code: the token held before opens nothing after', async () => {
    const { reporter, token: before } = await startedReporter();
    const holding = (token: string) => {
      const holder = new BrowserAgent(ctx.app);
      holder.cookies.set('visitorJourney', token);
      return holder;
    };
    await walkToEmail(reporter, 'br', 'rotated@example.org');
    expect(reporter.cookies.get('visitorJourney')).toBe(before);
    expect((await sendCode(reporter)).statusCode).toBe(200);
    // A wrong code changes nothing: the same token still opens the report.
    expect(codeOf(await answer(reporter, 'br_email_code', 'email_code', '000000'))).toBe(
      'email_code_invalid',
    );
    expect(reporter.cookies.get('visitorJourney')).toBe(before);
    const proven = await answer(
      reporter,
      'br_email_code',
      'email_code',
      await emailedCode('rotated@example.org'),
    );
    expect(proven.statusCode, proven.body).toBe(200);
    const after = reporter.cookies.get('visitorJourney')!;
    expect(after).not.toBe(before);
    expect(proven.cookies.find((cookie) => cookie.name === 'visitorJourney' && cookie.value)).toMatchObject({
      httpOnly: true,
      path: '/api/bereavement',
    });
    const stale = holding(before);
    expect(codeOf(await stale.request({ url: `${base}/data` }))).toBe('visitor_token_invalid');
    expect(codeOf(await stale.request({ method: 'POST', url: `${base}/keep-alive`, payload: {} }))).toBe(
      'visitor_token_invalid',
    );
    expect(
      codeOf(
        await stale.request({ method: 'POST', url: `${base}/verification-exchange-token`, payload: {} }),
      ),
    ).toBe('visitor_token_invalid');
    const state = (await reporter.request({ url: `${base}/data` })).json();
    expect((new Date(state.expirationDate).getTime() - Date.now()) / 60_000).toBeGreaterThan(59);
    expect(state.currentPageKey).toBe('br_certificate_known');
  });

  it('takes documents after the report is sent (post-submission), not before, and keeps them with it', async () => {
    const db = ctx.database.db;
    const later = (reporter: BrowserAgent, bytes: Buffer) =>
      reporter.request({
        method: 'POST',
        url: `${base}/documents/post-submission`,
        ...multipart([
          { name: 'documentType', value: 'Will' },
          { name: 'file', value: bytes, fileName: 'will.pdf', contentType: 'application/pdf' },
        ]),
      });
    const will = await files.pdf('Last will and testament');
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'later@example.org');
    const token = reporter.cookies.get('visitorJourney')!;
    const early = await later(reporter, will);
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe('report_not_sent');
    const [report] = await db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(
      await db.select().from(bereavementDocuments).where(eq(bereavementDocuments.journeyId, report!.id)),
    ).toEqual([]);

    expect((await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} })).statusCode).toBe(
      200,
    );
    expect(codeOf(await later(reporter, files.executable()))).toBe('file_type_not_allowed');
    const sent = await later(reporter, will);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ filename: 'will.pdf', documentType: 'Will' });
    const kept = await db
      .select()
      .from(bereavementDocuments)
      .where(eq(bereavementDocuments.journeyId, report!.id));
    expect(kept.map((row) => row.name)).toEqual(['will.pdf']);
    // Kept with the sent report: it cannot be removed, and another report's token cannot add to it.
    expect(
      codeOf(await reporter.request({ method: 'DELETE', url: `${base}/documents/${sent.json().fileUuid}` })),
    ).toBe('report_sent');
    const stranger = await startedReporter();
    expect(codeOf(await later(stranger.reporter, will))).toBe('report_not_sent');
    expect(
      await db.select().from(bereavementDocuments).where(eq(bereavementDocuments.journeyId, report!.id)),
    ).toHaveLength(1);
  });

  it('never extends a sent report’s token: keep-alive and the token calls are refused, and it ends an hour after sending at most', async () => {
    const db = ctx.database.db;
    const { reporter } = await startedReporter();
    await walk(reporter, 'br', 'sent.capped@example.org');
    const token = reporter.cookies.get('visitorJourney')!;
    const rowOf = async () =>
      (
        await db
          .select()
          .from(bereavementJourneys)
          .where(eq(bereavementJourneys.tokenHash, hashOfVisitorToken(token)))
      )[0]!;
    // Kept for longer than the cap before sending (a configured proven time of four hours).
    await db
      .update(bereavementJourneys)
      .set({ expiresAt: new Date(Date.now() + 4 * 3_600_000) })
      .where(eq(bereavementJourneys.id, (await rowOf()).id));
    expect((await reporter.request({ method: 'POST', url: `${base}/submit`, payload: {} })).statusCode).toBe(
      200,
    );
    const sent = await rowOf();
    expect(sent.expiresAt.getTime()).toBe(sent.submittedAt!.getTime() + 60 * 60_000);

    const before = await databaseFingerprint(ctx.database);
    for (const call of ['keep-alive', 'refresh-token', 'verification-exchange-token', 'submit-email']) {
      const refused = await reporter.request({
        method: 'POST',
        url: `${base}/${call}`,
        payload: call === 'submit-email' ? { emailConfirmationToken: '123456' } : {},
      });
      expect(refused.statusCode, `${call}: ${refused.body}`).toBe(409);
      expect(codeOf(refused)).toBe('visitor_journey_sent');
    }
    expect(reporter.cookies.get('visitorJourney')).toBe(token);
    expect(await databaseFingerprint(ctx.database)).toEqual(before);

    // Once that hour has passed, the sent report takes no more documents.
    await db
      .update(bereavementJourneys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bereavementJourneys.id, sent.id));
    const late = await reporter.request({
      method: 'POST',
      url: `${base}/documents/post-submission`,
      ...multipart([{ name: 'file', value: await files.pdf('Will'), fileName: 'will.pdf' }]),
    });
    expect(late.statusCode).toBe(401);
    expect(codeOf(late)).toBe('visitor_session_expired');
  });

  it('says in its OpenAPI what keep-alive keeps a report for (15 minutes, or 60 once the email is proven) and each spec call at /api/bereavement/<call>', async () => {
    const { paths } = (await ctx.app.inject({ url: '/docs/json' })).json();
    const keepAlive = paths['/api/bereavement/journeys/{journeyType}/keep-alive'].post;
    expect(keepAlive.summary).toContain('15 minutes, or 60 once the reporter’s email is proven');
    expect(Object.keys(keepAlive.responses)).toContain('409');
    // Each of the spec's calls at its own path: a summary, and no journey type to give.
    const spec = Object.entries(paths as Record<string, Record<string, OpenApiCall>>)
      .filter(([path]) => path.startsWith('/api/bereavement/') && !path.includes('/journeys/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, call]) => ({ path, method, call })),
      );
    expect(
      spec.map(({ method, path }) => `${method} ${path.replace('/api/bereavement/', '')}`).sort(),
    ).toEqual([
      'delete documents',
      'delete documents/{id}',
      'delete journey-end',
      'get addresses/countries',
      'get addresses/search',
      'get addresses/{addressId}',
      'get captcha-challenge',
      'get documents',
      'get integrity/{pageKey}',
      'get previous-step/{pageKey}',
      'get question-form/{pageKey}',
      'post captcha-verify',
      'post documents',
      'post documents/post-submission',
      'post email-token',
      'post journey-start',
      'post journey-submit',
      'post keep-alive',
      'post login',
      'post question-step',
      'post refresh-token',
      'post submit-email',
      'post submit-step',
      'post verification-exchange-token',
      'put documents/{id}',
    ]);
    for (const { path, method, call } of spec) {
      expect(call.summary, `${method} ${path}`).toBeTruthy();
      expect(call.parameters?.map((parameter) => parameter.name) ?? []).not.toContain('journeyType');
      // The same answers and the same CSRF requirement as the call under the report's own path.
      const own =
        paths[path.replace('/api/bereavement/', '/api/bereavement/journeys/{journeyType}/')]?.[method];
      if (!own) continue;
      expect(call.security, `${method} ${path}`).toEqual(own.security);
      expect(Object.keys(call.responses ?? {})).toEqual(Object.keys(own.responses ?? {}));
    }
  });

  it('joins no bereavement table to member data: no foreign key crosses the schema', async () => {
    const crossing = await ctx.database.db.execute(sql`
      select tc.table_schema, tc.table_name, ccu.table_schema as referenced_schema, ccu.table_name as referenced_table
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY'
        and (tc.table_schema = 'bereavement') <> (ccu.table_schema = 'bereavement')`);
    expect(crossing.rows).toEqual([]);
    const inside = await ctx.database.db.execute(sql`
      select count(*)::int as count from information_schema.table_constraints
      where constraint_type = 'FOREIGN KEY' and table_schema = 'bereavement'`);
    expect(inside.rows[0]).toEqual({ count: 1 });
  });
});
