import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { WEBHOOK_HEADERS } from '../../src/areas/webhooks/delivery';

/** One delivery as a receiver got it. */
export interface ReceivedDelivery {
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a receiver checks of a delivery it received (verifyWebhook's second argument). */
export const signedOf = (delivery: ReceivedDelivery) => ({
  timestamp: delivery.headers[WEBHOOK_HEADERS.timestamp] as string,
  signature: delivery.headers[WEBHOOK_HEADERS.signature] as string,
  body: delivery.body,
});

/**
 * A webhook receiver on 127.0.0.1 for the file's tests, listening from beforeAll to afterAll, that records
 * every delivery in `received` and answers 503 to the first `failures` of them (a receiver that is down),
 * 204 after. `url(path)` is an address on it to give a receiver.
 */
export function webhookReceiver({ failures = 0 }: { failures?: number } = {}) {
  const received: ReceivedDelivery[] = [];
  let failuresLeft = failures;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ url: request.url, headers: request.headers, body });
      response.statusCode = failuresLeft-- > 0 ? 503 : 204;
      response.end();
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
  };
}
