// The local receiver for third-party analytics in the browser tests (PRODUCT.md section 9): serves
// the Matomo tracker script, records Matomo hits (matomo.php) and Mixpanel calls (/mixpanel/track,
// /engage, ...), and lists them at GET /recorded (DELETE /recorded forgets them).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { URL, URLSearchParams } from 'node:url';

const port = Number(process.env.RECEIVER_PORT ?? 4303);
const trackerScript = readFileSync(new URL('./matomo-tracker.js', import.meta.url));
let recorded = [];

/** Mixpanel sends `data=` as base64 JSON (JSON for its own hosts). */
function mixpanelPayload(body, query) {
  const form = new URLSearchParams(body);
  const data = form.get('data') ?? query.get('data');
  if (!data) return null;
  for (const decode of [(text) => text, (text) => Buffer.from(text, 'base64').toString('utf8')]) {
    try {
      return JSON.parse(decode(data));
    } catch {
      // try the next encoding
    }
  }
  return data;
}

function allowBrowser(request, response) {
  const origin = request.headers.origin;
  if (origin) {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader(
      'access-control-allow-headers',
      request.headers['access-control-request-headers'] ?? '*',
    );
    response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  }
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${port}`);
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    allowBrowser(request, response);
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (url.pathname === '/health') return response.end('ok');
    if (url.pathname === '/recorded') {
      if (request.method === 'DELETE') recorded = [];
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(recorded));
    }
    if (url.pathname === '/matomo.js') {
      response.setHeader('content-type', 'text/javascript');
      return response.end(trackerScript);
    }
    if (url.pathname === '/matomo.php') {
      const params = Object.fromEntries(new URLSearchParams(request.method === 'POST' ? body : url.search));
      recorded.push({ provider: 'matomo', params });
      response.setHeader('content-type', 'image/gif');
      return response.writeHead(204).end();
    }
    if (url.pathname.startsWith('/mixpanel/')) {
      const endpoint = url.pathname.slice('/mixpanel/'.length).replace(/\/$/, '');
      recorded.push({ provider: 'mixpanel', endpoint, payload: mixpanelPayload(body, url.searchParams) });
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ status: 1 }));
    }
    response.writeHead(404).end();
  });
});

server.listen(port, () => console.log(`analytics receiver on http://localhost:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
