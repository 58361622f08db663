import { describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  addYears,
  getDbSchemeConfig,
  getSchemeConfig,
  isoDate,
  parseSchemeConfig,
  transferGuaranteedUntil,
  utcDay,
} from '@meridian/pensions';
import { memberCases, members, outboxMessages, schemes, storedTransferQuotes } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { openApiDocument } from './openapi-walk';
import { pdfText } from '../pdf-text';

/**
 * A section of the Meridian scheme that gives no second statement in 12 months: MDB's rules without
 * `transfer.extraStatementChargePence`, served by this file's server beside the bundled schemes.
 */
const UNCHARGED = 'MDBNC';
const { extraStatementChargePence: _charge, ...freeOnly } = getDbSchemeConfig('MDB').transfer;
const uncharged = parseSchemeConfig({ ...getDbSchemeConfig('MDB'), code: UNCHARGED, transfer: freeOnly });
/** A section of it that asks for advice on transfer values over £20,000, less than the law's £30,000. */
const ADVICE_FROM_20K = 'MDB20';
const advisedFrom20k = parseSchemeConfig({
  ...getDbSchemeConfig('MDB'),
  code: ADVICE_FROM_20K,
  transfer: { ...getDbSchemeConfig('MDB').transfer, adviceThresholdPence: 2_000_000 },
});
const sections: Record<string, ReturnType<typeof parseSchemeConfig>> = {
  [UNCHARGED]: uncharged,
  [ADVICE_FROM_20K]: advisedFrom20k,
};
const ctx = useTestApp({}, { schemes: (code, on) => sections[code] ?? getSchemeConfig(code, on) });
const POSITION = '/mdp-api/api/transfer-value';
const STATEMENT = `${POSITION}/statement`;
const PARTIAL = `${POSITION}/partial`;
const PACK = `${POSITION}/pack`;
const PARTIAL_PDF = '/mdp-api/api/transfer-journeys/download/partial-transfer-pdf';

async function signedIn(username: string, host = 'localhost') {
  const agent = new BrowserAgent(ctx.app, host);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const codeOf = (response: { statusCode: number; json: () => { errors: { code: string }[] } }) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return response.json().errors[0]!.code;
};

/** What a refusal must leave alone: the record's stored quotes and cases. */
async function stateOf(referenceNumber: string) {
  const db = ctx.database.db;
  const quotes = await db
    .select()
    .from(storedTransferQuotes)
    .where(eq(storedTransferQuotes.referenceNumber, referenceNumber));
  const cases = await db
    .select({ caseNumber: memberCases.caseNumber })
    .from(memberCases)
    .where(and(eq(memberCases.referenceNumber, referenceNumber), eq(memberCases.caseType, 'TVS')));
  return JSON.stringify({ quotes, cases });
}

const today = () => utcDay(new Date());

/** The "statement is ready" notices written since `since` about the case, as channel and recipient, with their words. */
async function readyNotices(since: Date, caseNumber: string) {
  const rows = await ctx.database.db.select().from(outboxMessages).where(gt(outboxMessages.createdAt, since));
  return rows
    .filter((row) => row.body.includes(`statement of entitlement (${caseNumber}) is ready`))
    .map((row) => ({ channel: row.channel, to: row.recipient, subject: row.subject, body: row.body }));
}

/** Gives a record these contact choices (and a mobile to text). */
const contactsAre = (referenceNumber: string, chosen: { email: boolean; sms: boolean; post: boolean }) =>
  ctx.database.db
    .update(members)
    .set({ notificationSettings: chosen, mobilePhone: '+447700900789' })
    .where(eq(members.referenceNumber, referenceNumber));

