/** What stopping needs of the process: its signals and its exit (a test passes its own). */
export interface SignalledProcess {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  exit(code: number): void;
}

interface StopLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const STOP_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Stops once, on the first SIGTERM or SIGINT, then exits 0 (1 if stopping failed or took longer than
 * the deadline). The listeners stay for later signals, which are ignored: Ctrl+C reaches every process
 * of `npm start`, npm or tsx can pass it on again, and a supervisor may repeat its SIGTERM. With no
 * listener left, the process would end at once (tsx's handler exits it), half way through closing
 * the embedded database.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  { log, deadlineMs, target = process }: { log: StopLog; deadlineMs: number; target?: SignalledProcess },
) {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return log.info({ signal }, 'already shutting down');
    stopping = true;
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown took too long; exiting');
      target.exit(1);
    }, deadlineMs);
    deadline.unref();
    stop().then(
      () => {
        clearTimeout(deadline);
        target.exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log.error({ err: error }, 'shutdown failed');
        target.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) target.on(signal, () => onSignal(signal));
}
