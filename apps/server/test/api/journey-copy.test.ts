import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JourneyDefinition } from '@meridian/contracts';
import { clearContentCache } from '../../src/areas/content/content-cache';
import { contentDocuments, memberJourneys, oneTimeCodes, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { answerStep, latestCode, stepUp, sendPhotoId } from './journey-submission';

/**
 * The engine's refusals name what a journey sends by its `copy.noun` (a callback "request", a fund
 * "switch"), never "application" for one that is not (issue 37, per-journey wording); a new bank
 * account's step-up names no journey at all, and its code's email names it by its noun. A sent journey
 * is listed among its case's documents by its PDF's title. docs/journeys.md "The journey's words".
 */
const ctx = useTestApp();

type Answered = {
  statusCode: number;
  body: string;
  json: () => { errors: Array<{ code: string; message: string }> };
};
/** The refusal's one error, with its status checked. */
const refusal = (response: Answered, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json().errors[0]!;
};

let addressCounter = 0;
const callback = '/api/visitor/journeys/requestacallback';

/** A visitor who started a callback request: their agent holds the token's cookie. */
async function visitorWithRequest() {
  const visitor = new BrowserAgent(ctx.app);
  const started = await visitor.request({
    method: 'POST',
    url: `${callback}/start`,
    remoteAddress: `10.9.7.${++addressCounter}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  return visitor;
}

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

describe('cancelling a journey that cannot be cancelled', () => {
  it('tells a visitor their sent callback request cannot be cancelled, as a request', async () => {
    const visitor = await visitorWithRequest();
    for (const [page, question, answerKey] of [
      ['cb_topic', 'topic', 'pension'],
      ['cb_phone', 'phone', '0113 496 0000'],
      ['cb_email', 'email', 'sam@example.org'],
    ] as const) {
      const answered = await answerStep(visitor, callback, page, question, answerKey);
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const sent = await visitor.request({ method: 'POST', url: `${callback}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);

    const refused = refusal(await visitor.request({ method: 'DELETE', url: `${callback}/delete` }), 400);
    expect(refused).toEqual({
      code: 'journey_submitted',
      message: 'This request has been sent, so it cannot be cancelled.',
    });
  });

  it('tells a visitor whose request ended (a death, told by phone) that the request has ended', async () => {
    const visitor = await visitorWithRequest();
    const ended = await answerStep(visitor, callback, 'cb_topic', 'topic', 'death');
    expect(ended.json(), ended.body).toEqual({ nextPageKey: 'cb_death' });

    const refused = refusal(await visitor.request({ method: 'DELETE', url: `${callback}/delete` }), 400);
    expect(refused).toEqual({ code: 'journey_ended', message: 'This request has ended already.' });
  });

  it('tells a member their sent fund switch cannot be cancelled, as a switch', async () => {
    const agent = await signedIn('dc.far');
    const base = '/mdp-api/api/journeys/fundswitch';
    const started = await agent.request({
      method: 'POST',
      url: `${base}/start`,
      payload: { currentPageKey: 'fs_choice' },
    });
    expect(started.statusCode, started.body).toBe(204);
    expect((await answerStep(agent, base, 'fs_choice', 'investment_choice', 'lifestyle')).json()).toEqual({
      nextPageKey: 'fs_strategy',
    });
    expect(
      (await answerStep(agent, base, 'fs_strategy', 'lifestyle_strategy', 'lifestyle_annuity')).json(),
    ).toEqual({
      nextPageKey: 'fs_check',
    });
    await stepUp(agent, ctx.database);
    const sent = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);

    const refused = refusal(await agent.request({ method: 'DELETE', url: `${base}/delete` }), 400);
    expect(refused).toEqual({
      code: 'journey_submitted',
      message: 'This switch has been sent, so it cannot be cancelled.',
    });
    // Its case lists the switch by its PDF's title, not as an application form.
    const { cases } = (await agent.request({ url: '/mdp-api/api/cases' })).json();
    const switched = cases.find(
      (found: { caseNumber: string }) => found.caseNumber === sent.json().caseNumber,
    );
    expect(switched.documents).toEqual([{ name: 'Fund switch request', status: 'received' }]);
  });
});

/** Meridian's stored journeys with the DC application's copy replaced, until `restore` is called. */
async function dcApplicationWithCopy(copy: JourneyDefinition['copy']) {
  const db = ctx.database.db;
  const where = and(eq(contentDocuments.tenantUrl, 'localhost'), eq(contentDocuments.kind, 'journeys'));
  const [stored] = await db.select({ body: contentDocuments.body }).from(contentDocuments).where(where);
  const journeys = stored!.body as JourneyDefinition[];
  await db
    .update(contentDocuments)
    .set({
      body: journeys.map((journey) =>
        journey.type === 'dcretirementapplication' ? { ...journey, copy } : journey,
      ),
    })
    .where(where);
  clearContentCache(db);
  return async () => {
    await db.update(contentDocuments).set({ body: journeys }).where(where);
    clearContentCache(db);
  };
}

