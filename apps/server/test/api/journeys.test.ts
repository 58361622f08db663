import { and, eq } from 'drizzle-orm';
import { addDays, addMonths, isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import {
  identityVerifications,
  memberCases,
  memberJourneys,
  members,
  outboxMessages,
} from '../../src/db/schema';
import { displayDate } from '../../src/lib/display';
import { decideIdentity } from '../../src/areas/identity-verification/service';
import { decidedByCommand } from '../../src/areas/operations/identity-checks';
import { updateCase } from '../../src/areas/cases/case-update';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { openApiDocument } from './openapi-walk';
import { stepUp, submitApplication, answerStep, sendPhotoId } from './journey-submission';
import { pdfText } from '../pdf-text';

const ctx = useTestApp();
/** The identity:decide command's checker, as an operator runs it. */
const checker = (name: string) => decidedByCommand(name, { log: ctx.app.log, operator: 'ops-on-call' });
const TYPE = 'dbcoreretirementapplication';
const base = `/mdp-api/api/journeys/${TYPE}`;
/** A UK account that passes the modulus check, in the name of the member (db.deferred by default). */
const bankIn = (accountName = 'Mrs M Hughes') =>
  JSON.stringify({ accountName, sortCode: '30-94-66', accountNumber: '12345678' });
const bank = bankIn();

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

const post = (agent: BrowserAgent, path: string, payload: object) =>
  agent.request({ method: 'POST', url: `${base}${path}`, payload });
const get = (agent: BrowserAgent, path: string) => agent.request({ url: `${base}${path}` });
const answer = (
  agent: BrowserAgent,
  page: string,
  question: string,
  answerKey: string,
  answerValue?: string,
) => answerStep(agent, base, page, question, answerKey, answerValue);
const state = async (agent: BrowserAgent) => (await get(agent, '/data')).json();
const applicationStatus = async (agent: BrowserAgent) => {
  const { attributes } = (
    await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })
  ).json();
  return (attributes as { retirementApplicationStatus: string }).retirementApplicationStatus;
};
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

/** The first date of the member's window (a few weeks ahead), as the picker offers it. */
async function firstAllowedDate(agent: BrowserAgent): Promise<string> {
  const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
  return window.availableRetirementDateRange.from;
}

/** Starts the application from a quote for the first allowed date. */
async function startApplication(agent: BrowserAgent, option = 'maximum-lump-sum') {
  const retirementDate = await firstAllowedDate(agent);
  const response = await post(agent, '/start-db-core-journey', { retirementDate, selectedQuoteName: option });
  expect(response.statusCode).toBe(204);
  return retirementDate;
}

/** Answers every page up to the proof of identity (db.deferred's bank account by default). */
async function answerToIdentity(agent: BrowserAgent, account = bank) {
  expect((await answer(agent, 'ra_guidance', 'guidance_taken', 'yes')).json()).toEqual({
    nextPageKey: 'ra_guidance_date',
  });
  for (const [page, question, key, value] of [
    ['ra_guidance_date', 'guidance_date', utcDay(new Date())],
    ['ra_lump_sum_allowance', 'allowance_used', 'no'],
    ['ra_bank', 'bank_account', 'provided', account],
    ['ra_contact', 'contact_correct', 'yes'],
    ['ra_partner', 'has_partner', 'no'],
  ] as const) {
    const answered = await answer(agent, page, question, key, value);
    expect(answered.statusCode, answered.body).toBe(200);
  }
}

async function answerToDeclarations(agent: BrowserAgent, account = bank) {
  await answerToIdentity(agent, account);
  await passIdentityPage(agent);
}

async function passIdentityPage(agent: BrowserAgent) {
  await sendPhotoId(agent);
  expect((await post(agent, '/submit-step', { currentPageKey: 'ra_identity' })).json()).toEqual({
    nextPageKey: 'ra_declarations',
  });
}

async function tickDeclarations(
  agent: BrowserAgent,
  keys = ['information_true', 'option_final', 'overpayment'],
) {
  return post(agent, '/page/ra_declarations/checkboxesLists', {
    checkboxesListKey: 'declarations',
    checkboxes: keys.map((key) => ({ key, answerValue: true })),
  });
}

