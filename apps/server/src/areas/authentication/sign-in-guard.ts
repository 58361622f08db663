import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { loadSigningKey } from '../../lib/server-keys';
import { setRuledCookie, type CookieRule } from '../../lib/secure-cookies';
import { ACCOUNT_FAILURES_PER_HOUR } from '../../plugins/rate-limits';

export const DEVICE_COOKIE = 'meridianDevice';
/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;
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
}

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
    if (Number(issuedAt) * 1000 + DEVICE_COOKIE_DAYS * 86_400_000 < Date.now()) return null;
    return { userId, deviceId };
  };

  const userIdOf = async (account: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, account));
    return user?.id;
  };

  const trusted = async (device: Device | null) =>
    device !== null && (await counters.count('device', device.deviceId)) < DEVICE_FAILURES_PER_HOUR;

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
    /** Whether this browser holds a valid device cookie bound to the user: it has signed in to the account. */
    knows: (request: FastifyRequest, userId: string) =>
      read(request.cookies[DEVICE_COOKIE])?.userId === userId,
    /** Makes (or keeps) this browser known for the user after a complete sign-in, for DEVICE_COOKIE_DAYS. */
    async remember(request: FastifyRequest, reply: FastifyReply, userId: string) {
      const device = read(request.cookies[DEVICE_COOKIE]);
      const deviceId =
        device?.userId === userId && (await trusted(device))
          ? device.deviceId
          : randomBytes(16).toString('base64url');
      setRuledCookie(reply, cookie, issue({ userId, deviceId }));
    },
  });
}

export type SignInGuard = Awaited<ReturnType<typeof createSignInGuard>>;
