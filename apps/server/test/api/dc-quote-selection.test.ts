import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { addMonths, isoDate } from '@meridian/pensions';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { openApiDocument } from './openapi-walk';

const ctx = useTestApp();
const OPTIONS = '/mdp-api/api/retirement/dc/options';
const SELECTION = '/mdp-api/api/retirement/dc/quote-selection';
const SUMMARY = `${SELECTION}/summary-pdf`;
const FORMAL_QUOTE = `${SELECTION}/formal-quote`;

async function signedIn(username: string, host?: string) {
  const agent = new BrowserAgent(ctx.app, host);
  await agent.signIn(username);
  return agent;
}

const codeOf = (response: { statusCode: number; json: () => { errors: { code: string }[] } }) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return response.json().errors[0]!.code;
};

/** dc.near's options at the target date, as explore answers them. */
async function explored(agent: BrowserAgent) {
  const body = (await agent.request({ url: OPTIONS })).json();
  const option = (code: string) => body.options.find((o: { code: string }) => o.code === code);
  return { body, option };
}

describe('DC quote selection', () => {
  it('works the chosen option out again with the tax-free cash set and paid in two instalments', async () => {
    const agent = await signedIn('dc.near');
    const { body, option } = await explored(agent);
    const drawdown = option('cash-and-drawdown');
    const response = await agent.request({
      method: 'POST',
      url: SELECTION,
      payload: {
        retirementDate: body.retirementDate,
        choice: { ...drawdown.choice, taxFreeCashPence: 1_000_050 },
        secondInstalmentPence: 400_000,
      },
    });
    expect(response.statusCode).toBe(200);
    const figures = response.json();
    expect(figures.taxFreeCash).toEqual({
      minimumPence: 0,
      maximumPence: body.taxFreeCash.maximumPence,
      limitedBy: 'quarter-of-pot',
    });
    const secondPaidOn = addMonths(isoDate(body.retirementDate), 6);
    expect(figures.instalments).toEqual({ allowed: true, secondPaidOn });
    expect(figures.payments).toEqual([
      { paidOn: body.retirementDate, amountPence: 600_050 },
      { paidOn: secondPaidOn, amountPence: 400_000 },
    ]);
    expect(figures.option.taxFreeCashPence).toBe(1_000_050);
    // Less tax-free cash leaves more in the drawdown pot than the explore default (the most).
    expect(figures.option.drawdown.potPence).toBe(
      drawdown.drawdown.potPence + drawdown.taxFreeCashPence - 1_000_050,
    );
    const oneDate = await agent.request({
      method: 'POST',
      url: SELECTION,
      payload: { retirementDate: body.retirementDate, choice: drawdown.choice },
    });
    expect(oneDate.json().payments).toEqual([
      { paidOn: body.retirementDate, amountPence: drawdown.taxFreeCashPence },
    ]);
  });

  it('works a Bluewater saver’s option out on Bluewater’s scheme, which pays tax-free cash at once', async () => {
    const agent = await signedIn('bw.saver', 'bluewater.localhost');
    const { body, option } = await explored(agent);
    // Projected to the target date from today's £98,500, with ten months' contributions and growth.
    expect(body.potPence).toBeGreaterThan(9_850_000);
    const drawdown = option('cash-and-drawdown');
    const choice = { ...drawdown.choice, taxFreeCashPence: 1_000_000 };
    const post = (payload: object) => agent.request({ method: 'POST', url: SELECTION, payload });
    const response = await post({ retirementDate: body.retirementDate, choice });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().instalments).toEqual({ allowed: false, secondPaidOn: null });
    expect(response.json().payments).toEqual([{ paidOn: body.retirementDate, amountPence: 1_000_000 }]);
    const split = await post({ retirementDate: body.retirementDate, choice, secondInstalmentPence: 100 });
    expect(codeOf(split)).toBe('instalments_not_allowed');
  });

  it('refuses tax-free cash over the most, instalments the option cannot take, and an option not open', async () => {
    const agent = await signedIn('dc.near');
    const { body, option } = await explored(agent);
    const post = (payload: object) => agent.request({ method: 'POST', url: SELECTION, payload });
    const drawdown = option('cash-and-drawdown').choice;
    const at = body.retirementDate;
    const over = await post({
      retirementDate: at,
      choice: { ...drawdown, taxFreeCashPence: body.taxFreeCash.maximumPence + 1 },
    });
    expect(codeOf(over)).toBe('tax_free_cash_above_maximum');
    expect(over.statusCode).toBe(400);
    expect(
      codeOf(
        await post({ retirementDate: at, choice: { code: 'leave-invested' }, secondInstalmentPence: 100 }),
      ),
    ).toBe('instalments_not_allowed');
    expect(
      codeOf(
        await post({
          retirementDate: at,
          choice: { ...drawdown, taxFreeCashPence: 500_000 },
          secondInstalmentPence: 500_000,
        }),
      ),
    ).toBe('instalment_too_large');
    expect(codeOf(await post({ retirementDate: at, choice: { code: 'small-pot' } }))).toBe(
      'option_not_eligible',
    );
    expect(codeOf(await post({ retirementDate: '2099-01-01', choice: drawdown }))).toBe(
      'retirement_date_after_latest',
    );
    for (const bad of [
      { retirementDate: at, choice: { ...drawdown, taxFreeCashPence: -1 } },
      { retirementDate: at, choice: { ...drawdown, taxFreeCashPence: 1.5 } },
      { retirementDate: at, choice: { code: 'lottery' } },
      { retirementDate: at, choice: drawdown, extra: true },
      { choice: drawdown },
      [],
    ])
      expect((await post(bad)).statusCode).toBe(400);
  });

  it('is for the signed-in member’s own DC record', async () => {
    const near = await signedIn('dc.near');
    const { body, option } = await explored(near);
    const payload = { retirementDate: body.retirementDate, choice: option('cash-and-annuity').choice };
    for (const url of [SELECTION, SUMMARY, FORMAL_QUOTE]) {
      const theirs = await near.request({
        method: 'POST',
        url,
        payload,
        headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000006' },
      });
      expect(theirs.statusCode).toBe(403);
      expect(codeOf(await (await signedIn('db.deferred')).request({ method: 'POST', url, payload }))).toBe(
        'not_a_dc_record',
      );
      expect([401, 403]).toContain((await ctx.app.inject({ method: 'POST', url, payload })).statusCode);
    }
  });

  it('gives the option summary as a PDF', async () => {
    const agent = await signedIn('dc.near');
    const { body, option } = await explored(agent);
    const response = await agent.request({
      method: 'POST',
      url: SUMMARY,
      payload: {
        retirementDate: body.retirementDate,
        choice: { ...option('cash-and-annuity').choice, taxFreeCashPence: 2_000_000 },
        secondInstalmentPence: 500_000,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('option-summary.pdf');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe('Your option summary');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    const over = await agent.request({
      method: 'POST',
      url: SUMMARY,
      payload: {
        retirementDate: body.retirementDate,
        choice: { code: 'cash-and-annuity', taxFreeCashPence: body.taxFreeCash.maximumPence + 1 },
      },
    });
    expect(codeOf(over)).toBe('tax_free_cash_above_maximum');
  });

  it('opens a formal quote case in My requests, and refuses a second while it is open (409)', async () => {
    const agent = await signedIn('dc.near');
    const { body, option } = await explored(agent);
    const payload = { retirementDate: body.retirementDate, choice: option('cash-and-drawdown').choice };
    const [first, second] = await Promise.all([
      agent.request({ method: 'POST', url: FORMAL_QUOTE, payload }),
      agent.request({ method: 'POST', url: FORMAL_QUOTE, payload }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const opened = (first.statusCode === 201 ? first : second).json();
    expect(opened.caseNumber).toMatch(/^DCQ-\d+$/);
    expect(codeOf(first.statusCode === 409 ? first : second)).toBe('formal_quote_in_progress');
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    const dcq = cases.filter((c: { caseType: string }) => c.caseType === 'DCQ');
    expect(dcq).toHaveLength(1);
    expect(dcq[0]).toMatchObject({
      caseNumber: opened.caseNumber,
      title: 'Formal quote for your DC pension',
      status: 'Received',
    });
    const refused = await agent.request({
      method: 'POST',
      url: FORMAL_QUOTE,
      payload: { ...payload, choice: { ...payload.choice, taxFreeCashPence: 1 } },
    });
    expect(codeOf(refused)).toBe('formal_quote_in_progress');
    const documents = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json();
    expect(JSON.stringify(documents)).toContain(`${opened.caseNumber}.pdf`);
  });

  it('is in the OpenAPI document', () => {
    const paths = Object.keys(openApiDocument(ctx.app).paths);
    expect(paths).toEqual(expect.arrayContaining([SELECTION, SUMMARY, FORMAL_QUOTE]));
  });
});
