import { and, desc, eq } from 'drizzle-orm';
import { addDays, addMonths, daysBetween, isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { memberCases, memberJourneys, pages, storedTransferQuotes } from '../../src/db/schema';
import { displayDate } from '../../src/lib/display';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { submitApplication } from './journey-submission';
import { staffSignedIn } from './staff-sign-in';
import { demoStaff } from '../../src/seed/demo-staff';
import { pdfText } from '../pdf-text';
import {
  adviserAddress,
  TRANSFER_TYPE as TYPE,
  answerAll,
  answerFlexibleToDeclarations,
  codeOf,
  schemeAnswers,
  transferBase as base,
} from './transfer-journey';

/**
 * A transfer application whose guarantee ends before it is sent (issue 39, Timing; docs/transfers.md, "A
 * guarantee that ends mid-application"): it cannot be sent on the ended value (409, nothing changed);
 * a new statement of entitlement moves it onto the new value, answers the new value refuses are asked
 * again, and the case records the new guarantee. db.avc (record 1000003) asked for a statement a month
 * ago, so a new one is at the scheme's charge (£250).
 */
const ctx = useTestApp();
const RECORD = '1000003';
const statementUrl = '/mdp-api/api/transfer-value/statement';

let session: BrowserAgent | undefined;
/**
 * db.avc, signed in once for the file: the step-up confirmed before the first send holds for the second
 * (a new session would ask for another code inside the resend wait).
 */
async function signedIn() {
  if (session) return session;
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn('db.avc')).statusCode).toBe(200);
  return (session = agent);
}

const post = (agent: BrowserAgent, path: string, payload: object) =>
  agent.request({ method: 'POST', url: `${base}${path}`, payload });
const state = async (agent: BrowserAgent) => (await agent.request({ url: `${base}/data` })).json();
const lockedLine = (
  journey: { lockedSection: { lines: Array<{ label: string; value: string }> } },
  label: string,
) => journey.lockedSection.lines.find((line) => line.label === label)?.value;
/** The locked lines that link somewhere, with where. */
const linksOf = (journey: {
  lockedSection: { lines: Array<{ label: string; link?: { text: string; href: string } }> };
}) => journey.lockedSection.lines.flatMap(({ label, link }) => (link ? [{ label, link }] : []));
const today = () => utcDay(new Date());

interface TaskCard {
  type: 'taskCard';
  title: string;
  link: { href: string };
  visibility?: unknown;
  statuses?: Array<{ text: string }>;
}
/** The "Transfer your pension" task cards anywhere in a page's blocks, in order. */
function transferCardsIn(blocks: unknown): TaskCard[] {
  const cards: TaskCard[] = [];
  JSON.parse(JSON.stringify(blocks), (_key, value: unknown) => {
    const card = value as Partial<TaskCard> | null;
    if (card?.type === 'taskCard' && card.title === 'Transfer your pension') cards.push(card as TaskCard);
    return value;
  });
  return cards;
}

/**
 * The hub's "Transfer your pension" cards as the member's content access key serves them (where the card
 * links and its status), with the key's wording flags.
 */
async function hubTransferCards(agent: BrowserAgent) {
  const key = await agent.request({ url: '/mdp-api/api/content/recalculate-access-key?tenantUrl=localhost' });
  expect(key.statusCode).toBe(200);
  const { contentAccessKey, attributes } = key.json();
  const hub = await ctx.app.inject({
    url: `/content-api/api/v2/content/authorized-page?pageUrl=/hub&contentAccessKey=${contentAccessKey}`,
  });
  expect(hub.statusCode, hub.body).toBe(200);
  const cards = transferCardsIn(hub.json()).map((card) => ({
    href: card.link.href,
    status: card.statuses?.[0]?.text,
  }));
  return { flags: attributes.wordingFlags as string[], cards };
}

