import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopOnSignals } from '../../src/lib/stop-signals';

function fakeProcess() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  return {
    target: { on: signals.on.bind(signals), exit: (code: number) => void exits.push(code) },
    send: (signal: NodeJS.Signals) => signals.emit(signal),
    exits,
  };
}

const log = () => ({ info: vi.fn(), error: vi.fn() });

afterEach(() => vi.useRealTimers());

describe('stopping on a signal', () => {
  it('stops once when the signal comes twice, and exits 0 when stopping is done', async () => {
    const process = fakeProcess();
    let finish = () => {};
    const stop = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const events = log();
    stopOnSignals(stop, { log: events, deadlineMs: 10_000, target: process.target });

    process.send('SIGINT');
    process.send('SIGINT');
    process.send('SIGTERM');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(process.exits).toEqual([]);
    expect(events.info).toHaveBeenCalledWith({ signal: 'SIGTERM' }, 'already shutting down');

    finish();
    await vi.waitFor(() => expect(process.exits).toEqual([0]));
  });

  it('exits 1 when stopping fails', async () => {
    const process = fakeProcess();
    const events = log();
    stopOnSignals(() => Promise.reject(new Error('close failed')), {
      log: events,
      deadlineMs: 10_000,
      target: process.target,
    });
    process.send('SIGTERM');
    await vi.waitFor(() => expect(process.exits).toEqual([1]));
    expect(events.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'shutdown failed',
    );
  });

  it('exits 1 when stopping outlasts the deadline', () => {
    vi.useFakeTimers();
    const process = fakeProcess();
    stopOnSignals(() => new Promise<void>(() => {}), {
      log: log(),
      deadlineMs: 35_000,
      target: process.target,
    });
    process.send('SIGTERM');
    vi.advanceTimersByTime(34_999);
    expect(process.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(process.exits).toEqual([1]);
  });
});
