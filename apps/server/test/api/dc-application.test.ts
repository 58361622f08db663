import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, isoDate, utcDay } from '@meridian/pensions';
import { memberCases, memberJourneys, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { submitApplication, answerStep, sendPhotoId } from './journey-submission';
import { openApiDocument } from './openapi-walk';
import { pdfText } from '../pdf-text';

const ctx = useTestApp();
const TYPE = 'dcretirementapplication';
const base = `/mdp-api/api/journeys/${TYPE}`;
const OPTIONS = '/mdp-api/api/retirement/dc/options';
/** A UK account that passes the modulus check, in dc.near's name. */
const bank = JSON.stringify({ accountName: 'Mrs H Brooks', sortCode: '30-94-66', accountNumber: '12345678' });

async function signedIn(username: string, host?: string) {
  const agent = new BrowserAgent(ctx.app, host);
  await agent.signIn(username);
  return agent;
}

const post = (agent: BrowserAgent, path: string, payload: object) =>
  agent.request({ method: 'POST', url: `${base}${path}`, payload });
const answer = (
  agent: BrowserAgent,
  page: string,
  question: string,
  answerKey: string,
  answerValue?: string,
) => answerStep(agent, base, page, question, answerKey, answerValue);
const state = async (agent: BrowserAgent) => (await agent.request({ url: `${base}/data` })).json();
const codeOf = (response: { statusCode: number; json: () => { errors: Array<{ code: string }> } }) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return response.json().errors[0]!.code;
};
const journeyRows = () => ctx.database.db.select().from(memberJourneys).where(eq(memberJourneys.type, TYPE));

/** dc.near's options at the target date, as explore answers them, and a selection of one of them. */
async function selectionOf(agent: BrowserAgent, code: string, changes: object = {}) {
  const body = (await agent.request({ url: OPTIONS })).json();
  const option = body.options.find((candidate: { code: string }) => candidate.code === code);
  return {
    explored: body,
    option,
    selection: { retirementDate: body.retirementDate, choice: { ...option.choice, ...changes } },
  };
}

const start = (agent: BrowserAgent, selection: object) => post(agent, '/start-dc-journey', selection);

async function optOutOfGuidance(agent: BrowserAgent) {
  expect((await answer(agent, 'dca_guidance', 'guidance_taken', 'no')).json()).toEqual({
    nextPageKey: 'dca_guidance_offer',
  });
  expect((await answer(agent, 'dca_guidance_offer', 'guidance_choice', 'opt_out')).json()).toEqual({
    nextPageKey: 'dca_guidance_opt_out',
  });
  expect(
    (
      await post(agent, '/page/dca_guidance_opt_out/checkboxesLists', {
        checkboxesListKey: 'guidance_opt_out',
        checkboxes: [{ key: 'opt_out_confirmed', answerValue: true }],
      })
    ).statusCode,
  ).toBe(204);
  return post(agent, '/submit-step', { currentPageKey: 'dca_guidance_opt_out' });
}

async function passIdentityPage(agent: BrowserAgent) {
  await sendPhotoId(agent);
  expect((await post(agent, '/submit-step', { currentPageKey: 'dca_identity' })).json()).toEqual({
    nextPageKey: 'dca_declarations',
  });
}