describe('cancelling an application', () => {
  it('keeps it as cancelled history, deletes the kept amount, lists it no more, and refuses a stale tab’s submission', async () => {
    const agent = await signedIn('db.deferred');
    const retirementDate = await firstAllowedDate(agent);
    const quotes = '/mdp-api/api/v3/retirement/quotes';
    const standard = (
      await agent.request({ url: `${quotes}?selectedRetirementDate=${retirementDate}` })
    ).json();
    const amount = Math.round(standard.lumpSum.maximumPence / 2);
    await agent.request({
      method: 'POST',
      url: `${quotes}/submit-recalculated-lumpsum?requestedLumpSum=${amount}&selectedRetirementDate=${retirementDate}`,
    });
    await post(agent, '/start-db-core-journey', { retirementDate, selectedQuoteName: 'requested-lump-sum' });
    await answer(agent, 'ra_guidance', 'guidance_taken', 'yes');
    expect(await applicationStatus(agent)).toBe('StartedRA');
    const listed = (await agent.request({ url: '/mdp-api/api/journeys' })).json().journeys;
    expect(listed).toEqual([
      expect.objectContaining({
        type: TYPE,
        title: 'Apply for your pension',
        status: 'Started',
        currentPageSlug: '/retirement/apply/guidance-date',
      }),
    ]);
    // Another member sees none of it and cannot cancel it.
    const other = await signedIn('db.active');
    expect((await other.request({ url: '/mdp-api/api/journeys' })).json()).toEqual({ journeys: [] });
    expect(codeOf(await other.request({ method: 'DELETE', url: `${base}/delete` }))).toBe(
      'journey_not_found',
    );

    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
    expect(codeOf(await get(agent, '/data'))).toBe('journey_not_found');
    expect((await agent.request({ url: '/mdp-api/api/journeys' })).json()).toEqual({ journeys: [] });
    expect(await applicationStatus(agent)).not.toMatch(/RA$/);
    // The options page starts afresh: the amount kept for the application is gone too.
    const after = (await agent.request({ url: `${quotes}?selectedRetirementDate=${retirementDate}` })).json();
    expect(after.enteredLumpSumPence).toBeNull();

    // A tab left open on the cancelled application: every change is refused and nothing is made.
    for (const refused of [
      await post(agent, '/submit', {}),
      await agent.request({ method: 'PUT', url: '/mdp-api/api/v2/retirement-journey/submit' }),
      await answer(agent, 'ra_guidance_date', 'guidance_date', utcDay(new Date())),
      await tickDeclarations(agent),
      await agent.request({ method: 'DELETE', url: `${base}/delete` }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(codeOf(refused)).toBe('journey_not_found');
    }
    // The cancelled application is kept as history, closed, with its answers as they were.
    const rows = await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(eq(memberJourneys.referenceNumber, '1000001'));
    expect(rows).toEqual([expect.objectContaining({ status: 'Cancelled', closedAt: expect.any(Date) })]);
    expect((await agent.request({ url: '/mdp-api/api/cases' })).json().cases).toEqual([]);
  });

  it('lets a member whose application ended on a terminal page start a new one', async () => {
    const agent = await signedIn('db.deferred');
    await startApplication(agent);
    expect(await applicationStatus(agent)).toBe('StartedRA');
    await ctx.database.db
      .update(memberJourneys)
      .set({ status: 'Ended', endReason: 'call_us', closedAt: new Date() })
      .where(and(eq(memberJourneys.referenceNumber, '1000001'), eq(memberJourneys.status, 'Started')));
    expect(await applicationStatus(agent)).not.toMatch(/RA$/);
    await startApplication(agent);
    expect(await applicationStatus(agent)).toBe('StartedRA');
  });
});

describe('step data and checkbox lists', () => {
  it('answers 404 for a page or a list the journey does not have, and 413 past the allowance', async () => {
    const agent = await signedIn('db.pensioner');
    // (db.pensioner cannot start the application; these are refused before the journey is looked for.)
    const deferred = await signedIn('db.deferred');
    await startApplication(deferred);
    await answerToIdentity(deferred);
    const before = await state(deferred);
    const stepData = (page: string, form: string) => `/page/${page}/stepData/${form}`;
    const lists = (page: string) => `/page/${page}/checkboxesLists`;
    for (const [refused, code] of [
      [
        await post(deferred, stepData('no_such_page', 'notes'), { genericDataJson: '{"a":1}' }),
        'page_not_in_journey',
      ],
      [await get(deferred, stepData('no_such_page', 'notes')), 'page_not_in_journey'],
      [
        await post(deferred, lists('ra_declarations'), { checkboxesListKey: 'other_list', checkboxes: [] }),
        'checkbox_list_not_on_page',
      ],
      [
        await post(deferred, lists('ra_guidance'), { checkboxesListKey: 'declarations', checkboxes: [] }),
        'checkbox_list_not_on_page',
      ],
      [await get(deferred, `${lists('ra_declarations')}/other_list`), 'checkbox_list_not_on_page'],
      [await get(deferred, `${lists('no_such_page')}/declarations`), 'page_not_in_journey'],
      [await get(agent, stepData('no_such_page', 'notes')), 'page_not_in_journey'],
    ] as const) {
      expect(refused.statusCode, refused.body).toBe(404);
      expect(codeOf(refused)).toBe(code);
    }
    expect(await state(deferred)).toEqual(before);

    // One page keeps at most 32 KiB of form data, the journey 128 KiB (the defaults).
    const big = JSON.stringify('x'.repeat(19_980));
    const mid = JSON.stringify('y'.repeat(10_000));
    const save = (page: string, form: string, json: string) =>
      post(deferred, stepData(page, form), { genericDataJson: json });
    expect((await save('ra_guidance', 'first', big)).statusCode).toBe(204);
    const onePage = await state(deferred);
    const tooBig = await save('ra_guidance', 'second', big);
    expect(tooBig.statusCode).toBe(413);
    expect(codeOf(tooBig)).toBe('step_data_too_large');
    expect(await state(deferred)).toEqual(onePage);
    expect((await save('ra_guidance', 'second', mid)).statusCode).toBe(204);
    for (const page of ['ra_guidance_date', 'ra_lump_sum_allowance', 'ra_bank']) {
      expect((await save(page, 'first', big)).statusCode).toBe(204);
      expect((await save(page, 'second', mid)).statusCode).toBe(204);
    }
    const full = await state(deferred);
    const overJourney = await save('ra_contact', 'first', big);
    expect(overJourney.statusCode).toBe(413);
    expect(codeOf(overJourney)).toBe('journey_data_too_large');
    expect(await state(deferred)).toEqual(full);
    expect((await get(deferred, stepData('ra_bank', 'second'))).json()).toEqual({
      formKey: 'second',
      genericDataJson: mid,
    });
    expect((await deferred.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });
});

describe('the DB retirement application journey', () => {
  it('refuses skipping ahead, answers not on offer and bad dates, leaving the state as it was', async () => {
    const agent = await signedIn('db.deferred');
    await startApplication(agent);
    await answer(agent, 'ra_guidance', 'guidance_taken', 'yes');
    const before = await state(agent);

    expect(codeOf(await answer(agent, 'ra_bank', 'bank_account', 'provided', bank))).toBe(
      'page_not_reachable',
    );
    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'ra_check_answers' }))).toBe(
      'not_a_step',
    );
    expect(codeOf(await answer(agent, 'ra_guidance', 'guidance_taken', 'maybe'))).toBe(
      'answer_not_an_option',
    );
    expect(codeOf(await answer(agent, 'ra_guidance', 'allowance_used', 'no'))).toBe('question_not_on_page');
    const tomorrow = addDays(isoDate(utcDay(new Date())), 1);
    expect(codeOf(await answer(agent, 'ra_guidance_date', 'guidance_date', tomorrow))).toBe('date_in_future');
    expect(codeOf(await answer(agent, 'ra_guidance_date', 'guidance_date', '2025-02-30'))).toBe(
      'invalid_date',
    );
    expect(
      codeOf(
        await post(agent, '/submit-question-step', {
          currentPageKey: 'ra_guidance',
          nextPageKey: 'ra_guidance_offer',
          questionKey: 'guidance_taken',
          answerKey: 'yes',
        }),
      ),
    ).toBe('next_page_mismatch');
    expect(codeOf(await post(agent, '/submit', {}))).toBe('journey_incomplete');
    expect(await state(agent)).toEqual(before);

    // The bank account passes the checks My details makes: modulus check, and in the member's name.
    await answer(agent, 'ra_guidance_date', 'guidance_date', utcDay(new Date()));
    await answer(agent, 'ra_lump_sum_allowance', 'allowance_used', 'no');
    const reached = await state(agent);
    for (const [account, code] of [
      [
        { accountName: 'Mrs M Hughes', sortCode: '309466', accountNumber: '87654321' },
        'bank_account_modulus_check_failed',
      ],
      [
        { accountName: 'Mr P Evans', sortCode: '309466', accountNumber: '12345678' },
        'bank_account_name_mismatch',
      ],
      [{ accountName: 'Mrs M Hughes', sortCode: '3094', accountNumber: '12345678' }, 'invalid_bank_account'],
    ] as const)
      expect(
        codeOf(await answer(agent, 'ra_bank', 'bank_account', 'provided', JSON.stringify(account))),
      ).toBe(code);
    expect(await state(agent)).toEqual(reached);

    // The identity page is left only once a photo ID has been sent.
    await answer(agent, 'ra_bank', 'bank_account', 'provided', bank);
    // A phone number for the application, checked as My details checks a mobile.
    await answer(agent, 'ra_contact', 'contact_correct', 'no');
    const atPhone = await state(agent);
    for (const value of ['not json', JSON.stringify({ countryCode: 'GB', number: '123' })])
      expect(codeOf(await answer(agent, 'ra_contact_phone', 'contact_phone', 'provided', value))).toBe(
        'invalid_phone_number',
      );
    expect(await state(agent)).toEqual(atPhone);
    const phone = JSON.stringify({ countryCode: 'GB', number: '07911 123456' });
    await answer(agent, 'ra_contact_phone', 'contact_phone', 'provided', phone);
    await answer(agent, 'ra_partner', 'has_partner', 'no');
    const atIdentity = await state(agent);
    expect(atIdentity.steps.at(-2).answer).toMatchObject({ answerKey: '+447911123456' });
    expect(atIdentity.currentPageKey).toBe('ra_identity');
    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'ra_identity' }))).toBe(
      'identity_not_provided',
    );
    expect(await state(agent)).toEqual(atIdentity);
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('drops the later branch when an earlier answer changes, and keeps it when the route is the same', async () => {
    const agent = await signedIn('db.deferred');
    await startApplication(agent);
    await answerToDeclarations(agent);
    expect((await get(agent, '/previous-step/ra_bank')).json()).toEqual({
      previousPageKey: 'ra_lump_sum_allowance',
    });
    expect(codeOf(await get(agent, '/previous-step/ra_guidance'))).toBe('previous_page_key_not_found');

    // A new date leads to the same page: the later answers stay (fast-forward back to the summary).
    await answer(agent, 'ra_guidance_date', 'guidance_date', addDays(isoDate(utcDay(new Date())), -3));
    expect((await state(agent)).currentPageKey).toBe('ra_declarations');

    // "No" leads elsewhere: everything after the guidance question is dropped.
    expect((await answer(agent, 'ra_guidance', 'guidance_taken', 'no')).json()).toEqual({
      nextPageKey: 'ra_guidance_offer',
    });
    const branched = await state(agent);
    expect(branched.steps.map((step: { pageKey: string }) => step.pageKey)).toEqual(['ra_guidance']);
    expect(branched.currentPageKey).toBe('ra_guidance_offer');
    expect((await get(agent, '/integrity/ra_bank')).json()).toEqual({
      redirectStepPageKey: 'ra_guidance_offer',
    });
    expect((await get(agent, '/integrity/ra_guidance')).json()).toEqual({
      redirectStepPageKey: 'ra_guidance',
    });

    // The opt-out needs its box ticked: the recorded, explicit opt-out.
    await answer(agent, 'ra_guidance_offer', 'guidance_choice', 'opt_out');
    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'ra_guidance_opt_out' }))).toBe(
      'declarations_incomplete',
    );
    await post(agent, '/page/ra_guidance_opt_out/checkboxesLists', {
      checkboxesListKey: 'guidance_opt_out',
      checkboxes: [{ key: 'opt_out_confirmed', answerValue: true }],
    });
    // The opt-out rejoins the route at the allowance question: the answers from there on are back.
    expect((await post(agent, '/submit-step', { currentPageKey: 'ra_guidance_opt_out' })).json()).toEqual({
      nextPageKey: 'ra_lump_sum_allowance',
    });
    expect((await state(agent)).steps.map((step: { pageKey: string }) => step.pageKey)).toEqual([
      'ra_guidance',
      'ra_guidance_offer',
      'ra_guidance_opt_out',
      'ra_lump_sum_allowance',
      'ra_bank',
      'ra_contact',
      'ra_partner',
      'ra_identity',
    ]);
    expect(
      codeOf(
        await post(agent, '/page/ra_guidance_opt_out/checkboxesLists', {
          checkboxesListKey: 'guidance_opt_out',
          checkboxes: [{ key: 'made_up', answerValue: true }],
        }),
      ),
    ).toBe('checkbox_not_on_page');

    // Resume after signing out: a new session finds the same place.
    await agent.request({ method: 'POST', url: '/authentication-api/api/authentication/logout' });
    const again = await signedIn('db.deferred');
    expect((await state(again)).currentPageKey).toBe('ra_declarations');
    expect((await get(again, '/question-form/ra_guidance')).json()).toEqual({
      questionKey: 'guidance_taken',
      answerKey: 'no',
      answerValue: null,
    });
    expect((await again.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
    expect(codeOf(await get(again, '/data'))).toBe('journey_not_found');
  });

  it('refuses an expired journey, a date outside the window, an unknown option and a member it is not open to', async () => {
    const agent = await signedIn('db.deferred');
    expect(await applicationStatus(agent)).not.toMatch(/RA$/);
    const from = await firstAllowedDate(agent);
    const outside = addDays(isoDate(from), -1);
    const late = addMonths(isoDate(utcDay(new Date())), 7);
    for (const [retirementDate, code] of [
      [outside, 'retirement_date_outside_window'],
      [late, 'retirement_date_not_open'],
    ]) {
      const refused = await post(agent, '/start-db-core-journey', {
        retirementDate,
        selectedQuoteName: 'full-pension',
      });
      expect(codeOf(refused)).toBe(code);
    }
    const lumpSum = await post(agent, '/start-db-core-journey', {
      retirementDate: from,
      selectedQuoteName: 'requested-lump-sum',
      requestedLumpSumPence: 50_000_000_00,
    });
    expect(codeOf(lumpSum)).toBe('lump_sum_out_of_range');
    expect(
      codeOf(
        await post(agent, '/start-db-core-journey', {
          retirementDate: from,
          selectedQuoteName: 'everything',
        }),
      ),
    ).toBe('quote_option_not_found');
    expect(codeOf(await get(agent, '/data'))).toBe('journey_not_found');

    const active = await signedIn('db.active');
    const closed = await active.request({
      method: 'POST',
      url: `${base}/start-db-core-journey`,
      payload: { retirementDate: from, selectedQuoteName: 'full-pension' },
    });
    expect(closed.statusCode).toBe(403);
    expect(codeOf(closed)).toBe('journey_not_open');

    await startApplication(agent);
    await answer(agent, 'ra_guidance', 'guidance_taken', 'yes');
    // db.active cannot see or change db.deferred's journey: every call is scoped to the signed-in record.
    expect(codeOf(await get(active, '/data'))).toBe('journey_not_found');
    expect(codeOf(await answer(active, 'ra_guidance', 'guidance_taken', 'no'))).toBe('journey_not_found');

    await ctx.database.db
      .update(memberJourneys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberJourneys.type, TYPE));
    const expired = await state(agent);
    expect(expired.status).toBe('Expired');
    expect(codeOf(await answer(agent, 'ra_guidance', 'guidance_taken', 'no'))).toBe('journey_expired');
    expect(codeOf(await post(agent, '/submit', {}))).toBe('journey_expired');
    expect(await applicationStatus(agent)).toBe('ExpiredRA');
    expect((await state(agent)).steps).toEqual(expired.steps);

    // Starting again renews it with no answers.
    await startApplication(agent);
    expect(await state(agent)).toMatchObject({ status: 'Started', steps: [] });
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('answers under the retirement-journey names too, starting from the tax-free cash the member kept', async () => {
    const agent = await signedIn('db.deferred');
    const alias = '/mdp-api/api/retirement-journey';
    const retirementDate = await firstAllowedDate(agent);
    const quotes = '/mdp-api/api/v3/retirement/quotes';
    const standard = (
      await agent.request({ url: `${quotes}?selectedRetirementDate=${retirementDate}` })
    ).json();
    const amount = Math.round(standard.lumpSum.maximumPence / 3);
    await agent.request({
      method: 'POST',
      url: `${quotes}/submit-recalculated-lumpsum?requestedLumpSum=${amount}&selectedRetirementDate=${retirementDate}`,
    });
    const started = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/v3/retirement-journey/start',
      payload: { retirementDate, selectedQuoteName: 'requested-lump-sum' },
    });
    expect(started.statusCode).toBe(204);
    const application = (await agent.request({ url: `${alias}/retirement-application` })).json();
    expect(application).toEqual(await state(agent));
    expect(application.choice).toMatchObject({
      selectedQuoteName: 'requested-lump-sum',
      lumpSumPence: amount,
    });

    const step = await agent.request({
      method: 'POST',
      url: `${alias}/submit-question-step`,
      payload: { currentPageKey: 'ra_guidance', questionKey: 'guidance_taken', answerKey: 'yes' },
    });
    expect(step.json()).toEqual({ nextPageKey: 'ra_guidance_date' });
    expect((await agent.request({ url: `${alias}/previous-step/ra_guidance_date` })).json()).toEqual({
      previousPageKey: 'ra_guidance',
    });
    expect((await agent.request({ url: `${alias}/integrity/ra_bank` })).json()).toEqual({
      redirectStepPageKey: 'ra_guidance_date',
    });
    expect((await agent.request({ url: `${alias}/question-form/ra_guidance` })).json()).toMatchObject({
      answerKey: 'yes',
    });
    const skip = await agent.request({
      method: 'POST',
      url: `${alias}/submit-step`,
      payload: { currentPageKey: 'ra_declarations' },
    });
    expect(codeOf(skip)).toBe('page_not_reachable');
    const early = await agent.request({ method: 'PUT', url: '/mdp-api/api/v2/retirement-journey/submit' });
    expect(codeOf(early)).toBe('journey_incomplete');
    expect(codeOf(await agent.request({ url: `${alias}/download/summary-pdf` }))).toBe('pdf_not_found');

    const other = await signedIn('db.retiring');
    expect(codeOf(await other.request({ url: `${alias}/retirement-application` }))).toBe('journey_not_found');
    expect(codeOf(await other.request({ method: 'DELETE', url: alias }))).toBe('journey_not_found');

    expect((await agent.request({ method: 'DELETE', url: alias })).statusCode).toBe(204);
    expect(codeOf(await get(agent, '/data'))).toBe('journey_not_found');
    await agent.request({ method: 'PUT', url: `${quotes}/clear-lumpsum` });
  });

  it('walks db.deferred from a chosen quote to a submitted case, once, with a PDF and an email', async () => {
    const agent = await signedIn('db.deferred');
    const retirementDate = await startApplication(agent);
    const started = await state(agent);
    expect(started).toMatchObject({ status: 'Started', currentPageKey: 'ra_guidance', steps: [] });
    expect(started.choice).toMatchObject({ retirementDate, selectedQuoteName: 'maximum-lump-sum' });
    expect(started.choice.lumpSumPence).toBeGreaterThan(0);
    expect(started.choice.firstPaymentDate > retirementDate).toBe(true);
    expect(started.choice.lumpSumPaymentDate > retirementDate).toBe(true);
    // The cancel and confirmation pages' words for the lock are the plugin's, drawn from the same quote.
    expect(started.lockedWords).toEqual({
      startedFor: `to retire on ${displayDate(retirementDate)}`,
      cancelLoses: 'the option you chose',
      confirmation: {
        heading: 'When you will be paid',
        lines: [
          { label: 'You retire on', value: displayDate(retirementDate) },
          { label: 'Tax-free cash paid by', value: displayDate(started.choice.lumpSumPaymentDate) },
          { label: 'First monthly payment', value: displayDate(started.choice.firstPaymentDate) },
        ],
      },
    });

    await answerToDeclarations(agent);
    // Step data cannot stand in for what the scheme holds: the check is still pending.
    const forged = await post(agent, '/page/ra_identity/stepData/identity', {
      genericDataJson: JSON.stringify({ status: 'verified' }),
    });
    expect(forged.statusCode).toBe(204);
    expect((await state(agent)).identity).toMatchObject({ status: 'pending', documentName: 'passport.jpg' });

    // Tax-free cash already taken: each other pension by name, with its amount kept in pence.
    await answer(agent, 'ra_lump_sum_allowance', 'allowance_used', 'yes');
    const atPensions = await state(agent);
    expect(atPensions.currentPageKey).toBe('ra_other_pensions');
    const pensions = (...items: object[]) => JSON.stringify(items);
    for (const [value, code] of [
      [pensions(), 'list_too_short'],
      [pensions({ title: 'Acme Plan', amount: '1e9' }), 'invalid_money_amount'],
      [pensions({ title: 'Acme Plan', amount: '0' }), 'money_below_minimum'],
      [pensions({ title: 'Acme Plan', amount: '268275.01' }), 'money_above_maximum'],
      [pensions({ title: '', amount: '10' }), 'answer_required'],
      [
        pensions(...Array.from({ length: 11 }, () => ({ title: 'Acme Plan', amount: '10' }))),
        'list_too_long',
      ],
    ] as const)
      expect(codeOf(await answer(agent, 'ra_other_pensions', 'other_pensions', 'list', value)), value).toBe(
        code,
      );
    expect(await state(agent)).toEqual(atPensions);
    const taken = pensions(
      { title: 'Acme Retirement Plan', amount: '£1,250.50' },
      { title: 'NHS Pension Scheme', amount: '3000' },
    );
    expect((await answer(agent, 'ra_other_pensions', 'other_pensions', 'list', taken)).json()).toEqual({
      nextPageKey: 'ra_bank',
    });
    const withPensions = await state(agent);
    expect(
      withPensions.steps.find((step: { pageKey: string }) => step.pageKey === 'ra_other_pensions'),
    ).toMatchObject({
      answer: {
        answerKey: '2',
        answerValue: JSON.stringify([
          { title: 'Acme Retirement Plan', amountPence: 125050 },
          { title: 'NHS Pension Scheme', amountPence: 300000 },
        ]),
      },
    });
    // The list rejoins the route at the bank account: the later answers are kept.
    expect(withPensions.currentPageKey).toBe('ra_declarations');

    // Married: the spouse's name and date of birth, and the certificate, uploaded into the documents.
    expect((await answer(agent, 'ra_partner', 'has_partner', 'yes')).json()).toEqual({
      nextPageKey: 'ra_partner_details',
    });
    expect(
      codeOf(
        await answer(
          agent,
          'ra_partner_details',
          'partner',
          'provided',
          JSON.stringify({ surname: 'Hughes' }),
        ),
      ),
    ).toBe('name_required');
    const spouse = { forenames: 'Gareth', surname: 'Hughes', dateOfBirth: '1962-05-04' };
    expect(
      (await answer(agent, 'ra_partner_details', 'partner', 'provided', JSON.stringify(spouse))).json(),
    ).toEqual({ nextPageKey: 'ra_partner_certificate' });
    const certificate = (
      await agent.request({
        method: 'POST',
        url: '/mdp-api/api/documents',
        ...uploadForm('marriage-certificate.pdf', await files.pdf('Marriage certificate'), {
          journeyType: 'documents',
          documentType: 'Upload your marriage or civil partnership certificate',
        }),
      })
    ).json();
    const uploaded = JSON.stringify({ id: certificate.fileUuid, name: 'marriage-certificate.pdf' });
    expect(codeOf(await answer(agent, 'ra_partner_certificate', 'partner_certificate', 'provided'))).toBe(
      'file_required',
    );
    expect(
      (await answer(agent, 'ra_partner_certificate', 'partner_certificate', 'provided', uploaded)).json(),
    ).toEqual({ nextPageKey: 'ra_identity' });
    expect((await state(agent)).currentPageKey).toBe('ra_declarations');

    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'ra_declarations' }))).toBe(
      'declarations_incomplete',
    );
    expect((await tickDeclarations(agent)).statusCode).toBe(204);
    expect((await post(agent, '/submit-step', { currentPageKey: 'ra_declarations' })).json()).toEqual({
      nextPageKey: 'ra_check_answers',
    });
    expect((await state(agent)).currentPageKey).toBe('ra_check_answers');

    expect(await applicationStatus(agent)).toBe('StartedRA');

    // An application moves the pension: a session that signed in with a password alone and has not
    // confirmed it is the member in the last 15 minutes is asked to (issue 41), and nothing is sent.
    const unproven = await post(agent, '/submit', {});
    expect(unproven.statusCode).toBe(428);
    expect(codeOf(unproven)).toBe('fresh_step_up_required');
    // The old portal's name for it answers the same, and says so in the OpenAPI document.
    const aliasPath = '/mdp-api/api/v2/retirement-journey/submit';
    const unprovenAlias = await agent.request({ method: 'PUT', url: aliasPath });
    expect(unprovenAlias.statusCode).toBe(428);
    expect(codeOf(unprovenAlias)).toBe('fresh_step_up_required');
    const aliasOperation = openApiDocument(ctx.app).paths[aliasPath]!.put! as {
      summary?: string;
      responses?: object;
    };
    expect(Object.keys(aliasOperation.responses!)).toContain('428');
    expect(aliasOperation.summary).toMatch(/step-up.*428 fresh_step_up_required/);
    expect(await applicationStatus(agent)).toBe('StartedRA');
    expect((await agent.request({ url: '/mdp-api/api/cases' })).json().cases).toEqual([]);
    await stepUp(agent, ctx.database);
    // A bank account that is not yet the member's is confirmed with its own code, as in My details.
    const withoutCode = await post(agent, '/submit', {});
    expect(withoutCode.statusCode).toBe(428);
    expect(codeOf(withoutCode)).toBe('step_up_required');
    expect(await applicationStatus(agent)).toBe('StartedRA');
    const submitted = await submitApplication(agent, base, ctx.database);
    expect(submitted.statusCode).toBe(200);
    const { caseNumber } = submitted.json();
    expect(caseNumber).toMatch(/^RTP9-\d{6}$/);
    // The application's account is now the one the member is paid into: the hub asks for it no more.
    expect((await agent.request({ url: '/mdp-api/api/v2/bank-accounts/current' })).json()).toMatchObject({
      accountName: 'Mrs M Hughes',
      accountNumber: '•••• 5678',
    });
    const alerts = (await agent.request({ url: '/mdp-api/api/members/current/alerts' })).json().alerts;
    expect(alerts.map((alert: { alertId: string }) => alert.alertId)).not.toContain('bank-details-needed');
    const again = await post(agent, '/submit', {});
    expect(again.json().caseNumber).toBe(caseNumber);
    const aliased = await agent.request({ method: 'PUT', url: '/mdp-api/api/v2/retirement-journey/submit' });
    expect(aliased.json().caseNumber).toBe(caseNumber);

    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ caseNumber, status: 'Received', title: 'Apply for your pension' });
    // The photo ID sent inside the application counts: received, pending the scheme's check.
    expect(cases[0].documents).toContainEqual({ name: 'Proof of identity', status: 'received' });
    expect(cases[0].documents).toContainEqual({ name: 'Birth certificate', status: 'outstanding' });

    const pdf = await get(agent, '/pdf/download');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    const summaryPdf = await agent.request({ url: '/mdp-api/api/retirement-journey/download/summary-pdf' });
    expect(summaryPdf.rawPayload.equals(pdf.rawPayload)).toBe(true);
    // The application is filed once in the member's documents, as the portal made it.
    const library = (await agent.request({ url: '/mdp-api/api/members/current/documents?name=RTP9' })).json();
    expect(library.items).toHaveLength(1);
    expect(library.items[0]).toMatchObject({ name: `${caseNumber}.pdf`, kind: 'application', isRead: false });
    const filed = await agent.request({
      url: `/mdp-api/api/members/current/documents/${library.items[0].id}/download`,
    });
    expect(filed.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect(text).toContain(`Reference ${caseNumber}`);
    expect(text).toContain('Mrs M Hughes, sort code 30-94-66, account ending 5678');
    expect(text).toMatch(/Proof of identity\s+Sent, to be checked by the scheme/);
    expect(text).not.toMatch(/Proof of identity\s+Confirmed/);
    expect(text).toMatch(/Postal address\s+14 Church Lane, Headingley, Leeds, West Yorkshire, LS6 3AB/);
    expect(text).toMatch(
      /Which pensions have you taken tax-free cash from\?\s+Acme Retirement Plan, £1,250\.50; NHS Pension Scheme, £3,000\.00/,
    );
    expect(text).toContain('Gareth Hughes, born 04 May 1962');
    expect(text).toContain('marriage-certificate.pdf');

    const mail = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `We have your pension application ${caseNumber}`));
    expect(mail).toHaveLength(1);

    const after = await post(agent, '/submit-question-step', {
      currentPageKey: 'ra_guidance',
      questionKey: 'guidance_taken',
      answerKey: 'no',
    });
    expect(codeOf(after)).toBe('journey_submitted');
    expect((await get(agent, '/integrity/ra_bank')).json()).toEqual({ redirectStepPageKey: 'ra_submitted' });
    expect(await applicationStatus(agent)).toBe('SubmittedRA');
    // A sent application cannot be cancelled, and is no longer listed as in progress.
    expect(codeOf(await agent.request({ method: 'DELETE', url: `${base}/delete` }))).toBe(
      'journey_submitted',
    );
    expect((await agent.request({ url: '/mdp-api/api/journeys' })).json()).toEqual({ journeys: [] });

    // The scheme confirms the photo ID: the case's proof of identity stays received.
    const [opened] = await ctx.database.db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, caseNumber));
    const record = { businessGroup: opened!.businessGroup, referenceNumber: opened!.referenceNumber! };
    expect(await decideIdentity(ctx.database.db, record, 'verified', checker('A Checker'))).toBe(true);
    const confirmed = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases[0];
    expect(confirmed.documents).toContainEqual({ name: 'Proof of identity', status: 'received' });
    expect(confirmed.documents).toContainEqual({ name: 'Birth certificate', status: 'outstanding' });

    // The scheme moves the case on; My requests shows it.
    const command = { log: ctx.app.log, operator: 'ops-on-call', channels: { email: false, sms: false } };
    await updateCase(ctx.database.db, command, caseNumber, {
      document: { name: 'Birth certificate', requested: false },
    });
    await updateCase(ctx.database.db, command, caseNumber, {
      status: 'In progress',
      note: 'We are working on your application.',
    });
    const moved = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases[0];
    expect(moved.status).toBe('In progress');
    expect(moved.documents).toContainEqual({ name: 'Birth certificate', status: 'received' });
    const other = await signedIn('db.retiring');
    expect((await other.request({ url: '/mdp-api/api/cases' })).json().cases).toEqual([]);
    expect(codeOf(await get(other, '/pdf/download'))).toBe('journey_not_found');
  });

  it('asks a member with no postal address for one before the contact step or submitting', async () => {
    const agent = await signedIn('db.retiring');
    await startApplication(agent, 'full-pension');
    await answer(agent, 'ra_guidance', 'guidance_taken', 'yes');
    await answer(agent, 'ra_guidance_date', 'guidance_date', utcDay(new Date()));
    await answer(agent, 'ra_lump_sum_allowance', 'allowance_used', 'no');
    await answer(agent, 'ra_bank', 'bank_account', 'provided', bankIn('Mr P Evans'));
    const atContact = await state(agent);
    expect(atContact.contact.address).toBeNull();
    expect(codeOf(await answer(agent, 'ra_contact', 'contact_correct', 'yes'))).toBe('address_required');
    expect(await state(agent)).toEqual(atContact);

    const saved = await agent.request({
      method: 'PUT',
      url: '/mdp-api/api/members/current/contacts/address',
      payload: { lines: ['12 Elm Road'], town: 'Leicester', postcode: 'LE1 5WW', countryCode: 'GB' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await state(agent)).contact.address).toEqual(['12 Elm Road', 'Leicester', 'LE1 5WW']);
    expect((await answer(agent, 'ra_contact', 'contact_correct', 'yes')).json()).toEqual({
      nextPageKey: 'ra_partner',
    });

    // An address removed after the contact step (by the scheme, say) stops the submission.
    await answerToDeclarations(agent, bankIn('Mr P Evans'));
    await tickDeclarations(agent);
    await post(agent, '/submit-step', { currentPageKey: 'ra_declarations' });
    const ofRetiring = eq(members.referenceNumber, '1000010');
    const [record] = await ctx.database.db.select().from(members).where(ofRetiring);
    await ctx.database.db.update(members).set({ address: null }).where(ofRetiring);
    expect(codeOf(await submitApplication(agent, base, ctx.database))).toBe('address_required');
    expect((await agent.request({ url: '/mdp-api/api/cases' })).json().cases).toEqual([]);
    expect((await state(agent)).status).toBe('Started');
    await ctx.database.db.update(members).set({ address: record!.address }).where(ofRetiring);
  });

  it('files a proof of identity the scheme confirmed before submitting as received', async () => {
    const agent = await signedIn('db.retiring');
    await startApplication(agent, 'full-pension');
    await answerToDeclarations(agent, bankIn('Mr P Evans'));
    await tickDeclarations(agent);
    await post(agent, '/submit-step', { currentPageKey: 'ra_declarations' });
    const [pending] = await ctx.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.status, 'pending'));
    const record = { businessGroup: pending!.businessGroup, referenceNumber: pending!.referenceNumber };
    expect(await decideIdentity(ctx.database.db, record, 'verified', checker('A Checker'))).toBe(true);
    const { caseNumber } = (await submitApplication(agent, base, ctx.database)).json();
    const [sent] = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(sent.caseNumber).toBe(caseNumber);
    expect(sent.documents).toContainEqual({ name: 'Proof of identity', status: 'received' });
  });
});

