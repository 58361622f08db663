import { randomUUID } from 'node:crypto';
import { addDays, addMonths, isoDate, isWorkingDay, taxMonthOf, taxYearOf, utcDay } from '@meridian/pensions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  members,
  pensionIncreases,
  pensionPayments,
  pensionPayroll,
  storedTransferQuotes,
  userRecords,
  users,
} from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { pdfText } from '../pdf-text';

const ctx = useTestApp();

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

const transferQuote = async (agent: BrowserAgent) =>
  (await agent.request({ url: '/mdp-api/api/retirement/transfer-quote' })).json();

describe('the guaranteed transfer quote issued to db.avc', () => {
  it('is returned as stored, with its issue date and expiry, not worked out again for today', async () => {
    const agent = await signedIn('db.avc');
    const today = utcDay(new Date());
    const [stored] = await ctx.database.db
      .select()
      .from(storedTransferQuotes)
      .where(eq(storedTransferQuotes.referenceNumber, '1000003'));
    // The demo issued it a month before the day it was seeded: today, or yesterday for a run that
    // crossed midnight UTC between seeding and this line.
    const seededDays = [isoDate(today), addDays(isoDate(today), -1)];
    expect(seededDays.map((day) => addMonths(day, -1))).toContain(stored!.storedOn);
    const quote = await transferQuote(agent);
    expect(quote).toMatchObject({
      guaranteed: true,
      issuedOn: stored!.storedOn,
      guaranteeDate: stored!.storedOn,
      guaranteedUntil: stored!.guaranteedUntil,
      transferValuePence: stored!.quote.transferValuePence,
      calculatedOn: stored!.storedOn,
    });
    expect(quote.guaranteedUntil >= today).toBe(true);
  });

  it('stays unchanged until its last guaranteed day, then gives way to a figure for today', async () => {
    const agent = await signedIn('db.avc');
    const today = utcDay(new Date());
    const marked = { transferValuePence: 12_345_678, tranches: [] };
    const [stored] = await ctx.database.db
      .select()
      .from(storedTransferQuotes)
      .where(eq(storedTransferQuotes.referenceNumber, '1000003'));
    // Stored figures the engine would never give today, guaranteed until today: still returned as they are.
    await ctx.database.db
      .update(storedTransferQuotes)
      .set({ guaranteedUntil: today, quote: { ...stored!.quote, ...marked, guaranteedUntil: today } })
      .where(eq(storedTransferQuotes.id, stored!.id));
    const lastDay = await transferQuote(agent);
    expect(lastDay).toMatchObject({
      guaranteed: true,
      transferValuePence: 12_345_678,
      guaranteedUntil: today,
    });
    expect(await transferQuote(agent)).toEqual(lastDay);

    // Expired yesterday: the member sees today's figure, not a guarantee.
    const yesterday = addDays(isoDate(today), -1);
    await ctx.database.db
      .update(storedTransferQuotes)
      .set({ guaranteedUntil: yesterday })
      .where(eq(storedTransferQuotes.id, stored!.id));
    const after = await transferQuote(agent);
    expect(after).toMatchObject({ guaranteed: false, issuedOn: null, guaranteeDate: today });
    expect(after.transferValuePence).not.toBe(12_345_678);
  });
});