describe('starting the DC application from a quote selection', () => {
  it('refuses a start with no selection, tax-free cash above the most, an option not open and a DB member, changing nothing', async () => {
    const agent = await signedIn('dc.near');
    const { selection, explored } = await selectionOf(agent, 'cash-and-drawdown');
    const before = await journeyRows();
    expect(codeOf(await start(agent, {}))).toBe('field_invalid');
    // The generic start has no selection to lock.
    expect(codeOf(await post(agent, '/start', { currentPageKey: 'dca_guidance' }))).toBe(
      'dc_selection_required',
    );
    const tooMuch = {
      ...selection,
      choice: { ...selection.choice, taxFreeCashPence: explored.taxFreeCash.maximumPence + 1 },
    };
    expect(codeOf(await start(agent, tooMuch))).toBe('tax_free_cash_above_maximum');
    const smallPot = (await selectionOf(agent, 'small-pot')).selection;
    expect(codeOf(await start(agent, smallPot))).toBe('option_not_eligible');
    // Leaving the pot invested pays nothing: there is nothing to apply for.
    const invested = (await selectionOf(agent, 'leave-invested')).selection;
    expect(codeOf(await start(agent, invested))).toBe('nothing_to_apply_for');
    expect(await journeyRows()).toEqual(before);

    const db = await signedIn('db.deferred');
    const refused = await db.request({ method: 'POST', url: `${base}/start-dc-journey`, payload: selection });
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('journey_not_open');
    // The DB application does not start from a DC selection.
    const dbStart = await db.request({
      method: 'POST',
      url: '/mdp-api/api/journeys/dbcoreretirementapplication/start-dc-journey',
      payload: selection,
    });
    expect(codeOf(dbStart)).toBe('journey_not_from_dc_selection');
    expect(await journeyRows()).toEqual(before);
  });

  it('locks the chosen option with its figures in pence and expires per e.12; the route is in the OpenAPI document', async () => {
    const agent = await signedIn('dc.near');
    const { selection, option, explored } = await selectionOf(agent, 'cash-and-drawdown', {
      taxFreeCashPence: 1_000_050,
    });
    const response = await start(agent, { ...selection, secondInstalmentPence: 400_000 });
    expect(response.statusCode, response.body).toBe(204);
    expect(await state(agent)).toMatchObject({
      status: 'Started',
      currentPageKey: 'dca_guidance',
      choice: null,
      lockedSection: { heading: 'Your choice' },
    });
    expect((await state(agent)).lockedSection.lines).toContainEqual({
      label: 'Tax-free cash',
      value: '£10,000.50',
    });
    const lockedRow = async () => (await journeyRows()).find((row) => row.status === 'Started')!;
    const locked = (await lockedRow()).choice as Record<string, unknown>;
    expect(locked).toMatchObject({
      retirementDate: selection.retirementDate,
      optionCode: 'cash-and-drawdown',
      taxFreeCashPence: 1_000_050,
      mpaaApplies: true,
      drawdownPotPence: option.drawdown.potPence + option.taxFreeCashPence - 1_000_050,
    });
    expect((locked.payments as Array<{ amountPence: number }>).map((p) => p.amountPence)).toEqual([
      600_050, 400_000,
    ]);
    const today = utcDay(new Date());
    const e12 = addDays(isoDate(selection.retirementDate), -21);
    const expected = e12 < addDays(today, 90) ? (e12 <= today ? addDays(today, 7) : e12) : addDays(today, 90);
    expect((await lockedRow()).expiresAt.toISOString().slice(0, 10)).toBe(expected);
    // Choosing again re-locks the open application, keeping its answers.
    expect((await optOutOfGuidance(agent)).statusCode).toBe(200);
    expect((await start(agent, { ...selection, choice: option.choice })).statusCode).toBe(204);
    const relocked = await state(agent);
    expect(relocked.currentPageKey).toBe('dca_allowance');
    expect(((await lockedRow()).choice as { taxFreeCashPence: number }).taxFreeCashPence).toBe(
      explored.taxFreeCash.maximumPence,
    );
    expect(Object.keys((await openApiDocument(ctx.app)).paths)).toContain(
      '/mdp-api/api/journeys/{journeyType}/start-dc-journey',
    );
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });
});

describe('Bluewater’s DC application, from its content alone', () => {
  it('starts for bw.saver on Bluewater’s scheme and walks Bluewater’s own pages', async () => {
    const agent = await signedIn('bw.saver', 'bluewater.localhost');
    const { selection } = await selectionOf(agent, 'cash-and-drawdown');
    const response = await start(agent, selection);
    expect(response.statusCode, response.body).toBe(204);
    const started = await state(agent);
    expect(started).toMatchObject({ status: 'Started', currentPageKey: 'dca_guidance' });
    expect(started.lockedSection.lines).toContainEqual({ label: 'Tax-free cash', value: expect.any(String) });
    const definition = (await agent.request({ url: `/mdp-api/api/journeys/${TYPE}/definition` })).json() as {
      title: string;
      pages: Array<{ key: string; slug: string }>;
    };
    expect(definition.title).toBe('Apply to take your savings');
    expect(definition.pages).toContainEqual(
      expect.objectContaining({ key: 'dca_guidance', slug: '/savings/apply/guidance' }),
    );
    expect((await optOutOfGuidance(agent)).json()).toEqual({ nextPageKey: 'dca_allowance' });
  });
});

