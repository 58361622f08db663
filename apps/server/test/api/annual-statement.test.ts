import {
  calculateDbStatement,
  calculateSmpi,
  dbMemberSchema,
  dcMemberSchema,
  getDbSchemeConfig,
  getDcSchemeConfig,
  taxYearOf,
  utcDay,
  type IsoDate,
} from '@meridian/pensions';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, memberDocuments, members, schemes } from '../../src/db/schema';
import {
  runAnnualStatements,
  statementRunHandler,
  statementRunSubject,
  statementYearStart,
} from '../../src/areas/statements/statement-run';
import { databaseFingerprint } from './database-fingerprint';
import { calculationMember } from '../../src/areas/member-data/calculations';
import { displayPounds } from '../../src/lib/display';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { pdfText } from '../pdf-text';

const ctx = useTestApp();
const quietRunLog = { info: () => undefined, warn: () => undefined };
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

/** The statements filed in the member's documents for a tax year, this one unless named. */
const statementsOf = (referenceNumber: string, taxYear = taxYearOf(utcDay(new Date()))) =>
  ctx.database.db
    .select()
    .from(memberDocuments)
    .where(
      and(
        eq(memberDocuments.referenceNumber, referenceNumber),
        eq(memberDocuments.sourceKey, `annual-statement:${taxYear}`),
      ),
    );

async function pdfOf(agent: BrowserAgent, id: string) {
  const download = await agent.request({ url: `/mdp-api/api/members/current/documents/${id}/download` });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  return pdfText(download.rawPayload);
}