describe('the pension in payment of db.pensioner', () => {
  it('gives the next payment on a working day with its gross, tax and net worked out, and past payments', async () => {
    const agent = await signedIn('db.pensioner');
    const answer = await agent.request({ url: '/mdp-api/api/members/current/pension-payments' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const today = utcDay(new Date());
    const next = body.nextPayment;
    expect(next.paidOn > today).toBe(true);
    expect(isWorkingDay(isoDate(next.paidOn), 'england-and-wales')).toBe(true);
    expect(body.annualPensionPence).toBe(1_875_000);
    // A twelfth of the pension paid now, on 1100L with the tax year to date (every payment this tax
    // year is £1,562.50, the increase on 1 April before them): by tax month m, 1100L frees m twelfths of
    // £11,009 rounded up to the penny, the taxable pay to date in whole pounds at 20%.
    const month = taxMonthOf(isoDate(next.paidOn));
    const dueBy = (months: number) =>
      Math.floor((156_250 * months - Math.ceil((1_100_900 * months) / 12)) / 100) * 20;
    expect(next).toEqual({
      paidOn: next.paidOn,
      annualPensionPence: 1_875_000,
      grossPence: 156_250,
      taxCode: '1100L',
      taxBasis: 'cumulative',
      taxPence: dueBy(month) - dueBy(month - 1),
      netPence: 156_250 - (dueBy(month) - dueBy(month - 1)),
    });
    const stored = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(eq(pensionPayments.referenceNumber, '1000004'));
    expect(body.lastPayments).toHaveLength(Math.min(12, stored.length));
    for (const payment of stored) expect(payment.netPence).toBe(payment.grossPence - payment.taxPence);
    const dates = body.lastPayments.map((payment: { paidOn: string }) => payment.paidOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((date: string) => date <= today)).toBe(true);
    // Never a payment already listed as paid, on its pay day included.
    expect(next.paidOn > dates[0]).toBe(true);
    expect(body.increase.nextOn).toMatch(/^\d{4}-04-01$/);
    // Retired 20 months ago: at least one rise on 1 April, the yearly pension either side of it.
    expect(body.increases.length).toBeGreaterThan(0);
    for (const increase of body.increases) {
      expect(increase.effectiveOn).toMatch(/-04-01$/);
      expect(
        Math.abs(
          Math.round(increase.annualBeforePence * (1 + increase.percent / 100)) - increase.annualAfterPence,
        ),
      ).toBeLessThanOrEqual(1);
    }
    expect(body.increases[0].annualAfterPence).toBe(1_875_000);
    expect(body.increase).toMatchObject({
      lastPercent: body.increases[0].percent,
      lastOn: body.increases[0].effectiveOn,
    });
    // The emergency code for the first two payments, then the code HMRC sent.
    expect(
      body.taxCodes.map((code: { taxCode: string; basis: string }) => [code.taxCode, code.basis]),
    ).toEqual([
      ['1100L', 'cumulative'],
      ['1257L M1', 'month1'],
    ]);
    expect(body.p60TaxYears).toContain(taxYearOf(addMonths(isoDate(today), -12)));
  });

  it('works the next payment out after an increase not yet paid, and on a new tax code', async () => {
    const agent = await signedIn('db.pensioner');
    const read = async () =>
      (await agent.request({ url: '/mdp-api/api/members/current/pension-payments' })).json();
    const before = await read();
    const lastPaidOn = before.lastPayments[0].paidOn as string;
    const stored = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(eq(pensionPayments.referenceNumber, '1000004'));
    // An increase of 10% imported today, after the last payment: the payroll's pension is not yet
    // changed, the last payment is still £1,562.50, but the next is a twelfth of £20,625.00: £1,718.75.
    await ctx.database.db.insert(pensionIncreases).values({
      businessGroup: 'MER',
      referenceNumber: '1000004',
      effectiveOn: addDays(isoDate(lastPaidOn), 1),
      basisPoints: 1_000,
      annualBeforePence: 1_875_000,
      annualAfterPence: 2_062_500,
    });
    const after = await read();
    expect(after.annualPensionPence).toBe(1_875_000);
    expect(after.lastPayments[0].grossPence).toBe(156_250);
    // On 1100L, cumulative, by tax month m: the pay to date with £1,718.75 in it, less m twelfths of
    // £11,009 (rounded up to the penny), in whole pounds at 20%, less the tax taken this tax year.
    const next = after.nextPayment;
    const month = taxMonthOf(isoDate(next.paidOn));
    const inYear = stored.filter(
      (payment) => taxYearOf(isoDate(payment.paidOn)) === taxYearOf(isoDate(next.paidOn)),
    );
    const grossToDate = inYear.reduce((sum, payment) => sum + payment.grossPence, 0) + 171_875;
    const taxTaken = inYear.reduce((sum, payment) => sum + payment.taxPence, 0);
    const due = Math.floor((grossToDate - Math.ceil((1_100_900 * month) / 12)) / 100) * 20;
    expect(next).toEqual({
      paidOn: before.nextPayment.paidOn,
      annualPensionPence: 2_062_500,
      grossPence: 171_875,
      taxCode: '1100L',
      taxBasis: 'cumulative',
      taxPence: due - taxTaken,
      netPence: 171_875 - (due - taxTaken),
    });

    // HMRC sends an emergency code on the month 1 basis: BR M1 takes 20% of the £1,718 alone, £343.60.
    await ctx.database.db
      .update(pensionPayroll)
      .set({ taxCode: 'BR M1' })
      .where(eq(pensionPayroll.referenceNumber, '1000004'));
    expect((await read()).nextPayment).toMatchObject({
      grossPence: 171_875,
      taxCode: 'BR M1',
      taxBasis: 'month1',
      taxPence: 34_360,
      netPence: 137_515,
    });

    // As seeded again for the tests after this one.
    await ctx.database.db
      .update(pensionPayroll)
      .set({ taxCode: '1100L' })
      .where(eq(pensionPayroll.referenceNumber, '1000004'));
    await ctx.database.db.delete(pensionIncreases).where(eq(pensionIncreases.basisPoints, 1_000));
    expect(await read()).toEqual(before);
  });

  it('lists every payment by tax year, older than the last twelve included, and refuses a year miswritten', async () => {
    const agent = await signedIn('db.pensioner');
    const read = async (path: string) => agent.request({ url: `/mdp-api/api/members/current/${path}` });
    const body = (await read('pension-payments')).json();
    const stored = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(eq(pensionPayments.referenceNumber, '1000004'));
    // Retired 20 months ago: more payments than the last twelve, over two or three tax years.
    expect(stored.length).toBeGreaterThan(12);
    const years = [...new Set(stored.map((payment) => taxYearOf(isoDate(payment.paidOn))))].sort().reverse();
    expect(body.paymentTaxYears).toEqual(years);
    const listed: { id: string; paidOn: string; grossPence: number; taxPence: number; netPence: number }[] =
      [];
    for (const year of years) {
      const answer = await read(`payments?taxYear=${year.replace('/', '-')}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { taxYear, payments } = answer.json();
      expect(taxYear).toBe(year);
      const dates = payments.map((payment: { paidOn: string }) => payment.paidOn);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const date of dates) expect(taxYearOf(isoDate(date))).toBe(year);
      listed.push(...payments);
    }
    expect(listed.map((payment) => payment.id).sort()).toEqual(stored.map((payment) => payment.id).sort());
    expect(listed.slice(0, 12)).toEqual(body.lastPayments);
    // The oldest payment's payslip, well before the last twelve, is the member's to open.
    const oldest = listed.at(-1)!;
    const slip = await read(`payslips/${oldest.id}`);
    expect(slip.statusCode).toBe(200);
    expect(slip.json()).toMatchObject({ paidOn: oldest.paidOn, taxCode: '1257L M1', taxBasis: 'month1' });

    // A tax year with no payment has none; a year miswritten, or none given, is refused and nothing read.
    expect((await read('payments?taxYear=2001-02')).json()).toEqual({ taxYear: '2001/02', payments: [] });
    for (const bad of [
      'payments?taxYear=2025-27',
      'payments?taxYear=2025/26',
      'payments?taxYear=x',
      'payments',
    ]) {
      const answer = await read(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    // A member with no pension in payment has no payments to list.
    const deferred = await signedIn('db.deferred');
    const theirs = await deferred.request({
      url: `/mdp-api/api/members/current/payments?taxYear=${years[0]!.replace('/', '-')}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors[0].code).toBe('no_pension_in_payment');
  });

  it('gives each payment’s payslip with the tax year to date, worked by hand, as a page and a PDF', async () => {
    const agent = await signedIn('db.pensioner');
    const body = (await agent.request({ url: '/mdp-api/api/members/current/pension-payments' })).json();
    const latest = body.lastPayments[0];
    const answer = await agent.request({ url: `/mdp-api/api/members/current/payslips/${latest.id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const slip = answer.json();
    expect(slip).toMatchObject({
      id: latest.id,
      paidOn: latest.paidOn,
      taxCode: '1100L',
      taxBasis: 'cumulative',
      taxYear: taxYearOf(isoDate(latest.paidOn)),
      grossPence: 156_250,
      payReference: `1000004-${latest.paidOn.replaceAll('-', '')}`,
      payer: { name: 'Meridian Final Salary Section', payeReference: '120/MP45678' },
    });
    // Every payment this tax year is £1,562.50 on 1100L, cumulative. By month m: 1100L frees £11,009 a
    // year, m twelfths of it rounded up to the penny; taxable pay to date in whole pounds at 20%.
    const month = slip.taxMonth;
    expect(slip.yearToDate.grossPence).toBe(156_250 * month);
    const freePay = Math.ceil((1_100_900 * month) / 12);
    expect(slip.yearToDate.taxPence).toBe(Math.floor((156_250 * month - freePay) / 100) * 20);
    const pdf = await agent.request({ url: `/mdp-api/api/members/current/payslips/${latest.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const shown of ['Pension payslip', slip.payReference, '£1,562.50', '1100L, cumulative', 'LM456789B'])
      expect(text).toContain(shown);
  });

  it('gives a P60 for each tax year ended with a payment in it, its totals those of the year’s payments', async () => {
    const agent = await signedIn('db.pensioner');
    const body = (await agent.request({ url: '/mdp-api/api/members/current/pension-payments' })).json();
    const taxYear = body.p60TaxYears[0] as string;
    const stored = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(eq(pensionPayments.referenceNumber, '1000004'));
    const inYear = stored.filter((payment) => taxYearOf(isoDate(payment.paidOn)) === taxYear);
    const pounds = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    const pdf = await agent.request({
      url: `/mdp-api/api/members/current/p60s/${taxYear.replace('/', '-')}/pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    // The 20-point title is wider than the page and wraps onto a second line.
    expect(text.replaceAll('\n', ' ')).toContain(`P60 End of Year Certificate, tax year ${taxYear}`);
    expect(text).toContain(`Pension paid\n${pounds(inYear.reduce((sum, row) => sum + row.grossPence, 0))}`);
    expect(text).toContain(`Tax deducted\n${pounds(inYear.reduce((sum, row) => sum + row.taxPence, 0))}`);
    // The tax year not yet ended has no P60; nor does a year with no payment, or a tax year miswritten.
    const current = taxYearOf(utcDay(new Date())).replace('/', '-');
    const refused = async (path: string) =>
      (await agent.request({ url: `/mdp-api/api/members/current/${path}` })).json().errors[0].code;
    expect(await refused(`p60s/${current}/pdf`)).toBe('p60_not_found');
    expect(await refused('p60s/2001-02/pdf')).toBe('p60_not_found');
    expect(await refused('p60s/2025-27/pdf')).toBe('field_invalid');
    // Another member's payslip is not found for them; neither is a made-up one.
    const deferred = await signedIn('db.deferred');
    const theirs = await deferred.request({
      url: `/mdp-api/api/members/current/payslips/${body.lastPayments[0].id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await refused(`payslips/${randomUUID()}`)).toBe('payslip_not_found');
  });

  it('answers 404 for a record with no pension in payment', async () => {
    const agent = await signedIn('db.deferred');
    const answer = await agent.request({ url: '/mdp-api/api/members/current/pension-payments' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().errors[0].code).toBe('no_pension_in_payment');
  });
});

describe('a payslip or P60 of another of the member’s own records', () => {
  it('is refused while the session is on the other record, and given again back on the pensioner record', async () => {
    const { db } = ctx.database;
    // db.pensioner also holds a deferred record (1000090, as db.deferred's), linked to the same account.
    const [pensioner] = await db.select().from(users).where(eq(users.username, 'db.pensioner'));
    const [deferred] = await db.select().from(members).where(eq(members.referenceNumber, '1000001'));
    await db.insert(members).values({ ...deferred!, referenceNumber: '1000090', createdAt: undefined });
    await db
      .insert(userRecords)
      .values({ userId: pensioner!.id, businessGroup: 'MER', referenceNumber: '1000090', recordNumber: 2 });

    const agent = await signedIn('db.pensioner');
    const body = (await agent.request({ url: '/mdp-api/api/members/current/pension-payments' })).json();
    const paymentId = body.lastPayments[0].id as string;
    const p60Year = (body.p60TaxYears[0] as string).replace('/', '-');
    const asked = {
      payslip: `/mdp-api/api/members/current/payslips/${paymentId}`,
      payslipPdf: `/mdp-api/api/members/current/payslips/${paymentId}/pdf`,
      p60Pdf: `/mdp-api/api/members/current/p60s/${p60Year}/pdf`,
    };
    const answers = async () => {
      const out: Record<string, [number, string | undefined]> = {};
      for (const [name, url] of Object.entries(asked)) {
        const answer = await agent.request({ url });
        out[name] = [
          answer.statusCode,
          answer.statusCode === 200
            ? answer.headers['content-type']?.toString()
            : answer.json().errors[0].code,
        ];
      }
      return out;
    };
    const switchTo = async (referenceNumber: string) => {
      const switched = await agent.request({
        method: 'POST',
        url: '/authentication-api/api/authentication/switch-user',
        payload: { businessGroup: 'MER', referenceNumber },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({ referenceNumber, hasMultipleRecords: true });
    };
    const given = {
      payslip: [200, expect.stringContaining('application/json')],
      payslipPdf: [200, 'application/pdf'],
      p60Pdf: [200, 'application/pdf'],
    };
    expect(await answers()).toEqual(given);

    // On the deferred record, which has no pension in payment, the pensioner record's are not there.
    await switchTo('1000090');
    expect(await answers()).toEqual({
      payslip: [404, 'no_pension_in_payment'],
      payslipPdf: [404, 'no_pension_in_payment'],
      p60Pdf: [404, 'no_pension_in_payment'],
    });

    // Nor once that record has a pension of its own (one payment this tax year): its payroll is looked
    // up, and the other record's payment and tax year are not in it.
    await db.insert(pensionPayroll).values({
      businessGroup: 'MER',
      referenceNumber: '1000090',
      annualPensionPence: 120_000,
      taxCode: '0T',
      increaseRule: 'CPI, up to 5% a year',
      nextIncreaseOn: `${Number(utcDay(new Date()).slice(0, 4)) + 1}-04-01`,
    });
    await db.insert(pensionPayments).values({
      businessGroup: 'MER',
      referenceNumber: '1000090',
      paidOn: utcDay(new Date()),
      grossPence: 10_000,
      taxPence: 2_000,
      netPence: 8_000,
      taxCode: '0T',
      taxBasis: 'month1',
    });
    const own = (await agent.request({ url: '/mdp-api/api/members/current/pension-payments' })).json();
    expect(own.lastPayments).toHaveLength(1);
    expect(own.lastPayments[0].id).not.toBe(paymentId);
    expect(await answers()).toEqual({
      payslip: [404, 'payslip_not_found'],
      payslipPdf: [404, 'payslip_not_found'],
      p60Pdf: [404, 'p60_not_found'],
    });

    // Back on the pensioner record, each is given again.
    await switchTo('1000004');
    expect(await answers()).toEqual(given);
  });
});