/** A day as the service's messages write it: 28 Oct 2027. */
function displayDay(day: string) {
  const [year, month, date] = day.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date} ${months[Number(month) - 1]} ${year}`;
}

describe('transfer value', () => {
  it('shows db.avc’s guaranteed value with its expiry, the AVCs apart, the charge for another statement and what is kept', async () => {
    const agent = await signedIn('db.avc');
    const response = await agent.request({ url: POSITION });
    expect(response.statusCode, response.body).toBe(200);
    const position = response.json();
    // the demo's statement was issued a month ago: guaranteed for three months from then
    const issuedOn = addMonths(today(), -1);
    expect(position.value).toMatchObject({ guaranteed: true, issuedOn, guaranteeDate: issuedOn });
    expect(position.value.guaranteedUntil > today()).toBe(true);
    expect(position.value.daysLeft).toBeGreaterThan(50);
    expect(position.value.transferValuePence).toBe(
      position.value.tranches.reduce(
        (sum: number, t: { transferValuePence: number }) => sum + t.transferValuePence,
        0,
      ),
    );
    expect(position.nonGuaranteed).toEqual({ avcFundPence: 3_845_000 });
    expect(position.statement).toEqual({
      freeNow: false,
      nextFreeOn: addYears(isoDate(issuedOn), 1),
      extraStatementChargePence: 25_000,
      chargeNowPence: 25_000,
    });
    expect(position.partialTransfersAllowed).toBe(true);
    expect(position.keep.survivorPensionPercent).toBe(50);
    expect(position.keep.survivorPensionPence).toBe(
      Math.round(position.keep.pensionAtNormalRetirementPence / 2),
    );
    expect(position.keep.increases.map((i: { capPercent: number }) => i.capPercent)).toEqual([5, 2.5]);
  });

  it('shows db.active the statement the demo issued 10 days ago: the guaranteed value, the TVS case and the pack', async () => {
    const agent = await signedIn('db.active');
    const askedOn = addDays(today(), -10);
    const position = (await agent.request({ url: POSITION })).json();
    expect(position.value).toMatchObject({ guaranteed: true, issuedOn: askedOn, guaranteeDate: askedOn });
    expect(position.value.guaranteedUntil).toBe(transferGuaranteedUntil(askedOn));
    expect(position.statement).toMatchObject({ freeNow: false, nextFreeOn: addYears(askedOn, 1) });
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    const statement = cases.find((c: { caseType: string }) => c.caseType === 'TVS');
    expect(statement).toMatchObject({ title: 'Transfer value statement of entitlement' });
    const documents = (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json();
    expect(documents.items.map((d: { name: string }) => d.name)).toContain(`transfer-pack-${askedOn}.pdf`);
    const pack = await agent.request({ url: PACK });
    expect(pack.statusCode).toBe(200);
    const text = await pdfText(pack.rawPayload);
    expect(text).toContain(statement.caseNumber);
  });

  it('issues the free statement once in 12 months: a second is 409 with the next free date, unless the charge is accepted', async () => {
    const agent = await signedIn('db.deferred');
    const before = (await agent.request({ url: POSITION })).json();
    expect(before.value.guaranteed).toBe(false);
    expect(before.statement).toMatchObject({ freeNow: true, nextFreeOn: null, chargeNowPence: 0 });

    const since = new Date(Date.now() - 1);
    const first = await agent.request({ method: 'POST', url: STATEMENT, payload: {} });
    expect(first.statusCode, first.body).toBe(201);
    const issued = first.json();
    expect(issued).toMatchObject({ issuedOn: today(), chargePence: 0 });
    expect(issued.guaranteedUntil).toBe(transferGuaranteedUntil(today()));
    expect(issued.caseNumber).toMatch(/^TVS-\d+$/);
    // told by email, as db.deferred chose, with the guarantee's end and the way to Documents
    const [notice, ...more] = await readyNotices(since, issued.caseNumber);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Your transfer statement is ready' });
    expect(notice!.body).toContain(`guaranteed until ${displayDay(issued.guaranteedUntil)}`);
    expect(notice!.body).toContain('open Documents to read your transfer pack: http://localhost/documents');
    expect(notice!.body).not.toContain('£');

    const after = (await agent.request({ url: POSITION })).json();
    expect(after.value).toMatchObject({ guaranteed: true, issuedOn: today(), daysLeft: expect.any(Number) });
    expect(after.value.transferValuePence).toBe(issued.transferValuePence);
    const nextFree = addYears(today(), 1);
    expect(after.statement).toMatchObject({ freeNow: false, nextFreeOn: nextFree, chargeNowPence: 25_000 });

    // the case in My requests, and the pack in documents
    const cases = JSON.stringify((await agent.request({ url: '/mdp-api/api/cases' })).json());
    expect(cases).toContain(issued.caseNumber);
    const documents = JSON.stringify(
      (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json(),
    );
    expect(documents).toContain(issued.document.name);
    const filed = await agent.request({
      url: `/mdp-api/api/members/current/documents/${issued.document.id}/download`,
    });
    const text = await pdfText(filed.rawPayload);
    expect(text).toContain('Your transfer pack');
    expect(text).toContain(issued.caseNumber);

    const unchanged = await stateOf('1000001');
    for (const payload of [{}, { acceptCharge: false }]) {
      const second = await agent.request({ method: 'POST', url: STATEMENT, payload });
      expect(second.statusCode).toBe(409);
      expect(codeOf(second)).toBe('free_statement_not_due');
      expect(second.json().errors[0].message).toContain(displayDay(nextFree));
      expect(second.json().errors[0].message).toContain('£250.00');
    }
    expect(await stateOf('1000001')).toBe(unchanged);

    const charged = await agent.request({ method: 'POST', url: STATEMENT, payload: { acceptCharge: true } });
    expect(charged.statusCode, charged.body).toBe(201);
    expect(charged.json().chargePence).toBe(25_000);
    const [row] = await ctx.database.db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, charged.json().caseNumber));
    expect(row!.documents).toContainEqual({ name: 'Payment of the £250.00 charge', status: 'outstanding' });
    const pack = await pdfText(Buffer.from(row!.summaryPdf!, 'base64'));
    expect(pack).toContain('£250.00');
    // The pack downloaded later is the paid statement's, with its case and charge.
    const downloaded = await pdfText((await agent.request({ url: PACK })).rawPayload);
    expect(downloaded).toContain(charged.json().caseNumber);
    expect(downloaded).toContain('£250.00');
  });

  it('refuses a second statement in 12 months, the charge accepted or not, where the scheme charges for none', async () => {
    // db.lapsed's free statement was issued 4 months ago; their record is moved to the section without a charge.
    const db = ctx.database.db;
    await db.insert(schemes).values({
      code: UNCHARGED,
      businessGroup: 'MER',
      name: 'Meridian Final Salary (no charge)',
      type: 'DB',
    });
    await db.update(members).set({ schemeCode: UNCHARGED }).where(eq(members.referenceNumber, '1000011'));
    const agent = await signedIn('db.lapsed');
    const nextFree = addYears(addMonths(today(), -4), 1);
    expect((await agent.request({ url: POSITION })).json().statement).toEqual({
      freeNow: false,
      nextFreeOn: nextFree,
      extraStatementChargePence: null,
      chargeNowPence: null,
    });
    const unchanged = await stateOf('1000011');
    const since = new Date(Date.now() - 1);
    for (const payload of [{}, { acceptCharge: true }]) {
      const refused = await agent.request({ method: 'POST', url: STATEMENT, payload });
      expect(refused.statusCode).toBe(409);
      expect(codeOf(refused)).toBe('free_statement_not_due');
      const { message } = refused.json().errors[0];
      expect(message).toContain(`due on ${displayDay(nextFree)}`);
      expect(message).toContain('cannot ask for another before then');
      expect(message).not.toContain('£');
    }
    expect(await stateOf('1000011')).toBe(unchanged);
    const told = await db.select().from(outboxMessages).where(gt(outboxMessages.createdAt, since));
    expect(told.filter((row) => row.body.includes('statement of entitlement'))).toEqual([]);
  });

  it('keeps the free statement’s 12 months when the member pays for another later', async () => {
    const agent = await signedIn('linked');
    const dbRecord = { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' };
    const position = async () => (await agent.request({ url: POSITION, headers: dbRecord })).json();
    // A free statement four months ago, its guarantee over.
    const freeOn = addMonths(today(), -4);
    const [seeded] = await ctx.database.db.select().from(storedTransferQuotes).limit(1);
    await ctx.database.db.insert(storedTransferQuotes).values({
      businessGroup: 'MER',
      referenceNumber: '1000007',
      storedOn: freeOn,
      guaranteedUntil: transferGuaranteedUntil(freeOn),
      quote: seeded!.quote,
    });
    expect((await position()).statement).toMatchObject({ freeNow: false, nextFreeOn: addYears(freeOn, 1) });
    await contactsAre('1000007', { email: false, sms: true, post: false });
    const since = new Date(Date.now() - 1);
    const paid = await agent.request({
      method: 'POST',
      url: STATEMENT,
      headers: dbRecord,
      payload: { acceptCharge: true },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().chargePence).toBe(25_000);
    // told by text alone, as the record chose
    expect(
      (await readyNotices(since, paid.json().caseNumber)).map(({ channel, to }) => ({ channel, to })),
    ).toEqual([{ channel: 'sms', to: '+447700900789' }]);
    // The paid one does not start another 12 months: the next free one is still a year from the free one.
    expect((await position()).statement).toMatchObject({ freeNow: false, nextFreeOn: addYears(freeOn, 1) });
  });

  it('lets only one of two statements asked for at once be the free one', async () => {
    const agent = await signedIn('db.retiring');
    const answers = await Promise.all([
      agent.request({ method: 'POST', url: STATEMENT, payload: {} }),
      agent.request({ method: 'POST', url: STATEMENT, payload: {} }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('works out a partial transfer both ways on the guaranteed value', async () => {
    const agent = await signedIn('db.avc');
    const position = (await agent.request({ url: POSITION })).json();
    const full = position.value.transferValuePence;
    const byValue = await agent.request({
      method: 'POST',
      url: PARTIAL,
      payload: { by: 'transfer-value', transferValuePence: 10_000_000 },
    });
    expect(byValue.statusCode, byValue.body).toBe(200);
    const kept = byValue.json();
    expect(kept).toMatchObject({
      guaranteed: true,
      fullTransferValuePence: full,
      transferValuePence: 10_000_000,
    });
    expect(kept.residualPensionPence).toBeGreaterThan(0);
    expect(kept.residualPensionPence).toBeLessThan(position.value.pensionPence);
    expect(kept.nonGuaranteed).toEqual({ avcFundPence: 3_845_000 });
    const back = await agent.request({
      method: 'POST',
      url: PARTIAL,
      payload: { by: 'residual-pension', residualPensionPence: kept.residualPensionPence },
    });
    expect(back.statusCode).toBe(200);
    // keeping the pension that transferring £100,000 leaves transfers (about) £100,000 back
    expect(Math.abs(back.json().transferValuePence - 10_000_000)).toBeLessThanOrEqual(50);
    expect(back.json().tranches[0].label).toEqual(expect.any(String));
  });

  it('refuses bad amounts with a code and changes nothing', async () => {
    const agent = await signedIn('db.avc');
    const position = (await agent.request({ url: POSITION })).json();
    const unchanged = await stateOf('1000003');
    const post = (payload: unknown) =>
      agent.request({ method: 'POST', url: PARTIAL, payload: payload as object });
    expect(
      codeOf(await post({ by: 'transfer-value', transferValuePence: position.value.transferValuePence + 1 })),
    ).toBe('transfer_value_out_of_range');
    expect(
      codeOf(await post({ by: 'residual-pension', residualPensionPence: position.value.pensionPence + 1 })),
    ).toBe('residual_pension_out_of_range');
    for (const bad of [
      { by: 'transfer-value', transferValuePence: -1 },
      { by: 'transfer-value', transferValuePence: 12.5 },
      { by: 'transfer-value', transferValuePence: '100' },
      { by: 'residual-pension', transferValuePence: 100 },
      { by: 'everything' },
      { by: 'transfer-value', transferValuePence: 100, extra: 1 },
      [],
    ])
      expect((await post(bad)).statusCode).toBe(400);
    for (const bad of [{ acceptCharge: 'yes' }, { acceptCharge: true, more: 1 }])
      expect((await agent.request({ method: 'POST', url: STATEMENT, payload: bad })).statusCode).toBe(400);
    expect(await stateOf('1000003')).toBe(unchanged);
  });

  it('refuses a partial transfer where the scheme does not allow one', async () => {
    const agent = await signedIn('second.member', 'bluewater.localhost');
    const position = (await agent.request({ url: POSITION })).json();
    expect(position.partialTransfersAllowed).toBe(false);
    expect(position.statement.extraStatementChargePence).toBe(15_000);
    const refused = await agent.request({
      method: 'POST',
      url: PARTIAL,
      payload: { by: 'transfer-value', transferValuePence: 100 },
    });
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe('partial_transfer_not_allowed');
  });

  it('gives the calculator’s figures as a PDF either way, and refuses neither or both figures, one out of range, and a scheme without partial transfers', async () => {
    const agent = await signedIn('db.avc');
    const position = (await agent.request({ url: POSITION })).json();
    const figures = (
      await agent.request({
        method: 'POST',
        url: PARTIAL,
        payload: { by: 'transfer-value', transferValuePence: 10_000_000 },
      })
    ).json();
    const pounds = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const response = await agent.request({ url: `${PARTIAL_PDF}?requestedTransferValue=10000000` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="partial-transfer.pdf"');
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    for (const words of [
      'Your partial transfer figures',
      'You asked To transfer £100,000.00',
      'Transfer value £100,000.00',
      `Pension you keep with us ${pounds(figures.residualPensionPence)} a year`,
      ...figures.tranches.map(
        (t: { label: string; transferValuePence: number; residualPensionPence: number }) =>
          `${t.label} ${pounds(t.transferValuePence)} transferred`,
      ),
      `Guaranteed transfer value ${pounds(position.value.transferValuePence)}`,
      `Guaranteed until ${displayDay(position.value.guaranteedUntil)}`,
      'Additional voluntary contributions (not guaranteed) £38,450.00 today, not part of these figures',
      'Protect yourself from pension scams',
      'Action Fraud (www.actionfraud.police.uk) on 0300 123 2040',
      'Your transfer value is over £30,000',
    ])
      expect(text).toContain(words);
    // the other way, by the v2 path, with the existing portal's contentAccessKey (not needed)
    const kept = await agent.request({
      url: `/mdp-api/api/v2/transfer-journeys/download/partial-transfer-pdf?contentAccessKey=x&requestedResidualPension=${figures.residualPensionPence}`,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await pdfText(kept.rawPayload)).replace(/\s+/g, ' ')).toContain(
      `You asked To keep a pension of ${pounds(figures.residualPensionPence)} a year`,
    );
    // a member whose guarantee has ended sees today's figure said not to be guaranteed
    const unguaranteed = await signedIn('db.lapsed');
    const today = (
      await pdfText(
        (await unguaranteed.request({ url: `${PARTIAL_PDF}?requestedResidualPension=0` })).rawPayload,
      )
    ).replace(/\s+/g, ' ');
    expect(today).toContain('Transfer value today (not guaranteed)');
    expect(today).not.toContain('Guaranteed until');

    const unchanged = await stateOf('1000003');
    for (const [query, code] of [
      ['', 'one_partial_figure_required'],
      ['?contentAccessKey=x', 'one_partial_figure_required'],
      ['?requestedTransferValue=100&requestedResidualPension=100', 'one_partial_figure_required'],
      [`?requestedTransferValue=${position.value.transferValuePence + 1}`, 'transfer_value_out_of_range'],
      [`?requestedResidualPension=${position.value.pensionPence + 1}`, 'residual_pension_out_of_range'],
    ])
      expect(codeOf(await agent.request({ url: `${PARTIAL_PDF}${query}` })), query).toBe(code);
    for (const bad of ['lots', '', '-1', '12.5', '1e5', '99999999999999'])
      expect(
        (await agent.request({ url: `${PARTIAL_PDF}?requestedTransferValue=${bad}` })).statusCode,
        bad,
      ).toBe(400);
    expect(await stateOf('1000003')).toBe(unchanged);
    const bluewater = await signedIn('second.member', 'bluewater.localhost');
    expect(codeOf(await bluewater.request({ url: `${PARTIAL_PDF}?requestedTransferValue=100` }))).toBe(
      'partial_transfer_not_allowed',
    );
  });

  it('words the advice rule in content at the scheme’s threshold: the content token, the scam warning in a PDF', async () => {
    const TOKENS = '/mdp-api/api/retirement/cms-token-information';
    const threshold = async (agent: BrowserAgent) =>
      (await agent.request({ url: TOKENS })).json().tokens.transfer_advice_threshold;
    expect(await threshold(await signedIn('db.avc'))).toBe('£30,000');
    expect(await threshold(await signedIn('dc.near'))).toBe('£30,000');
    // db.retiring's record is moved to the section asking for advice over £20,000
    await ctx.database.db.insert(schemes).values({
      code: ADVICE_FROM_20K,
      businessGroup: 'MER',
      name: 'Meridian Final Salary (advice over £20,000)',
      type: 'DB',
    });
    await ctx.database.db
      .update(members)
      .set({ schemeCode: ADVICE_FROM_20K })
      .where(eq(members.referenceNumber, '1000010'));
    const agent = await signedIn('db.retiring');
    expect(await threshold(agent)).toBe('£20,000');
    // a statement issued on it records its threshold (the one issued earlier in this file keeps MDB's)
    const issued = await agent.request({ method: 'POST', url: STATEMENT, payload: { acceptCharge: true } });
    expect(issued.statusCode, issued.body).toBe(201);
    const pdf = await agent.request({ url: `${PARTIAL_PDF}?requestedResidualPension=0` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('If your transfer value is over £20,000, you must take advice');
    expect(text).toContain('The £20,000 advice rule');
    expect(text).not.toContain('£30,000');
  });

  it('gives the pack of the guaranteed statement, with the figures, what is given up, scam warnings, the advice rule and how to apply', async () => {
    const agent = await signedIn('db.avc');
    const response = await agent.request({ url: PACK });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // lines wrapped in the PDF read as one
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    for (const words of [
      'Guaranteed transfer value',
      'Guaranteed until',
      '£38,450.00',
      'What you give up by transferring',
      // the scam warning is the tenant's globals message, its links followed by their addresses
      'Protect yourself from pension scams',
      'age 55, rising to 57 on 6 April 2028, unless your scheme gives you a protected pension age',
      'ScamSmart guidance (www.fca.org.uk/scamsmart)',
      'Action Fraud (www.actionfraud.police.uk) on 0300 123 2040',
      // the warning's advice rule at the scheme's threshold (its token)
      'If your transfer value is over £30,000, you must take advice from a financial adviser',
      'How to apply',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('before age 55');
    // the existing portal's downloads of the guaranteed quote (v1 and v2) are the same pack
    for (const alias of [
      '/mdp-api/api/transfer-journeys/download/transfer-pdf',
      '/mdp-api/api/v2/transfer-journeys/download-guaranteed-transfer',
    ]) {
      const same = await agent.request({ url: alias });
      expect(same.statusCode, alias).toBe(200);
      expect((await pdfText(same.rawPayload)).replace(/\s+/g, ' '), alias).toBe(text);
    }
    // none is guaranteed for a member who never asked; once asked, Bluewater's pack has Bluewater's warning
    const bluewater = await signedIn('second.member', 'bluewater.localhost');
    expect(codeOf(await bluewater.request({ url: PACK }))).toBe('no_guaranteed_transfer_value');
    expect(
      codeOf(await bluewater.request({ url: '/mdp-api/api/transfer-journeys/download/transfer-pdf' })),
    ).toBe('no_guaranteed_transfer_value');
    await contactsAre('2000001', { email: false, sms: false, post: true });
    const since = new Date(Date.now() - 1);
    const asked = await bluewater.request({ method: 'POST', url: STATEMENT, payload: {} });
    expect(asked.statusCode).toBe(201);
    // a post-only member is told by letter, pointed to Documents on Bluewater's site
    const [letter, ...more] = await readyNotices(since, asked.json().caseNumber);
    expect(more).toEqual([]);
    expect(letter).toMatchObject({ channel: 'post', to: 'BLU/2000001' });
    expect(letter!.body).toContain('http://bluewater.localhost/documents');
    const bluewaterText = (await pdfText((await bluewater.request({ url: PACK })).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(bluewaterText).toContain('Keep your pension safe from scammers');
    expect(bluewaterText).toContain('from 6 April 2028 from age 57');
    expect(bluewaterText).not.toContain('Protect yourself from pension scams');
  });

  it('is for the signed-in member’s own DB record', async () => {
    const agent = await signedIn('db.deferred');
    const unchanged = await stateOf('1000006');
    const theirs = { 'auth-business-group': 'MER', 'auth-reference-number': '1000006' };
    for (const [method, url, payload] of [
      ['GET', POSITION, undefined],
      ['POST', STATEMENT, { acceptCharge: true }],
      ['POST', PARTIAL, { by: 'transfer-value', transferValuePence: 100 }],
      ['GET', PACK, undefined],
      ['GET', `${PARTIAL_PDF}?requestedTransferValue=100`, undefined],
    ] as const) {
      const response = await agent.request({ method, url, payload, headers: theirs });
      expect(response.statusCode).toBe(403);
      expect([401, 403]).toContain((await ctx.app.inject({ method, url, payload })).statusCode);
    }
    expect(await stateOf('1000006')).toBe(unchanged);
    expect(codeOf(await (await signedIn('dc.near')).request({ url: POSITION }))).toBe('no_transfer_value');
    expect(
      codeOf(await (await signedIn('db.pensioner')).request({ method: 'POST', url: STATEMENT, payload: {} })),
    ).toBe('no_transfer_value');
  });

  it('words what is given up by the member’s dependants, as the annual statement does: a spouse’s pension for a member with one, one they may have for a member with none', async () => {
    // db.avc's record shows no dependants
    const single = await signedIn('db.avc');
    const keep = (await single.request({ url: POSITION })).json().keep;
    expect(keep).toMatchObject({ spouseOrPartnerOnRecord: false, survivorPensionPercent: 50 });
    // the PDF wraps its lines: compared as one line
    const withNone = (await pdfText((await single.request({ url: PACK })).rawPayload)).replace(/\s+/g, ' ');
    expect(withNone).toContain('A pension for a spouse or partner you may have at your death');
    expect(withNone).toContain('Our records show no spouse or partner for you');
    expect(withNone).not.toContain('Spouse’s or partner’s pension');

    // db.deferred's record shows a spouse
    const married = await signedIn('db.deferred');
    const issued = await married.request({ method: 'POST', url: STATEMENT, payload: { acceptCharge: true } });
    expect(issued.statusCode, issued.body).toBe(201);
    const theirs = (await married.request({ url: POSITION })).json().keep;
    expect(theirs).toMatchObject({ spouseOrPartnerOnRecord: true, survivorPensionPercent: 50 });
    const withSpouse = (await pdfText((await married.request({ url: PACK })).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(withSpouse).toContain('Spouse’s or partner’s pension');
    expect(withSpouse).toContain(
      `${(theirs.survivorPensionPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })} a year (50% of your pension)`,
    );
    expect(withSpouse).not.toContain('may have at your death');
    expect(withSpouse).not.toContain('Our records show no spouse or partner');
  });

  it('is in the OpenAPI document', () => {
    const paths = Object.keys(openApiDocument(ctx.app).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        POSITION,
        STATEMENT,
        PARTIAL,
        PACK,
        PARTIAL_PDF,
        '/mdp-api/api/v2/transfer-journeys/download/partial-transfer-pdf',
      ]),
    );
  });
});
