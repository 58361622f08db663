import { createHmac, randomBytes } from 'node:crypto';
import type { BereavementCaptchaPass } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { bereavementCaptchaUses } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { sameText } from '../../lib/same-text';
import { loadSigningKey } from '../../lib/server-keys';
import type { Captcha } from './captcha';

/** How long a pass from captcha-verify stands in for the solved captcha. */
export const CAPTCHA_PASS_MINUTES = 5;
const PASS_FORMAT = /^pass\.([A-Za-z0-9_-]{22})\.(\d{10,13})\.([A-Za-z0-9_-]{43})$/;

const refused = (code: string) =>
  badRequest(code, 'We could not check you are a person. Tick the box again, then start.');

/**
 * The spec's `captcha-verify`: a client may check the captcha first and start later. Verifying spends
 * the widget's solution (or provider token, which the provider answers for once anyway) and answers a
 * pass, `pass.<nonce>.<expiry ms>.<HMAC>`, that the start then takes in the captcha's place, once,
 * within CAPTCHA_PASS_MINUTES. The browser's own start sends the solution straight to the start.
 */
export async function withCaptchaPasses(
  db: Database,
  secretsKey: string | undefined,
  captcha: Captcha,
): Promise<
  Captcha & { verify(tx: Transaction, payload: string, remoteIp?: string): Promise<BereavementCaptchaPass> }
> {
  const key = await loadSigningKey(db, 'bereavement-captcha-pass', secretsKey);
  const macOf = (nonce: string, expires: string) =>
    createHmac('sha256', key).update(`${nonce}.${expires}`).digest('base64url');

  return {
    challenge: () => captcha.challenge(),
    async verify(tx, payload, remoteIp) {
      await captcha.spend(tx, payload, remoteIp);
      const nonce = randomBytes(16).toString('base64url');
      const expiresAt = new Date(Date.now() + CAPTCHA_PASS_MINUTES * 60_000);
      const expires = String(expiresAt.getTime());
      return {
        captcha: `pass.${nonce}.${expires}.${macOf(nonce, expires)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
    async spend(tx, payload, remoteIp) {
      if (!payload.startsWith('pass.')) return captcha.spend(tx, payload, remoteIp);
      const [, nonce, expires, mac] = PASS_FORMAT.exec(payload) ?? [];
      if (!nonce || !expires || !mac || !sameText(mac, macOf(nonce, expires)))
        throw refused('captcha_invalid');
      if (Number(expires) <= Date.now()) throw refused('captcha_expired');
      const spent = await tx
        .insert(bereavementCaptchaUses)
        .values({ challengeId: `pass:${nonce}` })
        .onConflictDoNothing()
        .returning();
      if (spent.length === 0) throw refused('captcha_used');
    },
  };
}
