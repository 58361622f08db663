import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { bereavementCaptchaUses } from '../../db/schema';
import type { Database, Transaction } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { loadSigningKey } from '../../lib/server-keys';

/**
 * The proof-of-work captcha a report of a death starts with (ALTCHA, self-hosted): the server signs a
 * challenge, the visitor's browser finds the number that solves it, and the start checks the
 * signature, the solution and the expiry, and spends the challenge (`bereavement.captcha_uses`), so a
 * solution opens one journey once. Nothing is sent to a third party.
 */
export interface Captcha {
  challenge(): Promise<{ parameters: Record<string, unknown>; signature: string }>;
  /** Refuses a missing, forged, wrong, expired or spent solution with 400 and a code. */
  spend(tx: Transaction, payload: string): Promise<void>;
}

const CHALLENGE_MINUTES = 10;
const refused = (code: string) =>
  badRequest(code, 'We could not check you are a person. Tick the box again, then start.');

function payloadOf(text: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    return payload?.challenge?.parameters && payload.solution ? payload : null;
  } catch {
    return null;
  }
}

/** `work`: the most numbers the browser may try (it tries about three quarters of it on average). */
export async function altchaCaptcha(db: Database, secretsKey: string | undefined, work: number): Promise<Captcha> {
  const secret = Buffer.from(await loadSigningKey(db, 'bereavement-captcha', secretsKey)).toString('hex');
  return {
    async challenge() {
      const { parameters, signature } = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(Math.floor(work / 2), work),
        deriveKey,
        hmacSignatureSecret: secret,
        expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      });
      return { parameters: { ...parameters }, signature: signature ?? '' };
    },
    async spend(tx, text) {
      const payload = payloadOf(text);
      if (!payload) throw refused('captcha_invalid');
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      }).catch(() => null);
      if (result?.expired) throw refused('captcha_expired');
      if (!result?.verified) throw refused('captcha_invalid');
      const spent = await tx
        .insert(bereavementCaptchaUses)
        .values({ challengeId: payload.challenge.parameters.nonce })
        .onConflictDoNothing()
        .returning();
      if (spent.length === 0) throw refused('captcha_used');
    },
  };
}