describe('a quote request (submit-case)', () => {
  it('opens one RTQ9 case with its PDF in the documents, shown in My requests; others are refused', async () => {
    const agent = await signedIn('db.retiring');
    const first = await post(agent, '/submit-case', {});
    expect(first.statusCode).toBe(200);
    const { caseNumber } = first.json();
    expect(caseNumber).toMatch(/^RTQ9-\d+$/);
    // Asking again while it is open answers the same case.
    expect((await post(agent, '/submit-case', {})).json().caseNumber).toBe(caseNumber);

    // (db.retiring's application, sent above, is listed too.)
    const cases = (await agent.request({ url: '/mdp-api/api/cases' }))
      .json()
      .cases.filter((item: { caseType: string }) => item.caseType === 'RTQ9');
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      caseNumber,
      caseType: 'RTQ9',
      title: 'Retirement quote request',
      status: 'Received',
      documents: [{ name: 'Quote request', status: 'received' }],
    });
    const library = (
      await agent.request({ url: `/mdp-api/api/members/current/documents?name=${caseNumber}` })
    ).json();
    expect(library.items).toMatchObject([
      { name: `${caseNumber}.pdf`, type: 'Retirement quote request', kind: 'request' },
    ]);

    const active = await signedIn('db.active');
    expect(codeOf(await post(active, '/submit-case', {}))).toBe('journey_not_open');
    // db.active's only case is the demo's transfer statement
    const activeCases = (await active.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(activeCases.map((c: { caseType: string }) => c.caseType)).toEqual(['TVS']);
  });
});
