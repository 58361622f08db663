import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Cloudflare Turnstile in the browser specs, on 127.0.0.1 and a port of its own (another
 * site than the portal on localhost): its widget script implements the part of Turnstile's JS API the
 * portal uses (`turnstile.render(element, { sitekey, callback, 'expired-callback' })`, `remove`, the
 * `onload` parameter), drawing a checkbox whose token names the site key; its siteverify accepts a
 * token of the configured site key with the configured secret, unless told to refuse the next one.
 */
export interface CaptchaProvider {
  scriptUrl: string;
  verifyUrl: string;
  /** The siteverify calls received: the form's secret and response. */
  verified: Array<{ secret: string | null; response: string | null }>;
  /** The next siteverify answers `success: false`, as Turnstile does for a token it did not issue. */
  refuseNext(): void;
  close(): Promise<void>;
}

const widgetScript = `(() => {
  const params = new URL(document.currentScript.src).searchParams;
  let widgets = 0;
  window.turnstile = {
    render(container, options) {
      const id = 'turnstile-stand-in-' + ++widgets;
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = id;
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = 'Verify you are human';
      box.addEventListener('change', () =>
        box.checked
          ? options.callback(options.sitekey + '.' + crypto.randomUUID())
          : options['expired-callback']?.(),
      );
      container.append(box, label);
      return id;
    },
    remove(id) {
      const box = document.getElementById(id);
      box?.labels?.[0]?.remove();
      box?.remove();
    },
  };
  const ready = params.get('onload');
  if (ready) window[ready]();
})();
`;

export async function startCaptchaProvider({
  siteKey,
  secret,
}: {
  siteKey: string;
  secret: string;
}): Promise<CaptchaProvider> {
  const verified: CaptchaProvider['verified'] = [];
  let refuseNext = false;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.method === 'GET' && path === '/turnstile/v0/api.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(widgetScript);
      return;
    }
    if (request.method === 'POST' && path === '/turnstile/v0/siteverify') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const call = { secret: form.get('secret'), response: form.get('response') };
        verified.push(call);
        const success =
          !refuseNext && call.secret === secret && Boolean(call.response?.startsWith(`${siteKey}.`));
        refuseNext = false;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }),
        );
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    scriptUrl: `${base}/turnstile/v0/api.js`,
    verifyUrl: `${base}/turnstile/v0/siteverify`,
    verified,
    refuseNext: () => void (refuseNext = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
