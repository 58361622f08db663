// Starts the real server (tsx apps/server/src/main.ts) as a child process, for the browser and load benches.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Stops the instance (SIGTERM by default, SIGKILL for the crash test) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} was not ready within ${timeoutMs / 1000} s`);
}

/** One server instance on `port`; `env` adds to the environment (DATABASE_URL, PGLITE_DIR, ...). */
export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    // Logging at a server's default level (info), one line per request, to standard output discarded.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      MERIDIAN_DEMO: 'true',
      ...env,
      PORT: String(port),
    },
  });
  // Goes with the bench, should the bench end (a thrown error, a failed check) without stopping it.
  const stopWithBench = () => child.kill('SIGKILL');
  process.once('exit', stopWithBench);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', stopWithBench);
      resolve();
    }),
  );
  const url = `http://localhost:${port}`;
  await waitUntilReady(url, child, 120_000);
  return {
    url,
    port,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
