import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCases, memberJourneys, members, outboxMessages } from '../../src/db/schema';
import { displayDate } from '../../src/lib/display';
import { demoStaff } from '../../src/seed/demo-staff';
import { pdfText } from '../pdf-text';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { answerStep } from './journey-submission';
import {
  TRANSFER_TYPE as TYPE,
  answerAll,
  codeOf,
  schemeAnswers,
  transferBase as base,
} from './transfer-journey';
import { staffSignedIn } from './staff-sign-in';

/**
 * A transfer application refused on a red flag (issue 39): the journey's plugin records the refusal as
 * a closed TRF1 case for the trustees, with every answer, the flag, the transfer value it was on and
 * the date; the member reads it in My requests and may start again; nobody else can reach it.
 */
const ctx = useTestApp();
const DB_AVC = '1000003';
const COLD_CALL =
  'Were you first contacted about this transfer by a call, text, email, message or visit you did not ask for?';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const answer = (agent: BrowserAgent, page: string, question: string, key: string, value?: string) =>
  answerStep(agent, base, page, question, key, value);

/** Started afresh and answered up to the cold-call question, which is not yet answered. */
async function upToColdCall(agent: BrowserAgent) {
  const started = await agent.request({
    method: 'POST',
    url: `${base}/start`,
    payload: { currentPageKey: 'ta_start' },
  });
  expect(started.statusCode, started.body).toBe(204);
  expect(
    (
      await agent.request({
        method: 'POST',
        url: `${base}/submit-step`,
        payload: { currentPageKey: 'ta_start' },
      })
    ).statusCode,
  ).toBe(200);
  await answerAll(agent, [
    ...schemeAnswers,
    ['ta_red_evidence', 'red_evidence', 'no'],
    ['ta_red_guidance', 'red_guidance', 'no'],
    ['ta_red_adviser', 'red_adviser', 'no'],
  ]);
}

/** The refusal emails queued in the outbox, oldest first. */
const refusalEmails = async () =>
  (await ctx.database.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt)).filter(
    (message) => message.channel === 'email' && message.subject.startsWith('We cannot make your transfer'),
  );

const refusals = () =>
  ctx.database.db
    .select()
    .from(memberCases)
    .where(and(eq(memberCases.referenceNumber, DB_AVC), eq(memberCases.caseType, 'TRF1')));

/** The member's transfer journeys and cases, to show a refused request changed nothing. */
async function stored() {
  const db = ctx.database.db;
  const journeys = await db
    .select()
    .from(memberJourneys)
    .where(and(eq(memberJourneys.referenceNumber, DB_AVC), eq(memberJourneys.type, TYPE)));
  const cases = await db.select().from(memberCases).where(eq(memberCases.referenceNumber, DB_AVC));
  return JSON.stringify({ journeys, cases });
}

