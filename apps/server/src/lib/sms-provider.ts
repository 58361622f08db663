import type { OutgoingSms, SmsSender } from './messaging';

/**
 * A text-message provider over HTTPS (SMS_PROVIDER_URL, SMS_PROVIDER_KEY), in the shape of GOV.UK
 * Notify's and most providers' JSON APIs: one `POST` per text with the API key as a bearer token and
 * `{ phone_number, message, reference, sender }`. `reference` is the outbox message's id, the same on
 * every retry, so a provider that keeps references can drop a repeat. Any answer but 2xx within 10 s
 * (or none, or a redirect) throws, and the job queue tries again later with longer waits; the embedded
 * default (no URL) keeps texts in the outbox.
 */
export interface HttpSmsOptions {
  url: string;
  apiKey: string;
  /** The sender name or number the provider shows, when it lets the caller choose. */
  sender?: string;
  /** The HTTP client (tests pass their own). */
  send?: typeof fetch;
}

const PROVIDER_TIMEOUT_MS = 10_000;

export function httpSmsSender({ url, apiKey, sender, send = fetch }: HttpSmsOptions): SmsSender {
  return {
    async send(sms: OutgoingSms & { reference?: string }) {
      const response = await send(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'user-agent': 'Meridian-SMS/1',
        },
        body: JSON.stringify({
          phone_number: sms.to,
          message: sms.body,
          ...(sms.reference && { reference: sms.reference }),
          ...(sender && { sender }),
        }),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300)
        throw new Error(`the SMS provider answered ${response.status}`);
    },
  };
}

const loopback = (host: string) =>
  host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');

/** Why SMS_PROVIDER_URL cannot be used, or null: HTTPS, or plain HTTP on this machine outside production. */
export function smsProviderUrlProblem(url: string, production: boolean): string | null {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && !production && loopback(parsed.hostname)) return null;
  return 'must be an https:// address (plain http:// only on this machine outside production)';
}
