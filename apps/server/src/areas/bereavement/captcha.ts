import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BereavementCaptchaChallenge, CaptchaProvider, ProviderCaptcha } from '@meridian/contracts';
import type { Config } from '../../config';
import { bereavementCaptchaUses } from '../../db/schema';
import type { Database, Transaction } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { loadSigningKey } from '../../lib/server-keys';

/**
 * The proof-of-work captcha a report of a death starts with (ALTCHA, self-hosted): the server signs a
 * challenge, the visitor's browser finds the number that solves it, and the start checks the
 * signature, the solution and the expiry, and spends the challenge (`bereavement.captcha_uses`), so a
 * solution opens one journey once. Nothing is sent to a third party.
 */
export interface Captcha {
  /** ALTCHA's signed challenge, or the provider's widget the browser draws instead. */
  challenge(): Promise<BereavementCaptchaChallenge>;
  /** Refuses a missing, forged, wrong, expired or spent solution with 400 and a code. */
  spend(tx: Transaction, payload: string, remoteIp?: string): Promise<void>;
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
export async function altchaCaptcha(
  db: Database,
  secretsKey: string | undefined,
  work: number,
): Promise<Captcha> {
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

/** The providers' own siteverify addresses, used unless BEREAVEMENT_CAPTCHA_VERIFY_URL names another. */
export const SITEVERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** The providers' own widget scripts, used unless BEREAVEMENT_CAPTCHA_SCRIPT_URL names another. */
export const WIDGET_SCRIPT_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
} as const;

/** Where reCAPTCHA loads the rest of its script from, and another origin of its frames (Google's guide to CSP). */
const RECAPTCHA_STATIC_ORIGIN = 'https://www.gstatic.com';
const RECAPTCHA_FRAME_ORIGIN = 'https://recaptcha.google.com';

/** The configured provider's widget for the browser, or null with ALTCHA. */
export function providerWidget(config: Config): ProviderCaptcha | null {
  const provider: CaptchaProvider | 'altcha' = config.BEREAVEMENT_CAPTCHA_PROVIDER;
  if (provider === 'altcha') return null;
  return {
    provider,
    siteKey: config.BEREAVEMENT_CAPTCHA_SITE_KEY!,
    scriptUrl: config.BEREAVEMENT_CAPTCHA_SCRIPT_URL ?? WIDGET_SCRIPT_URLS[provider],
  };
}

/**
 * The Content-Security-Policy sources the configured provider's widget needs, none with ALTCHA: its
 * script's origin for the script and the frame it draws (for reCAPTCHA, gstatic's scripts and
 * recaptcha.google.com's frames too).
 */
export function captchaSources(config: Config) {
  const widget = providerWidget(config);
  if (!widget) return { scriptSrc: [], frameSrc: [] };
  const origin = new URL(widget.scriptUrl).origin;
  return widget.provider === 'recaptcha'
    ? { scriptSrc: [origin, RECAPTCHA_STATIC_ORIGIN], frameSrc: [origin, RECAPTCHA_FRAME_ORIGIN] }
    : { scriptSrc: [origin], frameSrc: [origin] };
}

const unavailable = () =>
  new AppError(
    503,
    'captcha_unavailable',
    'We cannot check you are a person right now. Try again in a few minutes, or call us.',
  );

/**
 * reCAPTCHA or Turnstile by configuration: the browser draws the provider's widget (`challenge` says
 * which, with its site key and script), and the start's `captcha` is the widget's token, checked with
 * one form POST to its siteverify (`secret`, `response`, `remoteip`). The provider refusing it is 400
 * `captcha_invalid`; the provider not answering (down, an error, not its JSON, 5 seconds) is 503
 * `captcha_unavailable`. A token is spent once here too (its SHA-256 in `bereavement.captcha_uses`).
 */
export function siteverifyCaptcha({
  widget,
  secret,
  verifyUrl,
  timeoutMs = 5_000,
}: {
  widget: ProviderCaptcha;
  secret: string;
  verifyUrl: string;
  timeoutMs?: number;
}): Captcha & { verify(token: string, remoteIp?: string): Promise<void> } {
  async function verify(token: string, remoteIp?: string) {
    if (!token || token.length > 4000) throw refused('captcha_invalid');
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let body: { success?: unknown } | null;
    try {
      const answer = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!answer.ok) throw unavailable();
      body = (await answer.json()) as { success?: unknown } | null;
    } catch {
      throw unavailable();
    }
    if (typeof body?.success !== 'boolean') throw unavailable();
    if (!body.success) throw refused('captcha_invalid');
  }
  return {
    verify,
    async challenge() {
      return widget;
    },
    async spend(tx, token, remoteIp) {
      await verify(token, remoteIp);
      const spent = await tx
        .insert(bereavementCaptchaUses)
        .values({ challengeId: createHash('sha256').update(token).digest('hex') })
        .onConflictDoNothing()
        .returning();
      if (spent.length === 0) throw refused('captcha_used');
    },
  };
}