describe('a transfer refused on a red flag', () => {
  let caseNumber = '';

  it('is recorded as a closed TRF1 case with every answer, the flag, the transfer value it was on and the date', async () => {
    const agent = await signedIn('db.avc');
    await upToColdCall(agent);
    expect(await refusals()).toEqual([]);
    // Two tabs send the refusing answer at once: one ends the journey, the other finds it ended.
    const sent = await Promise.all([1, 2].map(() => answer(agent, 'ta_red_contact', 'red_contact', 'yes')));
    expect(sent.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(codeOf(sent.find((response) => response.statusCode === 400)!)).toBe('journey_ended');

    const rows = await refusals();
    expect(rows).toHaveLength(1);
    const [refusal] = rows;
    caseNumber = refusal!.caseNumber;
    expect(caseNumber).toMatch(/^TRF1-\d+$/);
    expect(refusal).toMatchObject({
      title: 'Transfer refused',
      status: 'Rejected',
      journeyType: TYPE,
      documents: [],
    });
    expect(refusal!.closedAt).not.toBeNull();
    expect(refusal!.memberNote).toContain('first contacted about this transfer out of the blue');
    expect(refusal!.memberNote).toContain('What you can do: If you answered by mistake');
    expect(refusal!.memberNote).not.toMatch(/[<>]/);

    // The ended journey keeps the case.
    const [journey] = await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(and(eq(memberJourneys.referenceNumber, DB_AVC), eq(memberJourneys.type, TYPE)));
    expect(journey).toMatchObject({ status: 'Ended', endReason: 'red_flag_contact', caseNumber });

    // Lines run on as the PDF wraps them.
    const text = (await pdfText(Buffer.from(refusal!.summaryPdf!, 'base64'))).replace(/\s+/g, ' ');
    const today = displayDate(refusal!.createdAt.toISOString());
    for (const expected of [
      'Transfer refused',
      `Reference ${caseNumber}`,
      `Refused on ${today}`,
      'red_flag_contact',
      `${COLD_CALL} Yes`,
      'We cannot make this transfer',
      'Guaranteed transfer value',
      'Guarantee date',
      'Statement of entitlement',
      'Harbour SIPP Trustees, sort code 30-94-66, account ending 5678',
      '12345678RA',
      'Will you be unable or unwilling to give us any information or evidence we ask for about this transfer? No',
    ])
      expect(text).toContain(expected);

    // The member reads it in My requests: the reason and what they can do.
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases as Array<
      Record<string, unknown>
    >;
    expect(cases.find((found) => found.caseNumber === caseNumber)).toMatchObject({
      title: 'Transfer refused',
      status: 'Rejected',
      memberNote: refusal!.memberNote,
    });
    // The application's PDF stays the sent application's: a refusal is none.
    expect(codeOf(await agent.request({ url: `${base}/pdf/download` }))).toBe('pdf_not_found');

    // The member is told by email, once, in Meridian's words: refused, why and what they can do.
    const [member] = await ctx.database.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.referenceNumber, DB_AVC));
    const emails = await refusalEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      recipient: member!.email,
      subject: `We cannot make your transfer (${caseNumber})`,
      tenantUrl: 'localhost',
    });
    const body = emails[0]!.body;
    expect(body).toContain('We have refused your application to transfer your pension');
    expect(body).toContain(`Your reference is ${caseNumber}.`);
    expect(body).toContain(
      'This is what we told you:\n\nWe cannot make this transfer\nYou told us you were first contacted about this transfer out of the blue.',
    );
    expect(body).toContain('\nWhat you can do\n• If you answered by mistake');
    expect(body).toContain(
      '• If you think you have been targeted by a scam, report it to us and to Action Fraud (www.actionfraud.police.uk) on 0300 123 2040.',
    );
    expect(body).not.toMatch(/[<>]|\{reason\}|\[\[/);
  });

  it('cannot be refused again, sent, cancelled or touched by another member', async () => {
    const agent = await signedIn('db.avc');
    const before = await stored();
    expect(codeOf(await answer(agent, 'ta_red_contact', 'red_contact', 'yes'))).toBe('journey_ended');
    expect(codeOf(await answer(agent, 'ta_red_contact', 'red_contact', 'no'))).toBe('journey_ended');
    expect(codeOf(await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} }))).toBe(
      'journey_ended',
    );
    expect(codeOf(await agent.request({ method: 'DELETE', url: `${base}/delete` }))).toBe('journey_ended');
    expect(await stored()).toBe(before);

    const other = await signedIn('db.deferred');
    const theirs = (await other.request({ url: '/mdp-api/api/cases' })).json().cases as Array<{
      caseNumber: string;
    }>;
    expect(theirs.map((found) => found.caseNumber)).not.toContain(caseNumber);
    const sendWith = await other.request({
      method: 'POST',
      url: '/mdp-api/api/documents/post-submission',
      payload: { journeyType: 'transfer2', caseNumber },
    });
    expect(sendWith.statusCode, sendWith.body).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('shows staff the case, closed, with the answers and the page it ended on; it takes no work', async () => {
    const caseworker = demoStaff.find((staff) => staff.email === 'caseworker@meridian.example')!;
    const staff = await staffSignedIn(ctx, caseworker);
    const open = (await staff.request({ url: '/admin-api/cases?status=open' })).json().cases as Array<{
      caseNumber: string;
    }>;
    expect(open.map((found) => found.caseNumber)).not.toContain(caseNumber);
    const closed = (await staff.request({ url: '/admin-api/cases?status=closed&type=TRF1' })).json().cases;
    expect(closed).toEqual([
      expect.objectContaining({
        caseNumber,
        title: 'Transfer refused',
        status: 'Rejected',
        closed: true,
        overdue: false,
      }),
    ]);
    const detail = (await staff.request({ url: `/admin-api/cases/${caseNumber}` })).json();
    expect(detail.case).toMatchObject({ closed: true, allowedMoves: [] });
    expect(detail.case.memberNote).toContain('out of the blue');
    // Opened by the member's answers, refused by the portal on the page's rule, not by staff.
    expect(
      detail.timeline.map((event: { kind: string; actor: string; by: string; note: string | null }) => [
        event.kind,
        event.actor,
        event.by,
        event.note,
      ]),
    ).toEqual([
      ['opened', 'member', 'Member', null],
      ['rejected', 'system', 'Meridian (automatic)', 'We cannot make this transfer (red_flag_contact)'],
    ]);
    expect(detail.answers).toEqual(
      expect.arrayContaining([
        { question: 'What is the name of the scheme you are transferring to?', answer: 'Harbour SIPP' },
        { question: COLD_CALL, answer: 'Yes' },
        { question: 'Ended on', answer: 'We cannot make this transfer (red_flag_contact)' },
      ]),
    );
    expect(detail.hasSummaryPdf).toBe(true);
    const pdf = await staff.request({ url: `/admin-api/cases/${caseNumber}/summary.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const before = await stored();
    const moved = await staff.request({
      method: 'POST',
      url: `/admin-api/cases/${caseNumber}/status`,
      payload: { status: 'In progress', memberNote: 'Looking at it' },
    });
    expect(codeOf(moved)).toBe('case_closed');
    expect(await stored()).toBe(before);

    // Another scheme's staff cannot read it.
    const bluewater = await staffSignedIn(
      ctx,
      demoStaff.find((s) => s.email === 'caseworker@bluewater.example')!,
    );
    expect(codeOf(await bluewater.request({ url: `/admin-api/cases/${caseNumber}` }))).toBe(
      'case_other_tenant',
    );
  });

  it('lets the member start again, and a second refusal is a case of its own', async () => {
    const agent = await signedIn('db.avc');
    // Stopping over a worry of their own ends the application too, but is no refusal.
    expect(
      (await agent.request({ method: 'POST', url: `${base}/start`, payload: { currentPageKey: 'ta_start' } }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await agent.request({
          method: 'POST',
          url: `${base}/submit-step`,
          payload: { currentPageKey: 'ta_start' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await answer(agent, 'ta_scams', 'scam_check', 'concern')).json()).toEqual({
      nextPageKey: 'ta_concern',
    });
    expect((await agent.request({ url: `${base}/data` })).json()).toMatchObject({
      status: 'Ended',
      caseNumber: null,
    });
    expect(await refusals()).toHaveLength(1);
    expect(await refusalEmails()).toHaveLength(1);
    await upToColdCall(agent);
    const state = (await agent.request({ url: `${base}/data` })).json();
    expect(state).toMatchObject({ status: 'Started', currentPageKey: 'ta_red_contact', caseNumber: null });
    expect((await answer(agent, 'ta_red_contact', 'red_contact', 'yes')).statusCode).toBe(200);
    const rows = await refusals();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.caseNumber)).size).toBe(2);
    expect((await refusalEmails()).map((email) => email.subject)).toEqual(
      [caseNumber, rows.find((row) => row.caseNumber !== caseNumber)!.caseNumber].map(
        (reference) => `We cannot make your transfer (${reference})`,
      ),
    );
    expect((await agent.request({ url: `${base}/data` })).json()).toMatchObject({
      status: 'Ended',
      caseNumber: rows.find((row) => row.caseNumber !== caseNumber)!.caseNumber,
    });
  });
});
