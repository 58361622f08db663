import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addYears, floorPence, incomeTaxPence, incomeTaxBasisFor, isoDate } from '@meridian/pensions';
import { members } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { openApiDocument } from './openapi-walk';

const ctx = useTestApp();
const OPTIONS = '/mdp-api/api/retirement/dc/options';
const COMPARE = '/mdp-api/api/retirement/dc/options/compare';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

const codeOf = (response: { statusCode: number; json: () => { errors: { code: string }[] } }) => {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return response.json().errors[0]!.code;
};

const memberRow = async (referenceNumber: string) =>
  (
    await ctx.database.db
      .select()
      .from(members)
      .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, referenceNumber)))
  )[0]!;

describe('DC options: explore', () => {
  it('answers every option for dc.near at the target date, with tax-free cash a quarter of the pot', async () => {
    const agent = await signedIn('dc.near');
    const response = await agent.request({ url: OPTIONS });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const row = await memberRow('1000005');
    expect(body.retirementDate).toBe(addYears(isoDate(row.dateOfBirth), 65));
    expect(body.ageAtRetirement).toEqual({ years: 65, months: 0 });
    expect(body.taxFreeCash.maximumPence).toBe(floorPence(body.potPence / 4));
    expect(body.taxFreeCash.limitedBy).toBe('quarter-of-pot');
    expect(body.smallPot).toBe(false);
    expect(body.mpaaPence).toBe(1_000_000);
    expect(body.tax).toMatchObject({ regime: 'rest-of-uk', otherIncomePence: 0 });
    expect(body.options.map((o: { code: string }) => o.code)).toEqual([
      'all-cash',
      'small-pot',
      'cash-and-drawdown',
      'cash-and-annuity',
      'cash-now-rest-invested',
      'leave-invested',
      'annuity-and-drawdown',
    ]);
    const byCode = Object.fromEntries(body.options.map((o: { code: string }) => [o.code, o]));
    expect(byCode['small-pot'].eligible).toBe(false);
    const rates = incomeTaxBasisFor(isoDate(body.retirementDate)).rates;
    const allCash = byCode['all-cash'];
    expect(allCash).toMatchObject({
      taxFreeCashPence: body.taxFreeCash.maximumPence,
      taxableCashPence: body.potPence - body.taxFreeCash.maximumPence,
      cashTaxPence: incomeTaxPence(allCash.taxableCashPence, rates, 'rest-of-uk'),
      mpaaApplies: true,
    });
    expect(byCode['cash-and-annuity'].mpaaApplies).toBe(false);
    expect(byCode['cash-and-drawdown'].drawdown.potByAge[0]).toMatchObject({ age: 65 });
    expect(byCode['leave-invested'].potLeftInvestedPence).toBe(body.potPence);
  });

  it('works the options out at an age or date the member chooses, with their own choices', async () => {
    const agent = await signedIn('dc.near');
    const row = await memberRow('1000005');
    const response = await agent.request({
      url: `${OPTIONS}?age=67&taxFreeCashPence=1000000&drawdownIncomePence=2000000&annuityLives=joint&annuityEscalation=increasing&annuityPercent=30&otherIncomePence=1254760`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.retirementDate).toBe(addYears(isoDate(row.dateOfBirth), 67));
    const drawdown = body.options.find((o: { code: string }) => o.code === 'cash-and-drawdown');
    expect(drawdown.choice).toEqual({
      code: 'cash-and-drawdown',
      taxFreeCashPence: 1_000_000,
      drawdownIncomePence: 2_000_000,
    });
    // £20,000 on top of a £12,547.60 State Pension at 2026/27 rest-of-UK rates.
    const rates = incomeTaxBasisFor(isoDate(body.retirementDate)).rates;
    expect(drawdown.yearlyIncomeTaxPence).toBe(
      incomeTaxPence(3_254_760, rates, 'rest-of-uk') - incomeTaxPence(1_254_760, rates, 'rest-of-uk'),
    );
    const mix = body.options.find((o: { code: string }) => o.code === 'annuity-and-drawdown');
    expect(mix.annuity).toMatchObject({ lives: 'joint', escalation: 'increasing' });
    expect(mix.annuity.potPence).toBe(Math.round(((body.potPence - 1_000_000) * 30) / 100));

    const dated = await agent.request({ url: `${OPTIONS}?retirementDate=${body.retirementDate}` });
    expect(dated.json().potPence).toBe(body.potPence);
  });

  it('caps tax-free cash by the Lump Sum Allowance the member says is left', async () => {
    const agent = await signedIn('dc.near');
    const body = (await agent.request({ url: `${OPTIONS}?lumpSumAllowanceUsedPence=25827500` })).json();
    expect(body.taxFreeCash).toEqual({
      maximumPence: 1_000_000,
      lumpSumAllowanceRemainingPence: 1_000_000,
      limitedBy: 'lump-sum-allowance',
    });
    const allCash = body.options.find((o: { code: string }) => o.code === 'all-cash');
    expect(allCash.taxFreeCashPence).toBe(1_000_000);
    expect(
      codeOf(
        await agent.request({
          url: `${OPTIONS}?lumpSumAllowanceUsedPence=25827500&taxFreeCashPence=1000001`,
        }),
      ),
    ).toBe('lump_sum_out_of_range');
    expect(codeOf(await agent.request({ url: `${OPTIONS}?lumpSumAllowanceUsedPence=26827501` }))).toBe(
      'field_invalid',
    );
  });

  it('projects dc.far’s pot to their target date thirty years away', async () => {
    const body = (await (await signedIn('dc.far')).request({ url: OPTIONS })).json();
    expect(body.ageAtRetirement).toEqual({ years: 65, months: 0 });
    expect(body.potPence).toBeGreaterThan(body.currentPotPence);
    expect(body.tax.frozenRatesAssumed).toBe(true);
  });

  it('estimates Scottish tax for an address in Scotland', async () => {
    const agent = await signedIn('dc.near');
    const row = await memberRow('1000005');
    const where = and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, '1000005'));
    await ctx.database.db
      .update(members)
      .set({ address: { ...row.address!, town: 'Edinburgh', postcode: 'EH1 1YZ' } })
      .where(where);
    try {
      const body = (await agent.request({ url: `${OPTIONS}?drawdownIncomePence=2000000` })).json();
      expect(body.tax.regime).toBe('scotland');
      const drawdown = body.options.find((o: { code: string }) => o.code === 'cash-and-drawdown');
      expect(drawdown.yearlyIncomeTaxPence).toBe(144_633);
    } finally {
      await ctx.database.db.update(members).set({ address: row.address }).where(where);
    }
  });

  it('refuses a date or age outside the range with its code', async () => {
    const agent = await signedIn('dc.near');
    expect(codeOf(await agent.request({ url: `${OPTIONS}?age=80` }))).toBe('retirement_date_after_latest');
    expect(codeOf(await agent.request({ url: `${OPTIONS}?retirementDate=2000-01-01` }))).toBe(
      'retirement_date_in_past',
    );
    const far = await signedIn('dc.far');
    expect(codeOf(await far.request({ url: `${OPTIONS}?age=50` }))).toMatch(
      /^(retirement_date_before_earliest|below_minimum_pension_age)$/,
    );
  });

  it('refuses bad numbers and amounts out of range', async () => {
    const agent = await signedIn('dc.near');
    for (const query of [
      'taxFreeCashPence=abc',
      'taxFreeCashPence=-1',
      'taxFreeCashPence=1.5',
      'annuityPercent=100',
      'annuityLives=triple',
      'retirementDate=2030-02-30',
    ]) {
      const response = await agent.request({ url: `${OPTIONS}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].code, query).toBeTruthy();
    }
    expect(codeOf(await agent.request({ url: `${OPTIONS}?age=66&retirementDate=2030-01-01` }))).toBe(
      'date_and_age',
    );
    expect(codeOf(await agent.request({ url: `${OPTIONS}?taxFreeCashPence=99999999` }))).toBe(
      'lump_sum_out_of_range',
    );
    expect(codeOf(await agent.request({ url: `${OPTIONS}?cashNowPence=9999999999` }))).toBe(
      'cash_now_out_of_range',
    );
  });

  it('is for the signed-in member’s own DC record: a DB record or someone else’s is refused', async () => {
    expect(codeOf(await (await signedIn('db.deferred')).request({ url: OPTIONS }))).toBe('not_a_dc_record');
    const near = await signedIn('dc.near');
    const theirs = await near.request({
      url: OPTIONS,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000006' },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().errors[0].code).toBe('record_not_entitled');
    const linked = await signedIn('linked');
    const ownDc = await linked.request({
      url: OPTIONS,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000008' },
    });
    expect(ownDc.statusCode).toBe(200);
    const ownDb = await linked.request({
      url: OPTIONS,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000007' },
    });
    expect(codeOf(ownDb)).toBe('not_a_dc_record');
    const anonymous = await ctx.app.inject({ url: OPTIONS });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DC options: compare', () => {
  it('sets two options side by side against the PLSA standards from content', async () => {
    const agent = await signedIn('dc.near');
    const response = await agent.request({
      method: 'POST',
      url: COMPARE,
      payload: {
        household: 'couple',
        options: [
          { code: 'cash-and-drawdown', drawdownIncomePence: 2_500_000 },
          { code: 'cash-and-annuity', annuityLives: 'joint' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.household).toBe('couple');
    expect(body.standards.year).toBe('2024/25');
    expect(body.options).toHaveLength(2);
    const [drawdown, annuity] = body.options;
    expect(drawdown.againstStandards[0]).toEqual({
      level: 'minimum',
      standardPence: 2_160_000,
      differencePence: drawdown.yearlyIncomeAfterTaxPence - 2_160_000,
    });
    expect(drawdown.reaches).toBe('minimum');
    expect(annuity.annuity.lives).toBe('joint');
  });

  it('refuses an option the member cannot take, too many or too few, and unknown ones', async () => {
    const agent = await signedIn('dc.near');
    const compare = (payload: unknown) =>
      agent.request({ method: 'POST', url: COMPARE, payload: payload as object });
    expect(codeOf(await compare({ options: [{ code: 'small-pot' }, { code: 'all-cash' }] }))).toBe(
      'option_not_eligible',
    );
    for (const payload of [
      { options: [{ code: 'all-cash' }] },
      {
        options: [
          { code: 'all-cash' },
          { code: 'leave-invested' },
          { code: 'all-cash' },
          { code: 'all-cash' },
        ],
      },
      { options: [{ code: 'all-cash' }, { code: 'pay-off-mortgage' }] },
      { options: [{ code: 'all-cash' }, { code: 'cash-and-drawdown', drawdownIncomePence: -5 }] },
      { options: [{ code: 'all-cash' }, { code: 'leave-invested', extra: 1 }] },
      { household: 'three', options: [{ code: 'all-cash' }, { code: 'leave-invested' }] },
    ]) {
      const response = await compare(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      codeOf(
        await compare({
          age: 80,
          options: [{ code: 'all-cash' }, { code: 'leave-invested' }],
        }),
      ),
    ).toBe('retirement_date_after_latest');
  });

  it('is in the OpenAPI document', async () => {
    const paths = Object.keys(openApiDocument(ctx.app).paths);
    expect(paths).toEqual(expect.arrayContaining([OPTIONS, COMPARE]));
  });
});
