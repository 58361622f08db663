import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, visitorJourneys } from '../../src/db/schema';
import { hashOfVisitorToken } from '../../src/lib/visitor-tokens';
import { pdfText } from '../pdf-text';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

const ctx = useTestApp({ VISITOR_JOURNEY_MINUTES: '30' });
const TYPE = 'requestacallback';
const base = `/api/visitor/journeys/${TYPE}`;
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

let addressCounter = 0;
const nextAddress = () => `10.9.0.${++addressCounter}`;

/** A visitor who started the callback request: their agent holds the token's cookie. */
async function startedVisitor() {
  const visitor = new BrowserAgent(ctx.app);
  const started = await visitor.request({
    method: 'POST',
    url: `${base}/start`,
    remoteAddress: nextAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = started.cookies.find((candidate) => candidate.name === 'visitorJourney')!;
  expect(cookie).toMatchObject({ httpOnly: true, path: base, sameSite: 'Strict' });
  return { visitor, token: cookie.value, expiresAt: new Date(started.json().expiresAt) };
}

const answer = (
  visitor: BrowserAgent,
  currentPageKey: string,
  questionKey: string,
  answerKey: string,
  answerValue?: string,
) =>
  visitor.request({
    method: 'POST',
    url: `${base}/submit-question-step`,
    payload: { currentPageKey, questionKey, answerKey, ...(answerValue && { answerValue }) },
  });

async function walk(visitor: BrowserAgent) {
  expect((await answer(visitor, 'cb_topic', 'topic', 'pension')).json()).toEqual({ nextPageKey: 'cb_phone' });
  const phone = await answer(visitor, 'cb_phone', 'phone', '0113 496 0000');
  expect(phone.json(), phone.body).toEqual({ nextPageKey: 'cb_email' });
  const email = await answer(visitor, 'cb_email', 'email', 'sam@example.org');
  expect(email.json(), email.body).toEqual({ nextPageKey: 'cb_check' });
}

describe('a visitor’s journey', () => {
  it('starts without signing in, walks the pages and sends a case with a PDF and a confirmation email', async () => {
    const { visitor, token, expiresAt } = await startedVisitor();
    const minutesLeft = (expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    // Only the token's hash is kept.
    const [row] = await ctx.database.db
      .select()
      .from(visitorJourneys)
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(row).toMatchObject({ type: TYPE, status: 'Started', tenantUrl: 'localhost' });
    expect(JSON.stringify(row)).not.toContain(token);

    const definition = (await visitor.request({ url: `${base}/definition` })).json();
    expect(definition).toMatchObject({
      audience: 'visitor',
      firstPage: 'cb_topic',
      copy: { noun: 'request', submitButton: 'Send my request' },
    });
    expect(codeOf(await visitor.request({ method: 'POST', url: `${base}/submit`, payload: {} }))).toBe(
      'journey_incomplete',
    );
    expect(codeOf(await answer(visitor, 'cb_email', 'email', 'a@b.org'))).toBe('page_not_reachable');
    await walk(visitor);
    const state = (await visitor.request({ url: `${base}/data` })).json();
    expect(state).toMatchObject({ status: 'Started', currentPageKey: 'cb_check' });
    expect(state.steps).toHaveLength(3);
    expect((await visitor.request({ url: `${base}/previous-step/cb_check` })).json()).toEqual({
      previousPageKey: 'cb_email',
    });

    const sent = await visitor.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^CBK1-\d+$/);
    // A retry answers the same reference; the journey cannot change any more.
    expect(
      (await visitor.request({ method: 'POST', url: `${base}/submit`, payload: {} })).json().caseNumber,
    ).toBe(caseNumber);
    expect(codeOf(await answer(visitor, 'cb_topic', 'topic', 'other'))).toBe('journey_submitted');
    expect((await visitor.request({ url: `${base}/integrity/cb_topic` })).json()).toEqual({
      redirectStepPageKey: 'cb_sent',
    });
    const pdf = await visitor.request({ url: `${base}/pdf/download` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Callback request');
    expect(text).toContain(`Reference ${caseNumber}`);
    expect(text).toMatch(/Which number should we call\?\s+0113 496 0000/);
    const mail = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `We will call you back: ${caseNumber}`));
    expect(mail).toEqual([expect.objectContaining({ recipient: 'sam@example.org' })]);
  });

  it('refuses a visitor token on the member API, a member session on the visitor API, another journey and an expired token', async () => {
    const { visitor, token } = await startedVisitor();
    const onMemberApi = await visitor.request({
      url: '/mdp-api/api/journeys/requestacallback/data',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onMemberApi.statusCode).toBe(401);
    expect(codeOf(onMemberApi)).toBe('visitor_token_on_member_api');

    const member = new BrowserAgent(ctx.app);
    await member.signIn('db.active');
    const asMember = await member.request({
      method: 'POST',
      url: `${base}/start`,
      remoteAddress: nextAddress(),
    });
    expect(asMember.statusCode).toBe(401);
    expect(codeOf(asMember)).toBe('member_session_on_visitor_api');
    // A member cannot start a visitor's journey on the member API either.
    const memberStart = await member.request({
      method: 'POST',
      url: '/mdp-api/api/journeys/requestacallback/start',
      payload: { currentPageKey: 'cb_topic' },
    });
    expect(codeOf(memberStart)).toBe('journey_for_visitors');

    // The token is for one journey: another journey's calls refuse it.
    const other = await visitor.request({ url: '/api/visitor/journeys/dbcoreretirementapplication/data' });
    expect(other.statusCode).toBe(401);
    expect(codeOf(other)).toBe('visitor_token_other_journey');
    // A members' journey cannot be started as a visitor.
    const members = await new BrowserAgent(ctx.app).request({
      method: 'POST',
      url: '/api/visitor/journeys/dbcoreretirementapplication/start',
      remoteAddress: nextAddress(),
    });
    expect(codeOf(members)).toBe('journey_type_not_found');
    // No token, or a made-up one.
    const stranger = new BrowserAgent(ctx.app);
    expect(codeOf(await stranger.request({ url: `${base}/data` }))).toBe('visitor_token_missing');
    stranger.cookies.set('visitorJourney', 'vjt_made-up');
    expect(codeOf(await stranger.request({ url: `${base}/data` }))).toBe('visitor_token_invalid');

    // Keep-alive and every step push the expiry on; once it has passed, 401 visitor_session_expired.
    const kept = await visitor.request({ method: 'POST', url: `${base}/keep-alive` });
    expect(new Date(kept.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    await ctx.database.db
      .update(visitorJourneys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)));
    for (const refused of [
      await visitor.request({ url: `${base}/data` }),
      await answer(visitor, 'cb_topic', 'topic', 'pension'),
      await visitor.request({ method: 'POST', url: `${base}/keep-alive` }),
      await visitor.request({ method: 'POST', url: `${base}/submit`, payload: {} }),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(codeOf(refused)).toBe('visitor_session_expired');
    }
  });

  it('cancels a visitor’s journey: kept as Cancelled, the token forgotten', async () => {
    const { visitor, token } = await startedVisitor();
    await answer(visitor, 'cb_topic', 'topic', 'other');
    expect((await visitor.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
    expect(visitor.cookies.has('visitorJourney')).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(visitorJourneys)
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)));
    expect(row).toMatchObject({ status: 'Cancelled', closedAt: expect.any(Date) });
  });
});