describe('a new bank account in a journey', () => {
  it('is confirmed with a code, asked for without calling the journey an application, emailed in its noun', async () => {
    const agent = await signedIn('dc.near');
    const base = '/mdp-api/api/journeys/dcretirementapplication';
    const post = (path: string, payload: object) =>
      agent.request({ method: 'POST', url: `${base}${path}`, payload });
    const answer = (page: string, question: string, answerKey: string, answerValue?: string) =>
      answerStep(agent, base, page, question, answerKey, answerValue);

    const explored = (await agent.request({ url: '/mdp-api/api/retirement/dc/options' })).json();
    const option = explored.options.find(
      (candidate: { code: string }) => candidate.code === 'cash-and-annuity',
    );
    const started = await post('/start-dc-journey', {
      retirementDate: explored.retirementDate,
      choice: option.choice,
    });
    expect(started.statusCode, started.body).toBe(204);
    await answer('dca_guidance', 'guidance_taken', 'no');
    await answer('dca_guidance_offer', 'guidance_choice', 'opt_out');
    await post('/page/dca_guidance_opt_out/checkboxesLists', {
      checkboxesListKey: 'guidance_opt_out',
      checkboxes: [{ key: 'opt_out_confirmed', answerValue: true }],
    });
    expect((await post('/submit-step', { currentPageKey: 'dca_guidance_opt_out' })).json()).toEqual({
      nextPageKey: 'dca_allowance',
    });
    expect((await answer('dca_allowance', 'allowance_used', 'no')).json()).toEqual({
      nextPageKey: 'dca_bank',
    });
    const bank = JSON.stringify({
      accountName: 'Mrs H Brooks',
      sortCode: '30-94-66',
      accountNumber: '12345678',
    });
    expect((await answer('dca_bank', 'bank_account', 'provided', bank)).statusCode).toBe(200);
    expect((await answer('dca_contact', 'contact_correct', 'yes')).statusCode).toBe(200);
    await sendPhotoId(agent);
    expect((await post('/submit-step', { currentPageKey: 'dca_identity' })).json()).toEqual({
      nextPageKey: 'dca_declarations',
    });
    await post('/page/dca_declarations/checkboxesLists', {
      checkboxesListKey: 'declarations',
      checkboxes: ['information_true', 'option_final', 'risks_understood', 'overpayment'].map((key) => ({
        key,
        answerValue: true,
      })),
    });
    expect((await post('/submit-step', { currentPageKey: 'dca_declarations' })).json()).toEqual({
      nextPageKey: 'dca_check_answers',
    });

    await stepUp(agent, ctx.database);
    const asked = refusal(await post('/submit', {}), 428);
    expect(asked).toEqual({
      code: 'step_up_required',
      message: 'To keep your pension safe, confirm the new bank account you gave with a code we send you.',
    });

    // The code's email names the journey as its pages do: this one's copy calls it a "claim".
    const bankEmail = async () => {
      const [message] = await ctx.database.db
        .select({ subject: outboxMessages.subject, body: outboxMessages.body })
        .from(outboxMessages)
        .where(like(outboxMessages.body, '%code to confirm the bank account%'))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      return message!;
    };
    const restore = await dcApplicationWithCopy({ noun: 'claim' });
    try {
      const resent = await post('/bank-account/confirmation/send', {});
      expect(resent.statusCode, resent.body).toBe(200);
      expect(await bankEmail()).toMatchObject({
        subject: 'Your Meridian Pension Scheme code to confirm the bank account in your claim',
        body: expect.stringMatching(/^Your code to confirm the bank account in your claim is \d{6}\. /),
      });
      // Resent through My details' resend call after the cool-down, it still names the claim.
      await ctx.database.db.update(oneTimeCodes).set({ sentAt: new Date(Date.now() - 60_000) });
      const again = await agent.request({
        method: 'POST',
        url: '/mdp-api/api/v2/bank-accounts/confirmation/resend',
        headers: { 'x-confirmation-nonce': resent.json().nonce },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(await bankEmail()).toMatchObject({
        subject: 'Your Meridian Pension Scheme code to confirm the bank account in your claim',
        body: expect.stringMatching(/^Your code to confirm the bank account in your claim is \d{6}\. /),
      });
      // Sent with its code once its time is up, it is refused as an expired claim.
      await ctx.database.db
        .update(memberJourneys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(memberJourneys.type, 'dcretirementapplication'), eq(memberJourneys.status, 'Started')));
      const code = await latestCode(ctx.database, 'confirm the bank account in your claim');
      const expired = await agent.request({
        method: 'POST',
        url: `${base}/submit`,
        payload: { code },
        headers: { 'x-confirmation-nonce': resent.json().nonce },
      });
      expect(refusal(expired, 400)).toEqual({
        code: 'journey_expired',
        message: 'This claim has expired. Start again to see up-to-date figures.',
      });
      const stepped = await answer('dca_contact', 'contact_correct', 'yes');
      expect(refusal(stepped, 400)).toEqual({
        code: 'journey_expired',
        message: 'This claim has expired. Start again to see up-to-date figures.',
      });
    } finally {
      await restore();
    }
  });
});
