import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, members, oneTimeCodes, outboxMessages, pages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { latestCodeTo as sharedLatestCodeTo } from './outbox-codes';

const ctx = useTestApp();
const api = '/mdp-api/api/members/current';
const NONCE = 'x-confirmation-nonce';
const PASSWORD = 'MeridianDemo!2026';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

const latestCodeTo = (recipient: string) => sharedLatestCodeTo(ctx.database.db, recipient);

/** Lets the next code be sent at once, as if the cool-down had passed. */
const endCooldown = () => ctx.database.db.update(oneTimeCodes).set({ sentAt: new Date(Date.now() - 60_000) });

const memberRow = async (referenceNumber: string) =>
  (await ctx.database.db.select().from(members).where(eq(members.referenceNumber, referenceNumber)))[0]!;

describe('member data of the chosen record', () => {
  it('summarises the membership with retirement ages from the engine', async () => {
    const agent = await signedIn('db.deferred');
    const summary = (await agent.request({ url: `${api}/membership-summary` })).json();
    expect(summary).toMatchObject({
      referenceNumber: '1000001',
      schemeName: 'Meridian Final Salary Section',
      schemeType: 'DB',
      status: 'Deferred',
      normalRetirementAge: 65,
      earliestRetirementAge: 55,
      age: 60,
    });
    expect(summary.pensionableService.years).toBeGreaterThan(20);
    // Service counts towards a defined benefit pension only; a savings pot has none.
    const savings = await signedIn('dc.far');
    const dcSummary = (await savings.request({ url: `${api}/membership-summary` })).json();
    expect(dcSummary).toMatchObject({ schemeType: 'DC', pensionableService: null });
    // A savings pot has a target retirement date and age; a defined benefit record has none.
    expect(dcSummary.targetRetirementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dcSummary.targetRetirementAge).toBeGreaterThan(50);
    expect(summary).toMatchObject({ targetRetirementAge: null, targetRetirementDate: null });
  });

  it('lists dependants, referrals and other linked records', async () => {
    const deferred = await signedIn('db.deferred');
    expect((await deferred.request({ url: `${api}/dependants` })).json().dependants).toEqual([
      expect.objectContaining({ relationship: 'Spouse', forenames: 'Robert', surname: 'Hughes' }),
    ]);
    expect((await deferred.request({ url: `${api}/referral-history` })).json().referralHistories).toEqual([
      expect.objectContaining({ referralStatus: 'Completed', referralBadgeStatus: 1 }),
    ]);
    expect((await deferred.request({ url: `${api}/linked-members` })).json().linkedMembers).toEqual([]);
    const linked = await signedIn('linked');
    expect((await linked.request({ url: `${api}/linked-members` })).json().linkedMembers).toEqual([
      expect.objectContaining({ referenceNumber: '1000008', schemeType: 'DC', recordNumber: 2 }),
    ]);
  });

  it('alerts each persona with what is true for them, priority first', async () => {
    const idsFor = async (username: string) =>
      (
        (await (await signedIn(username)).request({ url: `${api}/alerts` })).json().alerts as Array<{
          alertId: string;
          priority: boolean;
        }>
      ).map((alert) => alert.alertId);
    // Able to take the pension, but nearly 5 years from the normal retirement date: no bank details yet.
    expect(await idsFor('db.deferred')).toEqual(['retirement-window-open']);
    expect(await idsFor('db.pensioner')).toEqual([]);
    expect(await idsFor('db.active')).toEqual(['mobile-missing']);
    expect(await idsFor('dc.near')).toContain('target-retirement-near');
  });

  it('points retirement alerts at a page the tenant has, with dates as members read them', async () => {
    type Alert = { alertId: string; messageText: string; link: string | null };
    const alertsOf = async (agent: BrowserAgent) =>
      (await agent.request({ url: `${api}/alerts` })).json().alerts as Alert[];
    const byId = (alerts: Alert[], alertId: string) => alerts.find((alert) => alert.alertId === alertId);

    expect(byId(await alertsOf(await signedIn('db.deferred')), 'retirement-window-open')?.link).toBe(
      '/retirement/options',
    );
    const dcNear = byId(await alertsOf(await signedIn('dc.near')), 'target-retirement-near')!;
    expect(dcNear.link).toBe('/my-pension');
    expect(dcNear.messageText).toMatch(
      /^Your target retirement date is \d{2} [A-Z][a-z]{2} \d{4}, in \d+ months?\.$/,
    );
    // The second tenant's options page, at its own address.
    const bluewater = new BrowserAgent(ctx.app, 'bluewater.localhost');
    expect((await bluewater.signIn('second.member')).statusCode).toBe(200);
    const retirementLinks = async () =>
      (await alertsOf(bluewater))
        .filter((alert) => alert.alertId.startsWith('retirement-'))
        .map((alert) => alert.link);
    expect(await retirementLinks()).toEqual(['/take-your-pension']);
    const bluewaterPage = (key: string) =>
      and(eq(pages.tenantUrl, 'bluewater.localhost'), eq(pages.key, key));
    const setAside = (key: string, asKey: string) =>
      ctx.database.db.update(pages).set({ key: asKey }).where(bluewaterPage(key));
    await setAside('retirement_options', 'options_set_aside');
    try {
      // Then the member's pension page; without that too, how to contact the scheme.
      expect(await retirementLinks()).toEqual(['/my-pension']);
      await setAside('my_pension', 'pension_set_aside');
      expect(await retirementLinks()).toEqual(['/contact-us']);
    } finally {
      await setAside('options_set_aside', 'retirement_options');
      await setAside('pension_set_aside', 'my_pension');
    }
  });

  it('follows the options page to wherever the tenant puts it, found by its content key', async () => {
    const optionsPage = and(eq(pages.tenantUrl, 'localhost'), eq(pages.key, 'retirement_options'));
    await ctx.database.db.update(pages).set({ slug: '/taking-your-pension' }).where(optionsPage);
    try {
      const { alerts } = (await (await signedIn('db.deferred')).request({ url: `${api}/alerts` })).json() as {
        alerts: Array<{ alertId: string; link: string | null }>;
      };
      expect(alerts.find((alert) => alert.alertId === 'retirement-window-open')?.link).toBe(
        '/taking-your-pension',
      );
    } finally {
      await ctx.database.db.update(pages).set({ slug: '/retirement/options' }).where(optionsPage);
    }
  });

  it('refuses a record the sign-in is not entitled to', async () => {
    const agent = await signedIn('db.deferred');
    const response = await agent.request({
      url: `${api}/membership-summary`,
      headers: { 'auth-business-group': 'MER', 'auth-reference-number': '1000002' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('email change proven by a one-time code', () => {
  it('sends no code for the address or number the member already has', async () => {
    const agent = await signedIn('db.deferred');
    const before = await ctx.database.db.select().from(outboxMessages);
    const sameEmail = await agent.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/send`,
      payload: { email: 'DB.Deferred@example.org', password: PASSWORD },
    });
    expect(sameEmail.statusCode).toBe(400);
    expect(codeOf(sameEmail)).toBe('email_unchanged');
    const sameMobile = await agent.request({
      method: 'POST',
      url: `${api}/contacts/mobile-phone/confirmation/send`,
      payload: { countryCode: 'GB', number: '07911 123456', password: PASSWORD },
    });
    expect(sameMobile.statusCode).toBe(400);
    expect(codeOf(sameMobile)).toBe('mobile_unchanged');
    expect(await ctx.database.db.select().from(outboxMessages)).toHaveLength(before.length);
  });

  it('sends a code to the new address, saves on confirm and tells the old address', async () => {
    const agent = await signedIn('db.avc');
    const sent = await agent.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/send`,
      payload: { email: ' Priya.New@Example.org ', password: PASSWORD },
    });
    expect(sent.statusCode).toBe(200);
    const pending = sent.json();
    expect(pending).toMatchObject({ attemptsLeft: 5, sentTo: 'p•••@example.org' });
    expect(new Date(pending.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const code = await latestCodeTo('priya.new@example.org');
    const currentRouteCode = await latestCodeTo('db.avc@example.org');

    const confirmed = await agent.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/confirm`,
      headers: { [NONCE]: pending.nonce },
      payload: { code, currentRouteCode },
    });
    expect(confirmed.statusCode).toBe(204);
    expect((await agent.request({ url: `${api}/contacts/email` })).json()).toEqual({
      email: 'priya.new@example.org',
    });
    const toOldAddress = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'db.avc@example.org'))
      .orderBy(outboxMessages.createdAt);
    expect(toOldAddress.map((message) => message.subject)).toEqual([
      expect.stringMatching(/Someone asked to change the email address/),
      'Your email address is being changed',
    ]);

    const reused = await agent.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/confirm`,
      headers: { [NONCE]: pending.nonce },
      payload: { code, currentRouteCode },
    });
    expect(codeOf(reused)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    const [entry] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'email_change'), eq(auditEvents.outcome, 'success')));
    expect(entry!.details).toEqual({ from: 'd•••@example.org', to: 'p•••@example.org' });
  });

  it('counts wrong codes, refuses the sixth attempt, an expired code and a missing or foreign nonce', async () => {
    const agent = await signedIn('dc.far');
    await endCooldown();
    const pending = (
      await agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/send`,
        payload: { email: 'tomasz@example.org', password: PASSWORD },
      })
    ).json();
    const code = await latestCodeTo('tomasz@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = async (nonce: string | undefined, value: string) =>
      agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/confirm`,
        headers: nonce ? { [NONCE]: nonce } : {},
        payload: { code: value, currentRouteCode: await latestCodeTo('dc.far@example.org') },
      });

    expect(codeOf(await confirm(undefined, code))).toBe('CONFIRMATION_NONCE_REQUIRED_ERROR');
    const other = await signedIn('db.active');
    const foreign = await other.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/confirm`,
      headers: { [NONCE]: pending.nonce },
      payload: { code },
    });
    expect(codeOf(foreign)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await confirm(pending.nonce, wrong);
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
    }
    expect(codeOf(await confirm(pending.nonce, code))).toBe('CONFIRMATION_ATTEMPTS_EXCEEDED_ERROR');
    expect((await memberRow('1000006')).email).toBe('dc.far@example.org');

    await endCooldown();
    const again = (
      await agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/send`,
        payload: { email: 'tomasz@example.org', password: PASSWORD },
      })
    ).json();
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.id, again.nonce));
    expect(codeOf(await confirm(again.nonce, await latestCodeTo('tomasz@example.org')))).toBe(
      'CONFIRMATION_TOKEN_EXPIRED_ERROR',
    );
    expect((await memberRow('1000006')).email).toBe('dc.far@example.org');
  });

  it('resends only after the cool-down, with the same nonce and a new code', async () => {
    const agent = await signedIn('db.active');
    await endCooldown();
    const pending = (
      await agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/send`,
        payload: { email: 'daniel@example.org', password: PASSWORD },
      })
    ).json();
    const resend = () =>
      agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/resend`,
        headers: { [NONCE]: pending.nonce },
      });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(codeOf(tooSoon)).toBe('CONFIRMATION_RESEND_TOO_SOON_ERROR');
    await endCooldown();
    const resent = await resend();
    expect(resent.json().nonce).toBe(pending.nonce);
    const confirmed = await agent.request({
      method: 'POST',
      url: `${api}/contacts/email/confirmation/confirm`,
      headers: { [NONCE]: pending.nonce },
      payload: {
        code: await latestCodeTo('daniel@example.org'),
        currentRouteCode: await latestCodeTo('db.active@example.org'),
      },
    });
    expect(confirmed.statusCode).toBe(204);
  });

  it('refuses an address that is not an email, or holds markup', async () => {
    const agent = await signedIn('db.active');
    for (const email of ['not-an-email', '<b>x</b>@example.org', `${'a'.repeat(95)}@example.org`]) {
      const response = await agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/send`,
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('field_invalid');
    }
  });
});

describe('mobile change', () => {
  it('texts a code to the new number (normalised to E.164) and saves it on confirm', async () => {
    const agent = await signedIn('dc.near');
    const pending = (
      await agent.request({
        method: 'POST',
        url: `${api}/contacts/mobile-phone/confirmation/send`,
        payload: { countryCode: 'GB', number: '07825 123987', password: PASSWORD },
      })
    ).json();
    expect(pending).toMatchObject({ sentTo: '•••• 3987', currentRouteSentTo: 'd•••@example.org' });
    const [sms] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+447825123987'));
    expect(sms!.channel).toBe('sms');
    const confirmed = await agent.request({
      method: 'POST',
      url: `${api}/contacts/mobile-phone/confirmation/confirm`,
      headers: { [NONCE]: pending.nonce },
      payload: {
        code: await latestCodeTo('+447825123987'),
        currentRouteCode: await latestCodeTo('dc.near@example.org'),
      },
    });
    expect(confirmed.statusCode).toBe(204);
    expect((await agent.request({ url: `${api}/contacts/mobile-phone` })).json()).toEqual({
      number: '+447825123987',
    });
  });

  it('refuses a number that does not parse, and an email nonce on the mobile confirm', async () => {
    const agent = await signedIn('db.pensioner');
    const bad = await agent.request({
      method: 'POST',
      url: `${api}/contacts/mobile-phone/confirmation/send`,
      payload: { countryCode: 'GB', number: '0123', password: PASSWORD },
    });
    expect(bad.statusCode).toBe(400);
    const emailPending = (
      await agent.request({
        method: 'POST',
        url: `${api}/contacts/email/confirmation/send`,
        payload: { email: 'graham@example.org', password: PASSWORD },
      })
    ).json();
    const crossed = await agent.request({
      method: 'POST',
      url: `${api}/contacts/mobile-phone/confirmation/confirm`,
      headers: { [NONCE]: emailPending.nonce },
      payload: { code: await latestCodeTo('graham@example.org') },
    });
    expect(codeOf(crossed)).toBe('CONFIRMATION_TOKEN_INVALID_ERROR');
  });
});

describe('notification settings and address', () => {
  it('hears by post until the member chooses otherwise', async () => {
    // sam.patel has not registered, so has never chosen: paper is the safe default.
    expect((await memberRow('1000009')).notificationSettings).toEqual({
      email: false,
      sms: false,
      post: true,
    });
    expect((await memberRow('1000001')).notificationSettings).toEqual({
      email: true,
      sms: false,
      post: false,
    });
  });

  it('keeps at least one channel, and post alone', async () => {
    const agent = await signedIn('linked');
    const put = (settings: object) =>
      agent.request({ method: 'PUT', url: `${api}/contacts/notifications-settings`, payload: settings });
    expect((await put({ email: false, sms: false, post: false })).statusCode).toBe(400);
    expect((await put({ email: true, sms: false, post: true })).statusCode).toBe(400);
    expect((await put({ email: true, sms: true, post: false })).json()).toEqual({
      email: true,
      sms: true,
      post: false,
    });
    expect((await agent.request({ url: `${api}/contacts/notifications-settings` })).json()).toEqual({
      email: true,
      sms: true,
      post: false,
    });
  });

  it('saves a UK address with a normalised postcode; refuses a fake postcode and HTML', async () => {
    const agent = await signedIn('linked');
    const put = (address: object) =>
      agent.request({ method: 'PUT', url: `${api}/contacts/address`, payload: address });
    const saved = await put({
      lines: ['10 Downing Street', ''],
      town: 'London',
      postcode: 'sw1a2aa',
      countryCode: 'GB',
    });
    expect(saved.json()).toEqual({
      lines: ['10 Downing Street'],
      town: 'London',
      county: null,
      postcode: 'SW1A 2AA',
      countryCode: 'GB',
    });
    expect(
      (await put({ lines: ['1 A Road'], town: 'London', postcode: 'NOPE', countryCode: 'GB' })).statusCode,
    ).toBe(400);
    const markup = await put({
      lines: ['<script>x</script>'],
      town: 'London',
      postcode: 'SW1A 2AA',
      countryCode: 'GB',
    });
    expect(markup.statusCode).toBe(400);
    expect((await memberRow('1000007')).address!.lines).toEqual(['10 Downing Street']);
  });
});