/** The member's transfer journeys, cases and statements: what a refusal must leave alone. */
async function stored() {
  const db = ctx.database.db;
  const journeys = await db
    .select()
    .from(memberJourneys)
    .where(and(eq(memberJourneys.referenceNumber, RECORD), eq(memberJourneys.type, TYPE)));
  const cases = await db.select().from(memberCases).where(eq(memberCases.referenceNumber, RECORD));
  const quotes = await db
    .select()
    .from(storedTransferQuotes)
    .where(eq(storedTransferQuotes.referenceNumber, RECORD));
  return JSON.stringify({ journeys, cases, quotes });
}

async function openJourney() {
  const [row] = await ctx.database.db
    .select()
    .from(memberJourneys)
    .where(and(eq(memberJourneys.referenceNumber, RECORD), eq(memberJourneys.status, 'Started')));
  return row!;
}

/**
 * The guarantee runs out while the application is open: every statement of the member's, and the
 * application's lock, ended yesterday.
 */
async function guaranteeEnds() {
  const yesterday = utcDay(new Date(Date.now() - 86_400_000));
  const db = ctx.database.db;
  await db
    .update(storedTransferQuotes)
    .set({ guaranteedUntil: yesterday })
    .where(eq(storedTransferQuotes.referenceNumber, RECORD));
  const row = await openJourney();
  await db
    .update(memberJourneys)
    .set({ choice: { ...(row.choice as object), guaranteedUntil: yesterday } })
    .where(eq(memberJourneys.id, row.id));
}

/** The member's latest statement; the test may set its value (before an application starts on it). */
async function latestStatement(transferValuePence?: number) {
  const db = ctx.database.db;
  const [latest] = await db
    .select()
    .from(storedTransferQuotes)
    .where(eq(storedTransferQuotes.referenceNumber, RECORD))
    .orderBy(desc(storedTransferQuotes.storedOn))
    .limit(1);
  if (transferValuePence !== undefined)
    await db
      .update(storedTransferQuotes)
      .set({ quote: { ...latest!.quote, transferValuePence } })
      .where(eq(storedTransferQuotes.id, latest!.id));
  return latest!;
}

