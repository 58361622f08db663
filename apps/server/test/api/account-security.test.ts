import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountDevices, signInEvents, sessions, users } from '../../src/db/schema';
import { sweepEndedSessions } from '../../src/areas/authentication/refresh-token-sweep';
import { describeDevice, describePlace } from '../../src/areas/account/devices';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { messagesTo } from './outbox-codes';

/** Sign-in and security (issue 41): change password, where you are signed in, recent sign-ins. */
const ctx = useTestApp();
const api = '/authentication-api/api';
const PASSWORD = 'MeridianDemo!2026';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(
  userName: string,
  options: { userAgent?: string; address?: string; password?: string; agent?: BrowserAgent } = {},
) {
  const agent = options.agent ?? new BrowserAgent(ctx.app);
  const response = await agent.request({
    method: 'POST',
    url: `${api}/authentication/login`,
    payload: { userName, password: options.password ?? PASSWORD },
    headers: { 'user-agent': options.userAgent ?? CHROME_WINDOWS },
    remoteAddress: options.address ?? '192.168.1.20',
  });
  return { agent, response };
}

const security = (agent: BrowserAgent, address = '192.168.1.20') =>
  agent.request({ method: 'GET', url: `${api}/account/security`, remoteAddress: address });
const userIdOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

describe('where you are signed in', () => {
  it('describes devices and places from the user agent and the address alone', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe(
      'Firefox on Linux',
    );
    expect(describeDevice(null)).toBe('Unknown browser');
    expect(describePlace('203.0.113.9', '203.0.113.9')).toBe('This network');
    expect(describePlace('::ffff:10.0.0.4', '203.0.113.9')).toBe('Local network');
    expect(describePlace('198.51.100.77', '203.0.113.9')).toBe('198.51.100.x');
    expect(describePlace('2001:db8:85a3::8a2e:370:7334', '203.0.113.9')).toBe('2001:db8:85a3::/48');
    expect(describePlace(null, '203.0.113.9')).toBe('Unknown');
  });

  it('lists each live session with device, place, start and last seen, this device marked', async () => {
    const laptop = await signIn('dc.far', { address: '203.0.113.9' });
    const phone = await signIn('dc.far', { userAgent: SAFARI_IPHONE, address: '198.51.100.77' });
    const answer = await security(laptop.agent, '203.0.113.9');
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.username).toBe('dc.far');
    expect(body.passwordInputs).toEqual(expect.arrayContaining(['dc.far', '1000006']));
    expect(body.sessions).toHaveLength(2);
    const [phoneSession, laptopSession] = body.sessions;
    expect(phoneSession).toMatchObject({ device: 'Safari on iPhone', place: '198.51.100.x', current: false });
    expect(laptopSession).toMatchObject({
      device: 'Chrome on Windows',
      place: 'This network',
      current: true,
    });
    for (const time of [laptopSession.startedAt, laptopSession.lastSeenAt])
      expect(Date.now() - Date.parse(time)).toBeLessThan(60_000);
    expect(phone.response.statusCode).toBe(200);
  });

  it('signs out one other session, then all others, and never another member’s', async () => {
    const here = await signIn('db.pensioner');
    const there = await signIn('db.pensioner', { userAgent: SAFARI_IPHONE });
    const elsewhere = await signIn('db.pensioner', { address: '198.51.100.4' });
    const stranger = await signIn('dc.near');
    const listed = (await security(here.agent)).json().sessions as { id: string; current: boolean }[];
    const theirs = (await security(stranger.agent)).json().sessions as { id: string }[];

    const notYours = await here.agent.request({
      method: 'DELETE',
      url: `${api}/account/sessions/${theirs[0]!.id}`,
    });
    expect(notYours.statusCode).toBe(404);
    expect((await security(stranger.agent)).statusCode).toBe(200);

    const other = listed.find((session) => !session.current)!;
    const one = await here.agent.request({ method: 'DELETE', url: `${api}/account/sessions/${other.id}` });
    expect(one.statusCode).toBe(204);
    const again = await here.agent.request({ method: 'DELETE', url: `${api}/account/sessions/${other.id}` });
    expect(again.statusCode).toBe(404);
    expect((await security(here.agent)).json().sessions).toHaveLength(2);

    const others = await here.agent.request({
      method: 'POST',
      url: `${api}/account/sessions/sign-out-others`,
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await security(here.agent)).json().sessions).toHaveLength(1);
    for (const agent of [there.agent, elsewhere.agent]) expect((await security(agent)).statusCode).toBe(401);
    expect((await security(here.agent)).statusCode).toBe(200);
  });

  it('lists recent sign-ins, successful and failed, and emails a browser it has not seen before', async () => {
    const userId = await userIdOf('db.active');
    const first = await signIn('db.active');
    expect(first.response.statusCode).toBe(200);
    const wrong = await signIn('db.active', { password: 'not the password at all' });
    expect(wrong.response.statusCode).toBe(401);
    expect((await messagesTo(ctx.database.db, 'db.active@example.org')).map((m) => m.subject)).toEqual([]);
    await signIn('db.active', { agent: first.agent });
    expect(await messagesTo(ctx.database.db, 'db.active@example.org')).toEqual([]);
    await signIn('db.active', { userAgent: SAFARI_IPHONE });
    const [notice] = await messagesTo(ctx.database.db, 'db.active@example.org');
    expect(notice!.subject).toMatch(/New sign-in/);
    expect(notice!.body).toMatch(/Safari on iPhone/);

    const events = (await security(first.agent)).json().recentSignIns as {
      outcome: string;
      device: string;
    }[];
    expect(events.map((event) => event.outcome)).toEqual(['succeeded', 'succeeded', 'failed', 'succeeded']);
    expect(events[0]!.device).toBe('Safari on iPhone');
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .limit(1);
    expect(session).toMatchObject({ ipAddress: '192.168.1.20' });
    expect(session!.userAgent).toMatch(/Chrome/);
  });

  it('knows a browser by its device cookie, not its user agent', async () => {
    const notices = async () =>
      (await messagesTo(ctx.database.db, 'db.pensioner@example.org')).filter((message) =>
        /New sign-in/.test(message.subject),
      );
    const browser = await signIn('db.pensioner');
    expect(browser.response.statusCode).toBe(200);
    const before = (await notices()).length;
    // The same browser after an update (a new user agent) is the same browser: no notice.
    const updated = CHROME_WINDOWS.replace('Chrome/131.0.0.0', 'Chrome/132.0.0.0');
    expect(
      (await signIn('db.pensioner', { agent: browser.agent, userAgent: updated })).response.statusCode,
    ).toBe(200);
    expect(await notices()).toHaveLength(before);
    // Another browser copying that user agent exactly is still a new browser: one notice.
    expect((await signIn('db.pensioner', { userAgent: updated })).response.statusCode).toBe(200);
    expect(await notices()).toHaveLength(before + 1);
    // A device cookie of another account does not make a browser known to this one.
    const other = await signIn('db.active', { userAgent: updated });
    expect(
      (await signIn('db.pensioner', { agent: other.agent, userAgent: updated })).response.statusCode,
    ).toBe(200);
    expect(await notices()).toHaveLength(before + 2);
  });

  it('tells a dormant account of a new browser, its last sign-in older than the 90 days of events', async () => {
    const { db } = ctx.database;
    const userId = await userIdOf('dc.near');
    const notices = async () =>
      (await messagesTo(db, 'dc.near@example.org')).filter((message) => /New sign-in/.test(message.subject));
    const owner = await signIn('dc.near');
    expect(owner.response.statusCode).toBe(200);
    const before = (await notices()).length;
    // A year passes: the sweep deletes its sign-in events; the browsers it signed in from stay recorded.
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    await db.update(signInEvents).set({ occurredAt: yearAgo }).where(eq(signInEvents.userId, userId));
    await db
      .update(accountDevices)
      .set({ firstSeenAt: yearAgo, lastSeenAt: yearAgo })
      .where(eq(accountDevices.userId, userId));
    await sweepEndedSessions(db, { idleTimeoutMinutes: 15, absoluteHours: 12 });
    expect(await db.select().from(signInEvents).where(eq(signInEvents.userId, userId))).toEqual([]);

    const stranger = await signIn('dc.near', { userAgent: SAFARI_IPHONE, address: '198.51.100.77' });
    expect(stranger.response.statusCode).toBe(200);
    const told = await notices();
    expect(told).toHaveLength(before + 1);
    expect(told[0]!.body).toMatch(/Safari on iPhone/);
    // The member's own browser, still holding its device cookie, is known: no notice.
    expect((await signIn('dc.near', { agent: owner.agent })).response.statusCode).toBe(200);
    expect(await notices()).toHaveLength(before + 1);
  });

  it('pages through every sign-in of the 90 days, 20 at a time, and only the member’s own', async () => {
    const userId = await userIdOf('dc.near');
    const now = Date.now();
    // 45 within the 90 days (three at the very same moment), one older.
    await ctx.database.db.insert(signInEvents).values([
      ...Array.from({ length: 45 }, (_, index) => ({
        userId,
        outcome: 'failed' as const,
        method: 'password',
        ipAddress: '198.51.100.7',
        occurredAt: new Date(now - (index < 3 ? 5 : index) * 86_400_000),
      })),
      { userId, outcome: 'failed' as const, method: 'password', occurredAt: new Date(now - 91 * 86_400_000) },
    ]);
    const { agent } = await signIn('dc.near');
    const first = (await security(agent)).json();
    expect(first.recentSignIns).toHaveLength(20);
    const pages = [first.recentSignIns as { occurredAt: string }[]];
    let older = first.olderSignIns as string | null;
    while (older) {
      const page = await agent.request({
        url: `${api}/account/sign-ins?before=${older}`,
        remoteAddress: '192.168.1.20',
      });
      expect(page.statusCode, page.body).toBe(200);
      pages.push(page.json().signIns);
      older = page.json().olderSignIns;
    }
    // Every one of the 90 days (the 45, and the member's sign-ins), 20 a page, newest first, the
    // 91-day-old one not among them.
    const kept = (
      await ctx.database.db.select().from(signInEvents).where(eq(signInEvents.userId, userId))
    ).filter((event) => event.occurredAt.getTime() > now - 90 * 86_400_000).length;
    expect(kept).toBeGreaterThan(45);
    expect(pages.map((page) => page.length)).toEqual([20, 20, kept - 40]);
    const times = pages.flat().map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.min(...times)).toBeGreaterThan(now - 90 * 86_400_000);

    // Another member's sign-in is no place to start from, and a made-up one is refused.
    const stranger = await signIn('dc.far');
    const notMine = await stranger.agent.request({
      url: `${api}/account/sign-ins?before=${first.olderSignIns}`,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().errors[0].code).toBe('sign_ins_not_found');
    const badlyFormed = await agent.request({ url: `${api}/account/sign-ins?before=20` });
    expect(badlyFormed.statusCode).toBe(400);
    expect(badlyFormed.json().errors[0].code).toBeTruthy();
    expect(
      (
        await new BrowserAgent(ctx.app).request({
          url: `${api}/account/sign-ins?before=${first.olderSignIns}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('deletes sign-in events older than 90 days in the session sweep', async () => {
    const userId = await userIdOf('linked');
    await ctx.database.db.insert(signInEvents).values([
      { userId, outcome: 'failed', method: 'password', occurredAt: new Date(Date.now() - 91 * 86_400_000) },
      {
        userId,
        outcome: 'succeeded',
        method: 'password',
        occurredAt: new Date(Date.now() - 89 * 86_400_000),
      },
    ]);
    const swept = await sweepEndedSessions(ctx.database.db, { idleTimeoutMinutes: 15, absoluteHours: 12 });
    // At least this one (other tests leave theirs too).
    expect(swept.signInEvents).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.select().from(signInEvents).where(eq(signInEvents.userId, userId));
    expect(left.map((event) => event.outcome)).toEqual(['succeeded']);
  });
});

describe('change password', () => {
  const change = (agent: BrowserAgent, currentPassword: string, newPassword: string) =>
    agent.request({
      method: 'POST',
      url: `${api}/account/password`,
      payload: { currentPassword, newPassword },
    });

  it('needs the current password, refuses a weak, breached or personal one, ends the other sessions and tells every route', async () => {
    const here = await signIn('db.avc');
    const there = await signIn('db.avc', { userAgent: SAFARI_IPHONE });
    const wrongCurrent = await change(here.agent, 'not my password', 'tulip engine harbour 19');
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().errors[0].code).toBe('password_incorrect');
    for (const [weak, code] of [
      ['db.avc password!', 'password_personal'],
      ['aaaaaaaaaaaa', 'password_too_weak'],
      // Wholly a password of the breached list, as it is, in capitals, with l33t and with spaces around.
      ['1qaz2wsx3edc', 'password_breached'],
      ['1QAZ2WSX3EDC', 'password_breached'],
      ['1q@z2w$x3edc', 'password_breached'],
      ['  1qaz2wsx3edc ', 'password_breached'],
      [PASSWORD, 'password_reused'],
    ]) {
      const refused = await change(here.agent, PASSWORD, weak!);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json().errors[0].code, weak).toBe(code);
    }
    const changed = await change(here.agent, PASSWORD, 'tulip engine harbour 19');
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await security(here.agent)).statusCode).toBe(200);
    expect((await security(there.agent)).statusCode).toBe(401);
    const told = [
      ...(await messagesTo(ctx.database.db, 'db.avc@example.org')),
      ...(await messagesTo(ctx.database.db, '+447700123456')),
      ...(await messagesTo(ctx.database.db, 'MER/1000003')),
    ].filter((message) => /password has been changed/.test(message.subject + message.body));
    expect(told.map((message) => message.channel).sort()).toEqual(['email', 'post', 'sms']);
    expect((await signIn('db.avc', { password: 'tulip engine harbour 19' })).response.statusCode).toBe(200);
  });

  it('refuses any of the member’s last five passwords, and takes one older than that', async () => {
    const { agent } = await signIn('db.retiring');
    const passwords = [
      'tulip engine harbour 19',
      'copper violin meadow 42',
      'lantern orbit kettle 47',
      'saffron glacier piano 83',
      'marble thistle rocket 26',
    ];
    let current = PASSWORD;
    for (const next of passwords) {
      const changed = await change(agent, current, next);
      expect(changed.statusCode, changed.body).toBe(204);
      current = next;
    }
    // The last five are the four before and the current one; the demo password is the sixth back.
    for (const earlier of passwords.slice(0, 4)) {
      const refused = await change(agent, current, earlier);
      expect(refused.statusCode, earlier).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({
        code: 'password_reused',
        message: 'Your new password must be different from your last 5 passwords',
      });
    }
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'db.retiring'));
    expect(user!.previousPasswordHashes).toHaveLength(4);
    expect(user!.previousPasswordHashes.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
    expect((await change(agent, current, PASSWORD)).statusCode).toBe(204);
  });

  it('is for a signed-in member only', async () => {
    const visitor = new BrowserAgent(ctx.app);
    const refused = await change(visitor, PASSWORD, 'tulip engine harbour 19');
    expect(refused.statusCode).toBe(401);
  });
});