describe('the DC application', () => {
  it('walks dc.near from a drawdown selection to one submitted case, with a PDF, an email and the status in the access key', async () => {
    const agent = await signedIn('dc.near');
    const { selection } = await selectionOf(agent, 'cash-and-drawdown', { taxFreeCashPence: 3_000_000 });
    expect((await start(agent, selection)).statusCode).toBe(204);

    // The guidance cannot be skipped: a later page is not reachable until it is answered.
    expect(codeOf(await answer(agent, 'dca_allowance', 'allowance_used', 'no'))).toBe('page_not_reachable');
    expect((await answer(agent, 'dca_guidance', 'guidance_taken', 'no')).statusCode).toBe(200);
    await answer(agent, 'dca_guidance_offer', 'guidance_choice', 'opt_out');
    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'dca_guidance_opt_out' }))).toBe(
      'declarations_incomplete',
    );
    expect((await optOutOfGuidance(agent)).json()).toEqual({ nextPageKey: 'dca_allowance' });

    // Allowance already used: the chosen tax-free cash must fit in what is left of it.
    expect((await answer(agent, 'dca_allowance', 'allowance_used', 'yes')).json()).toEqual({
      nextPageKey: 'dca_allowance_amount',
    });
    const atAmount = await state(agent);
    // £268,275 − £250,000 leaves £18,275, less than the £30,000 chosen.
    const over = await answer(agent, 'dca_allowance_amount', 'lump_sum_allowance_used', '250000');
    expect(codeOf(over)).toBe('tax_free_cash_above_allowance');
    expect(over.json().errors[0].message).toContain('£18,275.00');
    expect(codeOf(await answer(agent, 'dca_allowance_amount', 'lump_sum_allowance_used', '268275.01'))).toBe(
      'money_above_maximum',
    );
    expect(await state(agent)).toEqual(atAmount);
    // Drawdown flexibly accesses the pot: the MPAA page is shown through the journey's condition.
    expect(
      (await answer(agent, 'dca_allowance_amount', 'lump_sum_allowance_used', '12,500.50')).json(),
    ).toEqual({ nextPageKey: 'dca_mpaa' });
    expect(codeOf(await post(agent, '/submit-step', { currentPageKey: 'dca_mpaa' }))).toBe(
      'declarations_incomplete',
    );
    await post(agent, '/page/dca_mpaa/checkboxesLists', {
      checkboxesListKey: 'mpaa',
      checkboxes: [{ key: 'mpaa_understood', answerValue: true }],
    });
    expect((await post(agent, '/submit-step', { currentPageKey: 'dca_mpaa' })).json()).toEqual({
      nextPageKey: 'dca_funds',
    });

    // Funds for the drawdown pot: from the scheme's funds, percentages adding up to 100.
    const funds = (...items: object[]) => JSON.stringify(items);
    for (const [value, code] of [
      [
        funds({ option: 'GLOBAL_EQUITY', share: '60' }, { option: 'CASH', share: '30' }),
        'list_total_mismatch',
      ],
      [
        funds({ option: 'GLOBAL_EQUITY', share: '50' }, { option: 'GLOBAL_EQUITY', share: '50' }),
        'list_option_repeated',
      ],
      [funds({ option: 'CRYPTO', share: '100' }), 'answer_not_an_option'],
      [funds(), 'list_too_short'],
    ] as const)
      expect(codeOf(await answer(agent, 'dca_funds', 'fund_designation', 'list', value)), value).toBe(code);
    const designated = funds({ option: 'GLOBAL_EQUITY', share: '60' }, { option: 'CASH', share: '40' });
    expect((await answer(agent, 'dca_funds', 'fund_designation', 'list', designated)).json()).toEqual({
      nextPageKey: 'dca_bank',
    });

    for (const [page, question, key, value] of [
      ['dca_bank', 'bank_account', 'provided', bank],
      ['dca_contact', 'contact_correct', 'yes'],
    ] as const) {
      const answered = await answer(agent, page, question, key, value);
      expect(answered.statusCode, answered.body).toBe(200);
    }
    await passIdentityPage(agent);
    await post(agent, '/page/dca_declarations/checkboxesLists', {
      checkboxesListKey: 'declarations',
      checkboxes: ['information_true', 'option_final', 'risks_understood', 'overpayment'].map((key) => ({
        key,
        answerValue: true,
      })),
    });
    expect((await post(agent, '/submit-step', { currentPageKey: 'dca_declarations' })).json()).toEqual({
      nextPageKey: 'dca_check_answers',
    });
    const keyFlags = async () =>
      (await agent.request({ url: '/mdp-api/api/content/access-key?tenantUrl=localhost' })).json().attributes
        .wordingFlags as string[];
    expect(await keyFlags()).toContain(`${TYPE}-Started`);

    const submitted = await submitApplication(agent, base, ctx.database);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { caseNumber } = submitted.json();
    expect(caseNumber).toMatch(/^DCR1-\d{6}$/);
    // Submitting twice answers the same case; nothing more is opened.
    const again = await post(agent, '/submit', {});
    expect(again.json().caseNumber).toBe(caseNumber);
    const cases = await ctx.database.db.select().from(memberCases).where(eq(memberCases.caseType, 'DCR1'));
    expect(cases.map((found) => found.caseNumber)).toEqual([caseNumber]);
    expect(await keyFlags()).toContain(`${TYPE}-Submitted`);
    // A step after submitting changes nothing.
    expect(codeOf(await answer(agent, 'dca_contact', 'contact_correct', 'yes'))).toBe('journey_submitted');

    const pdf = await agent.request({ url: `${base}/pdf/download` });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    // The content's `copy.pdfTitle` names the PDF and the document it is filed as.
    for (const expected of [
      'Application to take your pension pot',
      caseNumber,
      'Tax-free cash and a flexible income (drawdown)',
      '£30,000.00',
      'Global Equity Fund: 60%; Cash Fund: 40%',
      '£12,500.50',
      'Money Purchase Annual Allowance',
    ])
      expect(text).toContain(expected);
    const documents = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json();
    expect(JSON.stringify(documents)).toContain(`${caseNumber}.pdf`);
    expect(JSON.stringify(documents)).toContain('Application to take your pension pot');
    const [email] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.subject, `%${caseNumber}%`));
    expect(email?.body).toContain('Dear');
  });

  it('leaves the MPAA and fund pages out for an annuity, and keeps another member out of the journey', async () => {
    const agent = await signedIn('dc.near');
    const { selection } = await selectionOf(agent, 'cash-and-annuity');
    expect((await start(agent, selection)).statusCode).toBe(204);
    await optOutOfGuidance(agent);
    expect((await answer(agent, 'dca_allowance', 'allowance_used', 'no')).json()).toEqual({
      nextPageKey: 'dca_bank',
    });
    expect(codeOf(await answer(agent, 'dca_funds', 'fund_designation', 'list', '[]'))).toBe(
      'page_not_reachable',
    );

    // dc.far has no application of their own: dc.near's is not theirs to read, answer or send.
    const other = await signedIn('dc.far');
    const refused = await other.request({ url: `${base}/data` });
    expect(refused.statusCode).toBe(404);
    expect(codeOf(await answer(other, 'dca_contact', 'contact_correct', 'yes'))).toBe('journey_not_found');
    expect(codeOf(await other.request({ method: 'POST', url: `${base}/submit`, payload: {} }))).toBe(
      'journey_not_found',
    );
    expect((await state(agent)).currentPageKey).toBe('dca_bank');
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });
});
