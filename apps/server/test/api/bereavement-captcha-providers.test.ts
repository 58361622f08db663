import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';

/**
 * reCAPTCHA and Turnstile by configuration (docs/bereavement.md): the start's token is checked with a
 * form POST to the provider's siteverify, here a local receiver standing in for the provider.
 */
const base = '/api/bereavement/journeys/bereavement';
const port = 47_000 + Math.floor(Math.random() * 2_000);
const received: Array<{ path: string; form: URLSearchParams }> = [];
let receiver: Server;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push({ path: request.url ?? '', form });
      const token = form.get('response');
      if (token === 'provider-error') {
        response.writeHead(500).end('oops');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          token?.startsWith('good-') && form.get('secret') === 'the-configured-secret'
            ? { success: true }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const turnstile = useTestApp({
  BEREAVEMENT_CAPTCHA_PROVIDER: 'turnstile',
  BEREAVEMENT_CAPTCHA_SECRET: 'the-configured-secret',
  BEREAVEMENT_CAPTCHA_SITE_KEY: 'the-turnstile-site-key',
  BEREAVEMENT_CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
});
const recaptcha = useTestApp({
  BEREAVEMENT_CAPTCHA_PROVIDER: 'recaptcha',
  BEREAVEMENT_CAPTCHA_SECRET: 'the-configured-secret',
  BEREAVEMENT_CAPTCHA_SITE_KEY: 'the-recaptcha-site-key',
  BEREAVEMENT_CAPTCHA_SCRIPT_URL: 'https://www.recaptcha.net/recaptcha/api.js',
  BEREAVEMENT_CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
});
// A provider that does not answer: nothing listens on this port.
const down = useTestApp({
  BEREAVEMENT_CAPTCHA_PROVIDER: 'recaptcha',
  BEREAVEMENT_CAPTCHA_SECRET: 'the-configured-secret',
  BEREAVEMENT_CAPTCHA_SITE_KEY: 'the-recaptcha-site-key',
  BEREAVEMENT_CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port + 1}/siteverify`,
});

let addressCounter = 0;
const start = (context: TestContext, captcha: string) =>
  new BrowserAgent(context.app).request({
    method: 'POST',
    url: `${base}/start`,
    payload: { captcha },
    remoteAddress: `10.62.0.${++addressCounter}`,
  });
const codeOf = (response: { json(): { errors: Array<{ code: string }> } }) => response.json().errors[0]!.code;

describe.each([
  [
    'Turnstile',
    turnstile,
    '/turnstile/v0/siteverify',
    {
      provider: 'turnstile',
      siteKey: 'the-turnstile-site-key',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    },
    ['https://challenges.cloudflare.com'],
    ['https://challenges.cloudflare.com'],
  ],
  [
    'reCAPTCHA',
    recaptcha,
    '/recaptcha/api/siteverify',
    {
      provider: 'recaptcha',
      siteKey: 'the-recaptcha-site-key',
      scriptUrl: 'https://www.recaptcha.net/recaptcha/api.js',
    },
    ['https://www.recaptcha.net', 'https://www.gstatic.com'],
    ['https://www.recaptcha.net', 'https://recaptcha.google.com'],
  ],
] as const)(
  'a report of a death started with %s',
  (_name, context, path, widget, scriptSources, frameSources) => {
    it('starts with a token the provider accepts, posting the configured secret, the token and the address', async () => {
      const token = `good-${path.length}-${Date.now()}`;
      const started = await start(context, token);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.cookies.some((cookie) => cookie.name === 'visitorJourney')).toBe(true);
      const call = received.findLast((entry) => entry.form.get('response') === token)!;
      expect(call.path).toBe(path);
      expect(call.form.get('secret')).toBe('the-configured-secret');
      expect(call.form.get('remoteip')).toMatch(/^10\.62\.0\.\d+$/);
      // The same token again: spent here, whatever the provider says.
      expect(codeOf(await start(context, token))).toBe('captcha_used');
    });

    it('refuses a token the provider refuses with 400 captcha_invalid, and opens nothing', async () => {
      const refused = await start(context, 'forged-token');
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('captcha_invalid');
      expect(refused.cookies.some((cookie) => cookie.name === 'visitorJourney')).toBe(false);
    });

    it('answers 503 captcha_unavailable when the provider answers an error', async () => {
      const failed = await start(context, 'provider-error');
      expect(failed.statusCode).toBe(503);
      expect(codeOf(failed)).toBe('captcha_unavailable');
    });

    it('tells the browser which widget to draw, with the site key and script, and lets the page load it', async () => {
      const challenge = await new BrowserAgent(context.app).request({
        url: '/api/bereavement/captcha-challenge',
      });
      expect(challenge.statusCode).toBe(200);
      expect(challenge.json()).toEqual(widget);
      const page = await new BrowserAgent(context.app).request({ url: '/bereavement/report' });
      const directive = (name: string) =>
        String(page.headers['content-security-policy'])
          .split(';')
          .map((part) => part.trim().split(' '))
          .find(([key]) => key === name)
          ?.slice(1);
      expect(directive('script-src')).toEqual(["'self'", ...scriptSources]);
      expect(directive('frame-src')).toEqual(["'self'", ...frameSources]);
    });
  },
);

describe('with ALTCHA', () => {
  const altcha = useTestApp({});
  it('allows no third party’s script or frame', async () => {
    const page = await new BrowserAgent(altcha.app).request({ url: '/bereavement/report' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('frame-src');
  });
});

describe('a captcha provider that does not answer', () => {
  it('answers 503 captcha_unavailable, and opens nothing', async () => {
    const failed = await start(down, 'good-while-down');
    expect(failed.statusCode).toBe(503);
    expect(codeOf(failed)).toBe('captcha_unavailable');
    expect(failed.cookies.some((cookie) => cookie.name === 'visitorJourney')).toBe(false);
  });
});

describe('configuration', () => {
  it('needs the secret and the site key with reCAPTCHA or Turnstile, and keeps ALTCHA the default', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BEREAVEMENT_CAPTCHA_PROVIDER: 'turnstile' })).toThrow(
      /BEREAVEMENT_CAPTCHA_SECRET[\s\S]*BEREAVEMENT_CAPTCHA_SITE_KEY/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).BEREAVEMENT_CAPTCHA_PROVIDER).toBe('altcha');
  });
});
