import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { accountDevices, users } from '../../db/schema';
import { loadSigningKey } from '../../lib/server-keys';
import { setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { ACCOUNT_FAILURES_PER_HOUR } from '../../plugins/rate-limits';

export const DEVICE_COOKIE = 'meridianDevice';
/** How long a browser keeps its device cookie after its last successful sign-in: 400 days, browsers' most. */
export const DEVICE_COOKIE_DAYS = 400;
/** How long after its last successful sign-in a browser may still sign in past the account's failure limit. */
export const DEVICE_TRUSTED_DAYS = 180;
/** Failed sign-ins a known browser may make in an hour before it stops counting as known. */
export const DEVICE_FAILURES_PER_HOUR = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One sign-in attempt as the guard sees it, before and after the password is checked. */
export interface GuardedAttempt {
  /** The account is over its failure limit and this browser is not known for it: refuse unchecked. */
  refused: boolean;
  /** The user this browser's device cookie is bound to while the device is trusted, else null. */
  trustedUserId: string | null;
  /** The password was right: it is not counted (the browser is made known by `remember` once signed in). */
  succeeded(): Promise<void>;
  /** The sign-in failed: it stays counted against the account, and against this browser if known. */
  failed(): Promise<void>;
}

interface Device {
  userId: string;
  deviceId: string;
  /** Seconds since the epoch. */
  issuedAt?: number;
}

/**
 * How a browser stands with an account as a sign-in completes: `known` (its device cookie names a browser
 * the account has signed in from), `new` (the account has signed in before, from other browsers: the
 * member is told), or `first` (the account's first sign-in ever).
 */
export type BrowserStanding = 'known' | 'new' | 'first';

/**
 * Sign-in attempts limited so that a stranger cannot lock a member out: only failures count against
 * an account (ACCOUNT_FAILURES_PER_HOUR, every address together; a right password gives its attempt
 * back), and once an account is over the limit only a browser holding a device cookie for that account
 * may still sign in with the right password. The cookie (HttpOnly, signed, bound to the user) is set by
 * `remember` when a sign-in is complete (after the second factor, when one is asked), and `knows` says
 * whether a browser holds one for a user: the browser's identity for the new-device notice. A browser
 * stops being trusted after DEVICE_FAILURES_PER_HOUR failures of its own, which count against the
 * account as well. The password sign-in and the embedded OpenID provider's sign-in page each set the
 * cookie on their own path.
 */
export async function createSignInGuard(
  app: FastifyInstance,
  db: Database,
  { secretsKey, cookiePath }: { secretsKey?: string; cookiePath: string },
) {
  const key = await loadSigningKey(db, 'device-cookie', secretsKey);
  const cookie: CookieRule = {
    name: DEVICE_COOKIE,
    path: cookiePath,
    httpOnly: true,
    maxAgeSeconds: DEVICE_COOKIE_DAYS * 86_400,
  };
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const counters = app.attemptCounters;

  const issue = (device: Device) => {
    const payload = `${device.userId}.${device.deviceId}.${Math.floor(Date.now() / 1000)}`;
    return `${payload}.${mac(payload).toString('base64url')}`;
  };

  const read = (value: string | undefined): Device | null => {
    const [userId, deviceId, issuedAt, signature, ...rest] = (value ?? '').split('.');
    if (rest.length || !userId || !deviceId || !issuedAt || !signature) return null;
    if (!UUID.test(userId) || !/^[\w-]{22}$/.test(deviceId) || !/^\d{1,12}$/.test(issuedAt)) return null;
    const expected = mac(`${userId}.${deviceId}.${issuedAt}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, deviceId, issuedAt: Number(issuedAt) };
  };
  const recent = (device: Device, days: number) =>
    (device.issuedAt ?? 0) * 1000 + days * 86_400_000 >= Date.now();

  const recorded = async (userId: string, deviceId?: string) => {
    const [seen] = await db
      .select({ deviceId: accountDevices.deviceId })
      .from(accountDevices)
      .where(
        and(
          eq(accountDevices.userId, userId),
          deviceId === undefined ? undefined : eq(accountDevices.deviceId, deviceId),
        ),
      )
      .limit(1);
    return Boolean(seen);
  };

  const userIdOf = async (account: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, account));
    return user?.id;
  };

  const trusted = async (device: Device | null) =>
    device !== null &&
    recent(device, DEVICE_TRUSTED_DAYS) &&
    (await counters.count('device', device.deviceId)) < DEVICE_FAILURES_PER_HOUR;

  async function guard(request: FastifyRequest, username: string): Promise<GuardedAttempt> {
    const device = read(request.cookies[DEVICE_COOKIE]);
    const deviceTrusted = await trusted(device);
    const account = username.trim().toLowerCase();
    const attempt = await counters.take('account', account, ACCOUNT_FAILURES_PER_HOUR);
    const refused = !attempt.allowed && !(deviceTrusted && (await userIdOf(account)) === device?.userId);
    if (refused) await attempt.giveBack();
    return {
      refused,
      trustedUserId: deviceTrusted ? device!.userId : null,
      succeeded: () => attempt.giveBack(),
      async failed() {
        if (device) await counters.take('device', device.deviceId, DEVICE_FAILURES_PER_HOUR);
      },
    };
  }

  return Object.assign(guard, {
    /**
     * How this browser stands with the user, asked before `remember`: known when its device cookie is
     * bound to the user and names a browser recorded for the account, however long ago (or, for a cookie
     * from before browsers were recorded, one issued within DEVICE_TRUSTED_DAYS); else new, unless the
     * account has no browser recorded at all.
     */
    async standing(request: FastifyRequest, userId: string): Promise<BrowserStanding> {
      const device = read(request.cookies[DEVICE_COOKIE]);
      if (
        device?.userId === userId &&
        (recent(device, DEVICE_TRUSTED_DAYS) || (await recorded(userId, device.deviceId)))
      )
        return 'known';
      return (await recorded(userId)) ? 'new' : 'first';
    },
    /**
     * Makes (or keeps) this browser known for the user after a complete sign-in: its cookie for
     * DEVICE_COOKIE_DAYS, and the account's record of the browsers it has signed in from.
     */
    async remember(request: FastifyRequest, reply: FastifyReply, userId: string) {
      const device = read(request.cookies[DEVICE_COOKIE]);
      // The browser has just signed in in full, so its cookie is renewed, unless it failed too often.
      const deviceId =
        device?.userId === userId &&
        (await counters.count('device', device.deviceId)) < DEVICE_FAILURES_PER_HOUR
          ? device.deviceId
          : randomBytes(16).toString('base64url');
      await db
        .insert(accountDevices)
        .values({ userId, deviceId })
        .onConflictDoUpdate({
          target: [accountDevices.userId, accountDevices.deviceId],
          set: { lastSeenAt: new Date() },
        });
      setRuledCookie(reply, cookie, issue({ userId, deviceId }));
    },
  });
}

export type SignInGuard = Awaited<ReturnType<typeof createSignInGuard>>;
