import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const onPglite = process.env.TEST_DATABASE_KIND !== 'postgres';

/** The state PostgreSQL keeps in global/pg_control: a 4-byte DBState after the system identifier and two versions. */
const CLUSTER_STATE_OFFSET = 16;
const CLUSTER_STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
];
const clusterState = (dataDir: string) =>
  CLUSTER_STATES[readFileSync(join(dataDir, 'global', 'pg_control')).readInt32LE(CLUSTER_STATE_OFFSET)];

const scratch = mkdtempSync(join(tmpdir(), 'meridian-shutdown-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A data directory for a server restarted after a clean stop: a copy of the first test's, once that
 * stopped cleanly, so later starts skip initdb and the migrations (seconds of a core each on PGlite).
 */
function restartedDataDir(name: string) {
  const dataDir = join(scratch, name);
  const stopped = join(scratch, 'quiet');
  if (existsSync(stopped) && clusterState(stopped) === 'shut down')
    cpSync(stopped, dataDir, { recursive: true });
  return dataDir;
}

/** The server as `npm start` runs it, in a process group of its own as a terminal gives it. */
async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const child = spawn('npm', ['run', 'start:server', '--silent'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...environment,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PGLITE_DIR: dataDir,
      DOCUMENTS_DIR: `${dataDir}-documents`,
      NODE_ENV: 'test',
      REQUEST_TIMEOUT_SECONDS: '2',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = setInterval(() => {
      const banner = /Meridian is running at (\S+)/.exec(output);
      if (banner) resolve(banner);
      else if (child.exitCode !== null) reject(new Error(`the server stopped while starting:\n${output}`));
      else return;
      clearInterval(check);
    }, 100);
  });
  const serverPid = Number(/"pid":(\d+)/.exec(output)![1]);
  return { group: child.pid!, url: running[1]!, serverPid, output: () => output };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean) {
  while (!condition()) await pause(20);
}

/** A sign-in whose body has begun to arrive: the server waits for the rest, up to REQUEST_TIMEOUT_SECONDS. */
function startSlowRequest(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(
    [
      'POST /authentication-api/api/authentication/login HTTP/1.1',
      `Host: localhost:${port}`,
      'Content-Type: application/json',
      'Content-Length: 100',
      'Cookie: XSRF-TOKEN=shutdown-test',
      'X-XSRF-TOKEN: shutdown-test',
      '',
      '{"userName":',
    ].join('\r\n'),
  );
  return socket;
}

/** The log lines from "shutting down" on that are warnings or worse (pino level 40 and up), or not JSON. */
const troubleAfterShutdown = (output: string) =>
  output
    .slice(output.indexOf('"msg":"shutting down"'))
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .filter((line) => !/^\{"level":(10|20|30),/.test(line));

describe.runIf(onPglite)('stopping the server', () => {
  it('stops on Ctrl+C without a warning: a clean stop is not a fault', async () => {
    const dataDir = join(scratch, 'quiet');
    const server = await startServer(dataDir);
    // The session and member caches listen from the start; their listeners close with the server.
    expect((await fetch(new URL('/ready', server.url))).status).toBe(200);
    process.kill(-server.group, 'SIGINT');
    await until(() => !isRunning(server.serverPid));
    expect(server.output()).toContain('"msg":"shutting down"');
    expect(troubleAfterShutdown(server.output())).toEqual([]);
    expect(clusterState(dataDir)).toBe('shut down');
  });

  it('with SHUTDOWN_DRAIN_SECONDS, answers /ready 503 and still serves requests for that long, ignores a second stop signal while a request is in flight, then closes the embedded database cleanly', async () => {
    const dataDir = restartedDataDir('drain');
    const server = await startServer(dataDir, { SHUTDOWN_DRAIN_SECONDS: '2' });
    expect((await fetch(new URL('/ready', server.url))).status).toBe(200);
    const slowRequest = startSlowRequest(server.url);
    await pause(200);

    // A supervisor's SIGTERM to the process group, as Ctrl+C reaches npm and the server alike.
    process.kill(-server.group, 'SIGTERM');
    await until(() =>
      server.output().includes('"msg":"draining: /ready answers 503, requests are still served"'),
    );
    const ready = await fetch(new URL('/ready', server.url));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', database: true });
    // A request the load balancer sent before its health check saw that is answered as usual.
    const page = await fetch(
      new URL('/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost', server.url),
    );
    expect(page.status).toBe(200);
    expect(isRunning(server.serverPid)).toBe(true);

    // Another SIGTERM (or Ctrl+C twice) while the slow request still has time to finish.
    process.kill(-server.group, 'SIGTERM');
    await until(() => !isRunning(server.serverPid));
    slowRequest.destroy();
    expect(server.output().match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(server.output()).toContain('"msg":"already shutting down"');
    expect(clusterState(dataDir)).toBe('shut down');
  });
});
