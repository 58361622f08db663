import { addYears, isoDate } from '@meridian/pensions';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/** dc.far (35, MDC: latest retirement age 75) changes their target retirement age. */
const ctx = useTestApp();
const URL = '/mdp-api/api/members/current/target-retirement-age';
const OPTIONS = '/mdp-api/api/retirement/dc/options';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const benefitsOf = async (referenceNumber: string) =>
  (
    await ctx.database.db
      .select({ benefits: members.benefits })
      .from(members)
      .where(and(eq(members.businessGroup, 'MER'), eq(members.referenceNumber, referenceNumber)))
  )[0]!.benefits;

describe('the DC target retirement age', () => {
  it('changes within the ages allowed, and the projection counts to the new date at once', async () => {
    const agent = await signedIn('dc.far');
    const now = (await agent.request({ url: URL })).json();
    // Born after 5 April 1973: 57 is the earliest; the scheme's latest is 75.
    expect(now).toMatchObject({ targetRetirementAge: 65, range: { min: 57, max: 75 } });
    const dateOfBirth = isoDate(addYears(isoDate(now.targetRetirementDate), -65));
    const reference = (await agent.request({ url: '/mdp-api/api/members/current/membership-summary' })).json()
      .referenceNumber as string;
    const before = JSON.stringify(await benefitsOf(reference));
    for (const [age, code] of [
      [56, 'target_age_out_of_range'],
      [76, 'target_age_out_of_range'],
      ['sixty', 'field_invalid'],
      [60.5, 'field_invalid'],
    ] as const) {
      const refused = await agent.request({ method: 'PUT', url: URL, payload: { targetRetirementAge: age } });
      expect(refused.statusCode, String(age)).toBe(400);
      expect(refused.json().errors[0].code, String(age)).toBe(code);
    }
    expect(JSON.stringify(await benefitsOf(reference))).toBe(before);
    // dc.far follows MDC's drawdown strategy, which starts moving the pot 15 years before the target date,
    // into 75% diversified growth and 25% cash by it; My pension's pot reads the same.
    const glidePath = (startAge: number, targetAge: number) => ({
      strategyCode: 'LIFESTYLE_DRAWDOWN',
      strategyName: 'Lifestyle: targeting drawdown',
      startsOn: addYears(dateOfBirth, startAge),
      targetDate: addYears(dateOfBirth, targetAge),
      endsIn: [
        { code: 'DIVERSIFIED_GROWTH', name: 'Diversified Growth Fund', percent: 75 },
        { code: 'CASH', name: 'Cash Fund', percent: 25 },
      ],
    });
    expect(now.glidePath).toEqual(glidePath(50, 65));
    const pot = () => agent.request({ url: '/mdp-api/api/members/current/dc-pot' });
    expect((await pot()).json().glidePath).toEqual(glidePath(50, 65));

    // The pot projected to a fixed date (ages 60 and 65): the same contributions and the same months,
    // so only the lifestyle glide path, which is anchored at the target date, can move it.
    const potAt = async (age: number) => {
      const answered = await agent.request({ url: `${OPTIONS}?age=${age}` });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().retirementDate).toBe(addYears(dateOfBirth, age));
      return answered.json().potPence as number;
    };
    const [at60Before, at65Before] = [await potAt(60), await potAt(65)];

    const changed = await agent.request({ method: 'PUT', url: URL, payload: { targetRetirementAge: 60 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      targetRetirementAge: 60,
      targetRetirementDate: addYears(dateOfBirth, 60),
    });
    expect(changed.json().glidePath).toEqual(glidePath(45, 60));
    expect((await pot()).json().glidePath).toEqual(glidePath(45, 60));
    expect((await benefitsOf(reference)).targetRetirementAge).toBe(60);
    const timeTo = (await agent.request({ url: '/mdp-api/api/members/current/time-to-retirement' })).json();
    expect(timeTo.targetRetirementDate).toBe(addYears(dateOfBirth, 60));
    // The glide path moves with the target (MDC's LIFESTYLE_DRAWDOWN: all equities until 15 years to
    // target, half in diversified growth at 5, three quarters diversified growth and a quarter cash at 0):
    // with the target at 60 the pot leaves equities 5 years sooner, so both fixed dates project less.
    // At 60: 0 years to target (the steadiest mix) rather than 5; at 65: 5 years past target.
    const [at60After, at65After] = [await potAt(60), await potAt(65)];
    expect(at60After).toBeLessThan(at60Before);
    expect(at65After).toBeLessThan(at65Before);
    // The explorer's default date is the new target date.
    const byDefault = (await agent.request({ url: OPTIONS })).json();
    expect(byDefault.retirementDate).toBe(addYears(dateOfBirth, 60));
    expect(byDefault.potPence).toBe(at60After);
  });

  it('is refused for a DB record and a pension in payment', async () => {
    for (const username of ['db.deferred', 'db.pensioner']) {
      const agent = await signedIn(username);
      const answer = await agent.request({ method: 'PUT', url: URL, payload: { targetRetirementAge: 60 } });
      expect(answer.statusCode, username).toBe(400);
      expect(answer.json().errors[0].code).toBe('target_age_not_for_this_record');
    }
  });
});
