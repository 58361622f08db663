import {
  calculateDbStatement,
  calculateSmpi,
  dbMemberSchema,
  dcMemberSchema,
  getDbSchemeConfig,
  getDcSchemeConfig,
  taxYearOf,
  utcDay,
} from '@meridian/pensions';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberDocuments, members } from '../../src/db/schema';
import { calculationMember } from '../../src/areas/member-data/calculations';
import { displayPounds } from '../../src/lib/display';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { pdfText } from '../pdf-text';

const ctx = useTestApp();
const URL = '/mdp-api/api/members/current/annual-statement';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

async function memberRow(referenceNumber: string) {
  const [row] = await ctx.database.db
    .select()
    .from(members)
    .where(eq(members.referenceNumber, referenceNumber));
  return row!;
}

const statementsOf = (referenceNumber: string) =>
  ctx.database.db
    .select()
    .from(memberDocuments)
    .where(
      and(
        eq(memberDocuments.referenceNumber, referenceNumber),
        eq(memberDocuments.sourceKey, `annual-statement:${taxYearOf(utcDay(new Date()))}`),
      ),
    );

async function pdfOf(agent: BrowserAgent, id: string) {
  const download = await agent.request({ url: `/mdp-api/api/members/current/documents/${id}/download` });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  return pdfText(download.rawPayload);
}

describe('the DB annual benefit statement (db.active)', () => {
  it('gives the engine’s figures, files the PDF once a statement year and answers the same document after', async () => {
    const agent = await signedIn('db.active');
    const [first, second] = await Promise.all([agent.request({ url: URL }), agent.request({ url: URL })]);
    expect(first.statusCode).toBe(200);
    const statement = first.json();
    expect(second.json()).toEqual(statement);

    const row = await memberRow('1000002');
    const today = utcDay(new Date());
    const expected = calculateDbStatement(
      dbMemberSchema.parse(calculationMember(row)),
      getDbSchemeConfig(row.schemeCode, today),
      today,
    );
    expect(statement).toMatchObject({
      kind: 'DB',
      statementYear: taxYearOf(today),
      statementDate: today,
      deferredSince: null,
      accruedPensionPence: expected.accruedPensionPence,
      projectedPensionPence: expected.projectedPensionPence,
      survivorPensionPence: expected.survivorPensionPence,
      survivorPensionPercent: 50,
      document: { name: `annual-benefit-statement-${taxYearOf(today).replace('/', '-')}.pdf` },
    });
    expect(statement.projectedPensionPence).toBeGreaterThan(statement.accruedPensionPence);
    expect(statement.assumptions.join(' ')).toContain('current salary and accrual rate');

    const filed = await statementsOf('1000002');
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ id: statement.document.id, type: 'Annual statement', kind: 'letter' });
    expect((await agent.request({ url: URL })).json().document.id).toBe(statement.document.id);

    const text = await pdfOf(agent, statement.document.id);
    expect(text).toContain('Your annual benefit statement');
    expect(text).toContain(`${displayPounds(statement.projectedPensionPence)} a year`);
    expect(text).toContain('Spouse’s or partner’s pension');
    expect(text).toContain('How we worked this out');
  });

  it('keeps the statement’s date and figures for the rest of the statement year', async () => {
    const agent = await signedIn('db.avc');
    const statement = (await agent.request({ url: URL })).json();
    const earlier = new Date(Date.now() - 3 * 86_400_000);
    // Filed three days ago (still this statement year unless the year began since): the figures are as at then.
    if (taxYearOf(utcDay(earlier)) !== statement.statementYear) return;
    await ctx.database.db
      .update(memberDocuments)
      .set({ receivedAt: earlier })
      .where(eq(memberDocuments.id, statement.document.id));
    const again = (await agent.request({ url: URL })).json();
    expect(again.statementDate).toBe(utcDay(earlier));
    expect(again.document).toEqual(statement.document);
    expect(await statementsOf('1000003')).toHaveLength(1);
  });

  it('has none for a pension in payment', async () => {
    const agent = await signedIn('db.pensioner');
    const response = await agent.request({ url: URL });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('no_annual_statement');
    expect(await statementsOf('1000004')).toHaveLength(0);
  });
});

describe('the Statutory Money Purchase Illustration (dc.far)', () => {
  it('is the engine’s SMPI under AS TM1, with each fund’s rate, filed in documents as a PDF', async () => {
    const agent = await signedIn('dc.far');
    const response = await agent.request({ url: URL });
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    const row = await memberRow('1000006');
    const today = utcDay(new Date());
    const expected = calculateSmpi(
      dcMemberSchema.parse(calculationMember(row)),
      getDcSchemeConfig(row.schemeCode, today),
      today,
    );
    expect(statement).toMatchObject({
      kind: 'DC',
      statementDate: today,
      basis: { version: 'AS TM1 v5.1', effectiveFrom: '2024-04-06' },
      inflation: 0.025,
      currentPotPence: expected.currentPotPence,
      projectedPotPence: expected.projectedPotPence,
      projectedPotTodaysMoneyPence: expected.projectedPotTodaysMoneyPence,
      annualPensionTodaysMoneyPence: expected.annualPensionTodaysMoneyPence,
    });
    expect(statement.funds.length).toBeGreaterThan(0);
    for (const fund of statement.funds) expect([0.02, 0.04, 0.06, 0.07]).toContain(fund.accumulationRate);

    const text = await pdfOf(agent, statement.document.id);
    expect(text).toContain('Your pension illustration (SMPI)');
    expect(text).toContain(displayPounds(statement.projectedPotTodaysMoneyPence));
    expect(text).toContain('AS TM1 v5.1');
  });

  it('is the member’s own: another member cannot download it', async () => {
    const owner = await signedIn('dc.near');
    const { document } = (await owner.request({ url: URL })).json();
    const other = await signedIn('dc.far');
    const response = await other.request({
      url: `/mdp-api/api/members/current/documents/${document.id}/download`,
    });
    expect(response.statusCode).toBe(404);
  });

  it('asks for a signed-in member', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBeTruthy();
  });
});
