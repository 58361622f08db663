import { addDays, addMonths, isoDate, isWorkingDay, utcDay } from '@meridian/pensions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pensionPayments, storedTransferQuotes } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

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
  it('gives the next payment date on a working day, the current gross, tax and net, and past payments', async () => {
    const agent = await signedIn('db.pensioner');
    const answer = await agent.request({ url: '/mdp-api/api/members/current/pension-payments' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const today = utcDay(new Date());
    expect(body.nextPaymentOn > today).toBe(true);
    expect(isWorkingDay(isoDate(body.nextPaymentOn), 'england-and-wales')).toBe(true);
    expect(body.annualPensionPence).toBe(1_875_000);
    expect(body.currentPayment).toEqual({ grossPence: 156_250, taxPence: 10_280, netPence: 145_970 });
    const stored = await ctx.database.db
      .select()
      .from(pensionPayments)
      .where(eq(pensionPayments.referenceNumber, '1000004'));
    expect(body.lastPayments).toHaveLength(Math.min(12, stored.length));
    expect(body.lastPayments.length).toBeGreaterThan(0);
    const dates = body.lastPayments.map((payment: { paidOn: string }) => payment.paidOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((date: string) => date <= today)).toBe(true);
    // Never a payment already listed as paid, on its pay day included.
    expect(body.nextPaymentOn > dates[0]).toBe(true);
    expect(body.increase).toMatchObject({ lastPercent: null, lastOn: null });
    expect(body.increase.nextOn).toMatch(/^\d{4}-04-01$/);
  });

  it('answers 404 for a record with no pension in payment', async () => {
    const agent = await signedIn('db.deferred');
    const answer = await agent.request({ url: '/mdp-api/api/members/current/pension-payments' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().errors[0].code).toBe('no_pension_in_payment');
  });
});
