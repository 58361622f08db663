// A small round-robin HTTP proxy in front of several server instances, as a load balancer would be.
// It sends requests only to the instances whose /ready answered 200 at its last health check (every
// HEALTH_CHECK_MS; all of them while none does). A request that cannot reach an instance (connection
// refused: it is down) goes to the next one; a request an instance dies while answering gets 502, as
// the outcome is unknown.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** How often the proxy asks each instance's /ready, as a load balancer's health check does. */
export const HEALTH_CHECK_MS = 250;

export interface Proxy {
  /** Requests each upstream port answered so far. */
  served(): Promise<Map<number, number>>;
  close(): Promise<void>;
}

function forward(port: number, request: http.IncomingMessage, body: Buffer, clientAddress: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent: false,
        headers: { ...request.headers, 'x-forwarded-for': clientAddress, 'x-forwarded-proto': 'http' },
      },
      resolve,
    );
    upstream.once('error', reject);
    upstream.end(body);
  });
}

/**
 * Listens on `port`; the simulated client's address comes from its x-client-address header. Returns
 * the requests each upstream port has answered, counted as they are.
 */
export async function startProxy(port: number, upstreams: number[]): Promise<Map<number, number>> {
  const served = new Map(upstreams.map((upstream) => [upstream, 0]));
  const healthy = new Set(upstreams);
  const check = async (upstream: number) => {
    const up = await fetch(`http://127.0.0.1:${upstream}/ready`, {
      signal: AbortSignal.timeout(HEALTH_CHECK_MS),
    })
      .then((answer) => answer.ok)
      .catch(() => false);
    if (up) healthy.add(upstream);
    else healthy.delete(upstream);
  };
  setInterval(() => void Promise.all(upstreams.map(check)), HEALTH_CHECK_MS).unref();
  let next = 0;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const clientAddress = String(request.headers['x-client-address'] ?? request.socket.remoteAddress);
    // Each instance in rotation is tried once per request, from the next in turn (other requests move
    // `next` meanwhile).
    const inRotation = healthy.size > 0 ? upstreams.filter((upstream) => healthy.has(upstream)) : upstreams;
    const first = next++;
    for (let attempt = 0; attempt < inRotation.length; attempt += 1) {
      const upstream = inRotation[(first + attempt) % inRotation.length]!;
      try {
        const answer = await forward(upstream, request, Buffer.concat(chunks), clientAddress);
        served.set(upstream, served.get(upstream)! + 1);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.once('error', () => response.destroy());
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') continue;
        response.writeHead(502).end();
        return;
      }
    }
    response.writeHead(503).end();
  });
  server.keepAliveTimeout = 65_000;
  // A full accept queue (Node's default holds 511) drops connections, which clients retry only after 1, 3, 7 s...
  await new Promise<void>((resolve) => server.listen({ port, backlog: 4096 }, resolve));
  return served;
}

/**
 * The proxy in a process of its own, as a load balancer runs apart from its clients. While it shared
 * the simulated members' event loop, it saw their new connections arrive about 50 ms apart: a
 * member's first calls, each on a new connection, waited seconds before the proxy began on them,
 * while the instances answered every one within a second.
 */
export async function startProxyProcess(port: number, upstreams: number[]): Promise<Proxy> {
  const child = fork(
    fileURLToPath(new URL('./proxy-process.ts', import.meta.url)),
    [port, ...upstreams].map(String),
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const exited = once(child, 'exit');
  const [ready] = (await Promise.race([once(child, 'message'), exited])) as [unknown];
  if (ready !== 'listening') throw new Error(`the proxy process ended before listening (${String(ready)})`);
  return {
    async served() {
      child.send('served');
      const [counts] = (await once(child, 'message')) as [[number, number][]];
      return new Map(counts);
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
