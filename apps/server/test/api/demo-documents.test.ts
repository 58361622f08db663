import { count } from 'drizzle-orm';
import { isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { beneficiaries, memberDocuments } from '../../src/db/schema';
import { lastStatementDates, seedDemoDocuments } from '../../src/seed/demo-documents';
import { displayDate } from '../../src/lib/display';
import { BrowserAgent } from './browser-agent';
import { pdfText } from '../pdf-text';
import { useTestApp } from './harness';

const ctx = useTestApp();

async function member(username: string, host?: string) {
  const agent = new BrowserAgent(ctx.app, host);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const libraryOf = async (agent: BrowserAgent) =>
  (await agent.request({ url: '/mdp-api/api/members/current/documents' })).json().items as Array<{
    id: string;
    name: string;
    type: string;
    kind: string;
    isRead: boolean;
    canDelete: boolean;
    dateReceived: string;
  }>;

const download = async (agent: BrowserAgent, id: string) =>
  pdfText((await agent.request({ url: `/mdp-api/api/members/current/documents/${id}/download` })).rawPayload);

describe('demo documents', () => {
  it('dates a statement as at the last 5 April, sent on 30 June', () => {
    expect(lastStatementDates(isoDate('2026-11-23'))).toEqual({ asAt: '2026-04-05', issued: '2026-06-30' });
    expect(lastStatementDates(isoDate('2026-06-29'))).toEqual({ asAt: '2025-04-05', issued: '2025-06-30' });
    expect(lastStatementDates(isoDate('2026-06-30'))).toEqual({ asAt: '2026-04-05', issued: '2026-06-30' });
  });

  it('gives a DC member their annual benefit statement, unread, with their own figures', async () => {
    const agent = await member('dc.near');
    const { asAt, issued } = lastStatementDates(utcDay(new Date()));
    const [statement] = (await libraryOf(agent)).filter((item) => item.type === 'Annual statement');
    expect(statement).toMatchObject({
      name: `annual-benefit-statement-${asAt.slice(0, 4)}.pdf`,
      kind: 'letter',
      isRead: false,
      canDelete: false,
    });
    expect(statement!.dateReceived.slice(0, 10)).toBe(issued);
    const text = await download(agent, statement!.id);
    expect(text).toContain('Annual benefit statement');
    expect(text).toContain('Meridian Retirement Savings Section');
    expect(text).toContain('£186,400.00');
    // The scheme sent it: it was not submitted by the member.
    expect(text).toContain(`Sent on ${displayDate(issued)}`);
    expect(text).not.toContain('Submitted on');
  });

  it('shows a deferred DB member their pension when they left and with the increases since', async () => {
    const agent = await member('db.retiring');
    const { asAt } = lastStatementDates(utcDay(new Date()));
    const [statement] = (await libraryOf(agent)).filter((item) => item.type === 'Annual statement');
    const text = await download(agent, statement!.id);
    const left = text.match(/Your pension when you left on (\d{2} [A-Z][a-z]{2} \d{4})/)?.[1];
    expect(left).toBeDefined();
    const totals = [...text.matchAll(/Your pension\n£([\d,.]+) a year/g)].map((match) =>
      Number(match[1]!.replaceAll(',', '')),
    );
    // £5,400 before 2009 and £10,200 after, when they left; more now, by CPI within each cap.
    expect(text).toContain('Pension built up before 6 April 2009\n£5,400.00 a year');
    expect(totals[0]).toBe(15_600);
    // A 14-point heading wider than the page wraps onto a second line.
    expect(text.replaceAll('\n', ' ')).toContain(
      `Your pension at ${displayDate(asAt)}, with the increases since you left`,
    );
    expect(totals[1]).toBeGreaterThan(15_600);
  });

  it('shows the pensioner the letter that started their pension and their nomination of their spouse', async () => {
    const agent = await member('db.pensioner');
    const nomination = (await agent.request({ url: '/mdp-api/api/members/current/beneficiaries' })).json();
    expect(nomination.beneficiaries).toMatchObject([
      {
        kind: 'person',
        relationship: 'Spouse',
        forenames: 'Anne',
        surname: 'Fletcher',
        isPensionBeneficiary: true,
        lumpSumPercentage: 100,
      },
    ]);
    const library = await libraryOf(agent);
    const letter = library.find((item) => item.name.startsWith('your-pension-has-started-'));
    const letterText = await download(agent, letter!.id);
    expect(letterText).toContain('£18,750.00 a year');
    expect(letterText).toMatch(/Sent on \d{2} [A-Z][a-z]{2} \d{4}/);
    const wish = library.find((item) => item.type === 'Expression of wish');
    expect(wish).toMatchObject({ kind: 'nomination', isRead: false });
    expect(wish!.dateReceived.slice(0, 10)).toBe(nomination.nominatedAt.slice(0, 10));
    expect(await download(agent, wish!.id)).toContain('Anne Fletcher');
  });

  it('keeps the linked DC record’s statement with that record, and the second tenant’s with theirs', async () => {
    const linked = await member('linked');
    const asLinked = { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' };
    const primary = await libraryOf(linked);
    expect(primary.some((item) => item.type === 'Annual statement')).toBe(false);
    const dc = (
      await linked.request({ url: '/mdp-api/api/members/current/documents', headers: asLinked })
    ).json().items;
    expect(dc).toMatchObject([{ type: 'Annual statement' }]);

    const second = await member('second.member', 'bluewater.localhost');
    const text = await download(second, (await libraryOf(second))[0]!.id);
    expect(text).toContain('Bluewater Defined Benefit Plan');
  });

  it('files nothing twice: seeding again leaves documents and nominations as they are', async () => {
    const rows = async () => [
      (await ctx.database.db.select({ value: count() }).from(memberDocuments))[0]!.value,
      (await ctx.database.db.select({ value: count() }).from(beneficiaries))[0]!.value,
    ];
    const before = await rows();
    await seedDemoDocuments(ctx.database.db, ctx.app.documentLibrary, utcDay(new Date()));
    expect(await rows()).toEqual(before);
  });
});