describe('the DB annual benefit statement (db.active)', () => {
  it('gives the engine’s figures as at the day it was issued (the demo issues db.active’s), with its PDF in documents', async () => {
    const agent = await signedIn('db.active');
    const [filed] = await statementsOf('1000002');
    expect(filed).toMatchObject({ type: 'Annual statement', kind: 'letter' });
    const issuedOn = utcDay(filed!.receivedAt);
    const [first, second] = await Promise.all([agent.request({ url: URL }), agent.request({ url: URL })]);
    expect(first.statusCode).toBe(200);
    const statement = first.json();
    expect(second.json()).toEqual(statement);

    const row = await memberRow('1000002');
    const expected = calculateDbStatement(
      dbMemberSchema.parse(calculationMember(row)),
      getDbSchemeConfig(row.schemeCode, issuedOn),
      issuedOn,
      { spouseOrPartnerOnRecord: false },
    );
    expect(statement).toMatchObject({
      kind: 'DB',
      statementYear: taxYearOf(issuedOn),
      statementDate: issuedOn,
      deferredSince: null,
      accruedPensionPence: expected.accruedPensionPence,
      projectedPensionPence: expected.projectedPensionPence,
      survivorPensionPence: expected.survivorPensionPence,
      survivorPensionPercent: 50,
      // db.active's dependants are two children: no spouse or partner on the record
      spouseOrPartnerOnRecord: false,
      document: {
        id: filed!.id,
        name: `annual-benefit-statement-${taxYearOf(issuedOn).replace('/', '-')}.pdf`,
      },
    });
    expect(statement.projectedPensionPence).toBeGreaterThan(statement.accruedPensionPence);
    expect(statement.assumptions.join(' ')).toContain('current salary and accrual rate');
    expect(statement.assumptions.join(' ')).toContain('Our records show no spouse or partner for you.');
    expect(await statementsOf('1000002')).toHaveLength(1);

    const text = await pdfOf(agent, statement.document.id);
    expect(text).toContain('Your annual benefit statement');
    expect(text).toContain(`${displayPounds(statement.projectedPensionPence)} a year`);
    expect(text).toContain('A pension for a spouse or partner you may have at your death');
    expect(text).not.toContain('Spouse’s or partner’s pension');
    expect(text).toContain('How we worked this out');
    // The scams pledge: a scam warning in every annual statement, the tenant's own (its globals message).
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Protect yourself from pension scams');
    expect(flat).toContain('Report a suspected scam to Action Fraud');
  });

  it('keeps the statement’s date and figures for the rest of the statement year', async () => {
    const agent = await signedIn('db.active');
    const statement = (await agent.request({ url: URL })).json();
    const earlier = new Date(Date.now() - 3 * 86_400_000);
    // Issued three days ago (still this statement year unless the year began since): the figures are as at then.
    if (taxYearOf(utcDay(earlier)) !== statement.statementYear) return;
    await ctx.database.db
      .update(memberDocuments)
      .set({ receivedAt: earlier })
      .where(eq(memberDocuments.id, statement.document.id));
    const again = (await agent.request({ url: URL })).json();
    expect(again.statementDate).toBe(utcDay(earlier));
    expect(again.document).toEqual(statement.document);
    expect(await statementsOf('1000002')).toHaveLength(1);
  });

  it('names the spouse’s or partner’s pension where the record shows one (db.deferred’s spouse)', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({ url: URL });
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement).toMatchObject({ kind: 'DB', spouseOrPartnerOnRecord: true, document: null });
    expect(statement.survivorPensionPence).toBeGreaterThan(0);
    expect(statement.assumptions.join(' ')).toContain('your spouse or partner gets 50% of your pension');
    const pdf = await agent.request({ url: `${URL}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Spouse’s or partner’s pension');
    expect(text).toContain(`${displayPounds(statement.survivorPensionPence)} a year (50% of your pension)`);
    expect(text).not.toContain('you may have at your death');
  });

  it('has none for a pension in payment', async () => {
    const agent = await signedIn('db.pensioner');
    const response = await agent.request({ url: URL });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('no_annual_statement');
    const pdf = await agent.request({ url: `${URL}/pdf` });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().errors[0].code).toBe('no_annual_statement');
    expect(await statementsOf('1000004')).toHaveLength(0);
  });
});

describe('reading a statement writes nothing', () => {
  it('a GET of the statement and of its PDF changes no table, before or after it is issued', async () => {
    const agents = await Promise.all(['dc.far', 'db.avc', 'db.active'].map(signedIn));
    // The job queue is left out: the worker queues its own recurring runs as time passes, requests or not.
    const tables = async () => {
      const { 'portal.jobs': _queue, ...rest } = await databaseFingerprint(ctx.database);
      return rest;
    };
    const before = await tables();
    for (const agent of agents) {
      expect((await agent.request({ url: URL })).statusCode).toBe(200);
      const pdf = await agent.request({ url: `${URL}/pdf` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
    expect(await tables()).toEqual(before);
    expect(await statementsOf('1000006')).toHaveLength(0);
    expect(await statementsOf('1000003')).toHaveLength(0);
  });
});

describe('the Statutory Money Purchase Illustration (dc.far)', () => {
  it('is the engine’s SMPI under AS TM1, with each fund’s rate, as a PDF before it is issued', async () => {
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
    if (expected.kind !== 'SMPI') throw new Error(expected.missing.message);
    expect(statement).toMatchObject({
      kind: 'DC',
      statementDate: today,
      basis: { version: 'AS TM1 v5.1', effectiveFrom: '2024-04-06' },
      inflation: 0.025,
      currentPotPence: expected.currentPotPence,
      projectedPotPence: expected.projectedPotPence,
      projectedPotTodaysMoneyPence: expected.projectedPotTodaysMoneyPence,
      annualPensionTodaysMoneyPence: expected.annualPensionTodaysMoneyPence,
      annuityRate: expected.annuityRate,
      annuity: expected.annuity,
    });
    // The level single-life annuity priced from the ONS table and this illustration year's gilt yield.
    expect(statement.annuity).toMatchObject({
      interestRate: 0.05,
      giltYield: 0.0494,
      yieldAsAt: '2026-01-31',
      referenceDate: '2026-02-15',
      paymentsPerYear: 12,
      guaranteeYears: 5,
      expenseAllowance: 0.04,
    });
    expect(statement.annuity.mortality).toContain('ONS National life tables, UK, 2022 to 2024');
    expect(statement.funds.length).toBeGreaterThan(0);
    for (const fund of statement.funds) expect([0.02, 0.04, 0.06, 0.07]).toContain(fund.accumulationRate);

    expect(statement.document).toBeNull();
    const pdf = await agent.request({ url: `${URL}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="pension-illustration-${taxYearOf(today).replace('/', '-')}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Your pension illustration (SMPI)');
    expect(text).toContain(displayPounds(statement.projectedPotTodaysMoneyPence));
    expect(text).toContain('AS TM1 v5.1');
    // The PDF states the annuity basis: interest rate and its date, mortality, the factor.
    expect(text).toContain('5% a year, from the gilt yield of 4.94% on');
    expect(text).toContain('ONS National life tables, UK, 2022 to 2024');
    expect(text).toContain(
      `${statement.annuity.factor.toFixed(4)} at age ${statement.ageAtRetirement.years}`,
    );
    expect(text.replace(/\s+/g, ' ')).toContain('Protect yourself from pension scams');
  });

  it('is the member’s own: another member cannot download it', async () => {
    const owner = await signedIn('db.active');
    const { document } = (await owner.request({ url: URL })).json();
    const other = await signedIn('dc.far');
    const response = await other.request({
      url: `/mdp-api/api/members/current/documents/${document.id}/download`,
    });
    expect(response.statusCode).toBe(404);
  });

  it('asks for a signed-in member', async () => {
    for (const url of [URL, `${URL}/pdf`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBeTruthy();
    }
  });
});

describe('the yearly statement run', () => {
  it('is queued for the next statement year when the demo starts (the seed issued this year’s)', async () => {
    const next = statementYearStart(utcDay(new Date())) + 1;
    const [job] = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.subjectId, statementRunSubject(next)));
    expect(job).toMatchObject({ kind: 'annual-statements', status: 'queued' });
    expect(job!.runAt.toISOString()).toBe(`${next}-04-06T02:00:00.000Z`);
  });

  it('issues every Active and Deferred record’s statement once through the job queue, then queues the next year’s', async () => {
    const today = utcDay(new Date());
    const year = statementYearStart(today);
    await ctx.database.db.insert(jobs).values({
      kind: 'annual-statements',
      subjectId: statementRunSubject(year),
      runAt: new Date(Date.now() - 1000),
    });
    await ctx.app.jobs.runOnce(new Date());
    await expect
      .poll(
        async () =>
          (
            await ctx.database.db
              .select()
              .from(jobs)
              .where(eq(jobs.subjectId, statementRunSubject(year)))
          )[0]?.status,
        { timeout: 60_000 },
      )
      .toBe('sent');

    const agent = await signedIn('dc.far');
    const statement = (await agent.request({ url: URL })).json();
    const [filed] = await statementsOf('1000006');
    expect(statement.document).toEqual({
      id: filed!.id,
      name: `pension-illustration-${taxYearOf(today).replace('/', '-')}.pdf`,
    });
    expect(statement.statementDate).toBe(utcDay(filed!.receivedAt));
    const text = await pdfOf(agent, filed!.id);
    expect(text).toContain('Your pension illustration (SMPI)');
    expect(text).toContain(displayPounds(statement.projectedPotTodaysMoneyPence));
    // every record still building or keeping a pension has one; the pensioner none
    const active = await ctx.database.db
      .select({ referenceNumber: members.referenceNumber })
      .from(members)
      .where(inArray(members.status, ['Active', 'Deferred']));
    for (const { referenceNumber } of active) expect(await statementsOf(referenceNumber)).toHaveLength(1);
    expect(await statementsOf('1000004')).toHaveLength(0);

    // A second run issues nothing more; both queue next year's run once.
    const again = await runAnnualStatements(
      ctx.database.db,
      ctx.app.documentLibrary,
      quietRunLog,
      year,
      today,
    );
    expect(again.failed).toBe(0);
    for (const { referenceNumber } of active) expect(await statementsOf(referenceNumber)).toHaveLength(1);
    const next = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.subjectId, statementRunSubject(year + 1)));
    expect(next).toHaveLength(1);
  });

  it('skips an SMPI whose illustration year has no annuity interest rate, naming the setting and year (6 April 2027)', async () => {
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: () => undefined,
      warn: (details: object, message: string) =>
        warnings.push({ details: details as Record<string, unknown>, message }),
    };
    const day = '2027-04-06' as IsoDate;
    const result = await runAnnualStatements(ctx.database.db, ctx.app.documentLibrary, log, 2027, day);
    const records = await ctx.database.db
      .select({ referenceNumber: members.referenceNumber, type: schemes.type })
      .from(members)
      .innerJoin(schemes, eq(schemes.code, members.schemeCode))
      .where(inArray(members.status, ['Active', 'Deferred']));
    const dc = records.filter((r) => r.type === 'DC');
    expect(dc.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ failed: 0, notReady: dc.length, issued: records.length - dc.length });
    expect(warnings).toHaveLength(dc.length);
    expect(
      warnings.find((w) => (w.details.record as { referenceNumber: string }).referenceNumber === '1000006'),
    ).toMatchObject({
      message: 'SMPI not issued: no AS TM1 annuityInterest rate for 2027/28',
      details: { setting: 'annuityInterest', illustrationYear: '2027/28' },
    });
    const filed2027 = (referenceNumber: string) => statementsOf(referenceNumber, '2027/28');
    // No DC record has a 2027/28 illustration on 2026/27's rate; the DB records have their statements.
    for (const { referenceNumber } of dc) expect(await filed2027(referenceNumber)).toHaveLength(0);
    for (const { referenceNumber } of records.filter((r) => !dc.includes(r)))
      expect(await filed2027(referenceNumber)).toHaveLength(1);

    // The queued run fails naming the setting and year, so it is tried again (and listed dead if never added).
    const handler = statementRunHandler(ctx.database.db, ctx.app.documentLibrary, quietRunLog, () => day);
    await expect(
      handler({ subjectId: statementRunSubject(2027) } as Parameters<typeof handler>[0]),
    ).rejects.toThrow(
      `${dc.length} pension illustration(s) not issued: No AS TM1 annuity interest rate is configured for the 2027/28 illustration year (illustrations dated 2027-04-06): add an annuityInterest entry with illustrationsFrom 2027-04-06 to packages/pensions/smpi/as-tm1.json, then run again`,
    );
  });
});