let uploads = 0;
async function uploaded(agent: BrowserAgent) {
  const name = `${++uploads}-advice.pdf`;
  const upload = await agent.request({
    method: 'POST',
    url: '/mdp-api/api/documents',
    ...uploadForm(name, await files.pdf('Advice letter'), {
      journeyType: 'documents',
      documentType: 'Upload your adviser’s letter confirming the advice',
    }),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return JSON.stringify({ id: upload.json().fileUuid, name });
}

/** From the first page through a personal pension, no flag of either kind, to the advice question. */
async function answerToAdvice(agent: BrowserAgent) {
  expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
  await answerAll(agent, schemeAnswers);
  await answerAll(
    agent,
    ['evidence', 'guidance', 'adviser', 'contact', 'incentive', 'pressure'].map(
      (flag) => [`ta_red_${flag}`, `red_${flag}`, 'no'] as const,
    ),
  );
  await answerAll(
    agent,
    ['incomplete', 'evidence', 'investments', 'fees', 'structure', 'overseas', 'rise'].map(
      (flag) => [`ta_amber_${flag}`, `amber_${flag}`, 'no'] as const,
    ),
  );
}

const adviceTaken = async (agent: BrowserAgent) =>
  [
    ['ta_advice', 'advice_taken', 'yes'],
    ['ta_adviser_firm', 'adviser_firm', 'Northgate Pension Advice'],
    adviserAddress,
    ['ta_adviser_fca', 'adviser_fca_number', '7654321'],
    ['ta_advice_date', 'financial_advice_date', today()],
    ['ta_advice_document', 'advice_confirmation', 'provided', await uploaded(agent)],
  ] as const;

/** A new statement at the scheme's charge (the free one in 12 months is used): refused until agreed to. */
async function newStatement(agent: BrowserAgent) {
  const before = await stored();
  const refused = await agent.request({ method: 'POST', url: statementUrl, payload: {} });
  expect(refused.statusCode).toBe(409);
  expect(codeOf(refused)).toBe('free_statement_not_due');
  expect(await stored()).toBe(before);
  const issued = await agent.request({ method: 'POST', url: statementUrl, payload: { acceptCharge: true } });
  expect(issued.statusCode, issued.body).toBe(201);
  expect(issued.json()).toMatchObject({ issuedOn: today(), chargePence: 25_000 });
  return issued.json() as { caseNumber: string; guaranteedUntil: string; transferValuePence: number };
}

/** Refused with the guarantee ended: 409, the member told to ask for a new statement, nothing changed. */
async function refusedAsEnded(agent: BrowserAgent) {
  const before = await stored();
  const refused = await post(agent, '/submit', {});
  expect(refused.statusCode, refused.body).toBe(409);
  expect(codeOf(refused)).toBe('guarantee_expired');
  expect(refused.json().errors[0].message).toMatch(/new statement of entitlement/);
  expect(await stored()).toBe(before);
}

async function sent(agent: BrowserAgent) {
  // Confirms it is the member first where the session has not lately.
  const submitted = await submitApplication(agent, base, ctx.database);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const [kept] = await ctx.database.db
    .select()
    .from(memberCases)
    .where(eq(memberCases.caseNumber, submitted.json().caseNumber));
  return pdfText(Buffer.from(kept!.summaryPdf!, 'base64'));
}

describe('a transfer application whose guarantee ends before it is sent', () => {
  it('cannot be sent on the ended value; a new statement moves it onto the new value, and the case records the new guarantee', async () => {
    const agent = await signedIn();
    expect((await post(agent, '/start', { currentPageKey: 'ta_start' })).statusCode).toBe(204);
    const started = await openJourney();
    await answerToAdvice(agent);
    await answerAll(agent, await adviceTaken(agent));
    await answerFlexibleToDeclarations(agent, today());
    const answered = (await openJourney()).steps;
    const readyToSend = {
      flags: expect.not.arrayContaining(['TransferGuaranteeEnded']),
      cards: [{ href: '/transfer/apply', status: 'Ready to send: check your answers and apply' }],
    };
    expect(await hubTransferCards(agent)).toEqual(readyToSend);
    await guaranteeEnds();

    // The hub's transfer card says the guarantee has ended and links to Your transfer value, not Apply.
    expect(await hubTransferCards(agent)).toEqual({
      flags: expect.arrayContaining(['TransferGuaranteeEnded']),
      cards: [{ href: '/transfer', status: 'Guarantee ended: ask for a new statement' }],
    });
    // Bluewater's hub has its own card for it, shown on the same flag, and hides its Apply card then.
    const [bluewaterHub] = await ctx.database.db
      .select({ blocks: pages.blocks })
      .from(pages)
      .where(and(eq(pages.key, 'hub'), eq(pages.tenantUrl, 'bluewater.localhost')));
    expect(
      transferCardsIn(bluewaterHub!.blocks).map(({ link, visibility }) => [link.href, visibility]),
    ).toEqual([
      ['/transfer', { flag: 'TransferGuaranteeEnded' }],
      [
        '/transfer/apply',
        expect.objectContaining({
          all: expect.arrayContaining([{ not: { flag: 'TransferGuaranteeEnded' } }]),
        }),
      ],
    ]);

    // Check your answers says the guarantee has ended and what to do; /transfer shows no guaranteed value.
    const ended = await state(agent);
    expect(ended.currentPageKey).toBe('ta_check_answers');
    expect(lockedLine(ended, 'Guaranteed until')).toMatch(
      /: this guarantee has ended, so we cannot accept your application on it\. One statement of entitlement in any 12 months is free/,
    );
    // The line links to Your transfer value for a new statement; no other line does.
    expect(linksOf(ended)).toEqual([
      {
        label: 'Guaranteed until',
        link: { text: 'Ask for a new statement of entitlement', href: '/transfer' },
      },
    ]);
    // Neither tenant's check your answers page says it to everyone (it was a paragraph in their content).
    const summaries = await ctx.database.db
      .select({ tenantUrl: pages.tenantUrl, blocks: pages.blocks })
      .from(pages)
      .where(eq(pages.key, 'ta_check_answers'));
    expect(summaries.map((page) => page.tenantUrl).sort()).toEqual(['bluewater.localhost', 'localhost']);
    for (const page of summaries)
      expect(JSON.stringify(page.blocks)).not.toContain('statement of entitlement');
    const position = (await agent.request({ url: '/mdp-api/api/transfer-value' })).json();
    expect(position.value.guaranteed).toBe(false);
    await refusedAsEnded(agent);

    const issued = await newStatement(agent);
    const moved = await openJourney();
    expect(moved.id).toBe(started.id);
    // On the new value the hub offers sending it again.
    expect(await hubTransferCards(agent)).toEqual(readyToSend);
    expect(moved.choice).toMatchObject({
      guaranteeDate: today(),
      guaranteedUntil: issued.guaranteedUntil,
      payBy: addMonths(isoDate(today()), 6),
      transferValuePence: issued.transferValuePence,
    });
    expect((moved.choice as { quoteId: string }).quoteId).not.toBe(
      (started.choice as { quoteId: string }).quoteId,
    );
    // Every answer kept, still at check your answers, showing the new guarantee.
    expect(moved.steps).toEqual(answered);
    const now = await state(agent);
    expect(now.currentPageKey).toBe('ta_check_answers');
    expect(lockedLine(now, 'Guarantee date')).toBe(displayDate(today()));
    expect(lockedLine(now, 'Guaranteed until')).toBe(displayDate(issued.guaranteedUntil));
    expect(linksOf(now)).toEqual([]);
    const view = (
      await agent.request({ url: '/mdp-api/api/v2/transfer-journeys/transfer-application' })
    ).json();
    expect(view).toMatchObject({
      transferApplicationStatus: 'SubmitStarted',
      guaranteeDate: today(),
      guaranteedUntil: issued.guaranteedUntil,
      totalGuaranteedTransferValue: issued.transferValuePence,
    });

    const text = await sent(agent);
    const payBy = addMonths(isoDate(today()), 6);
    expect(text).toContain(`Guarantee date\n${displayDate(today())}`);
    expect(text).toContain(`Guaranteed until\n${displayDate(issued.guaranteedUntil)}`);
    expect(text).toContain(
      `Days left of the 6 months to pay\n${daysBetween(today(), payBy)} (as at ${displayDate(today())})`,
    );

    // Staff see the days left counted as they read the case, not as it was sent: with the pay-by
    // date 10 days off (the clock moved on by hand), the case says 10; on the day and after, none.
    const sentJourney = async () =>
      (
        await ctx.database.db
          .select()
          .from(memberJourneys)
          .where(and(eq(memberJourneys.referenceNumber, RECORD), eq(memberJourneys.status, 'Submitted')))
          .orderBy(desc(memberJourneys.submittedAt))
          .limit(1)
      )[0]!;
    const { caseNumber } = await sentJourney();
    const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
    const staff = await staffSignedIn(ctx, caseworker);
    const detail = async () =>
      (await staff.request({ url: `/admin-api/cases/${caseNumber}` })).json().transferPayment;
    expect(await detail()).toEqual({ payBy, daysLeft: daysBetween(today(), payBy) });
    const movePayBy = async (days: number) => {
      const row = await sentJourney();
      await ctx.database.db
        .update(memberJourneys)
        .set({ choice: { ...(row.choice as object), payBy: addDays(isoDate(today()), days) } })
        .where(eq(memberJourneys.id, row.id));
    };
    await movePayBy(10);
    expect(await detail()).toEqual({ payBy: addDays(isoDate(today()), 10), daysLeft: 10 });
    await movePayBy(-1);
    expect((await detail()).daysLeft).toBe(0);
    // The PDF sent with the case keeps the count of the day it was sent.
    const [kept] = await ctx.database.db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, caseNumber!));
    expect(await pdfText(Buffer.from(kept!.summaryPdf!, 'base64'))).toContain(
      `Days left of the 6 months to pay\n${daysBetween(today(), payBy)}`,
    );
    // A case no transfer opened has none.
    const [other] = await ctx.database.db
      .select({ caseNumber: memberCases.caseNumber })
      .from(memberCases)
      .where(eq(memberCases.caseType, 'TVS'))
      .limit(1);
    expect(
      (await staff.request({ url: `/admin-api/cases/${other!.caseNumber}` })).json().transferPayment,
    ).toBeNull();
  });

  it('asks again for advice when the new value is over £30,000 where the old one was not, and sends once it is given', async () => {
    const agent = await signedIn();
    // The last value has an application sent on it: a new statement to apply on, set at £25,000. (The
    // sent one is dated yesterday, so today's is the latest: statements are ordered by their day.)
    await ctx.database.db
      .update(storedTransferQuotes)
      .set({ storedOn: utcDay(new Date(Date.now() - 86_400_000)) })
      .where(
        and(eq(storedTransferQuotes.referenceNumber, RECORD), eq(storedTransferQuotes.storedOn, today())),
      );
    await newStatement(agent);
    await latestStatement(2_500_000);
    expect((await post(agent, '/start', { currentPageKey: 'ta_start' })).statusCode).toBe(204);
    expect((await openJourney()).choice).toMatchObject({ transferValuePence: 2_500_000 });
    await answerToAdvice(agent);
    // Under £30,000 no advice is needed: the member says they had none.
    expect(
      (
        await post(agent, '/submit-question-step', {
          currentPageKey: 'ta_advice',
          questionKey: 'advice_taken',
          answerKey: 'no',
        })
      ).json(),
    ).toEqual({ nextPageKey: 'ta_flexible' });
    await answerFlexibleToDeclarations(agent, today());
    await guaranteeEnds();
    await refusedAsEnded(agent);

    const issued = await newStatement(agent);
    expect(issued.transferValuePence).toBeGreaterThan(3_000_000);
    // The new value needs advice: the member is taken back to the question, their answer kept to change.
    const reopened = await state(agent);
    expect(reopened.currentPageKey).toBe('ta_advice');
    expect((await agent.request({ url: `${base}/question-form/ta_advice` })).json()).toMatchObject({
      questionKey: 'advice_taken',
      answerKey: 'no',
    });
    expect(
      (await agent.request({ url: '/mdp-api/api/v2/transfer-journeys/transfer-application-status' })).json(),
    ).toEqual({
      status: 'StartedTA',
    });
    const before = await stored();
    // Sending is refused for the advice (the submit's own check of the rule), nothing changed.
    expect(codeOf(await post(agent, '/submit', {}))).toBe('advice_required');
    const declined = await post(agent, '/submit-question-step', {
      currentPageKey: 'ta_advice',
      questionKey: 'advice_taken',
      answerKey: 'no',
    });
    expect(codeOf(declined)).toBe('advice_required');
    expect(await stored()).toBe(before);

    // With the adviser's details, the route rejoins the answers already given, back to check your answers.
    await answerAll(agent, await adviceTaken(agent));
    expect((await state(agent)).currentPageKey).toBe('ta_check_answers');
    const text = await sent(agent);
    expect(text).toContain(`Guarantee date\n${displayDate(today())}`);
    expect(text).toContain('Northgate Pension Advice');
    expect(text).toContain('7654321');
  });
});
