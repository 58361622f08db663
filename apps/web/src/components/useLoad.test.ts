import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './useLoad';

/** A read whose answers the test gives, in any order. */
function controlledReads<T>() {
  const pending: Array<{
    signal: AbortSignal;
    resolve: (value: T) => void;
    reject: (error: unknown) => void;
  }> = [];
  const read = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => pending.push({ signal, resolve, reject }));
  return { read, pending };
}

describe('a page reading its own data', () => {
  it('ends a failed read in a failure, kept until a read again on reload answers', async () => {
    const reads = controlledReads<string>();
    const { result } = renderHook(() => useLoad(reads.read));
    expect(result.current).toMatchObject({ data: undefined, failure: null });

    const busy = new Error('busy');
    await act(async () => reads.pending[0]!.reject(busy));
    expect(result.current).toMatchObject({ data: undefined, failure: { error: busy } });

    act(() => void result.current.reload());
    expect(result.current.failure).toEqual({ error: busy });
    await act(async () => reads.pending[1]!.resolve('your details'));
    expect(result.current).toMatchObject({ data: 'your details', failure: null });
  });

  it('keeps the answer of the newest read when an older one answers last, and aborts the older', async () => {
    const reads = controlledReads<string>();
    const { result, rerender } = renderHook(({ key }) => useLoad(reads.read, { key }), {
      initialProps: { key: 'page=1' },
    });
    rerender({ key: 'page=2' });
    await waitFor(() => expect(reads.pending).toHaveLength(2));
    expect(reads.pending[0]!.signal.aborted).toBe(true);

    await act(async () => reads.pending[1]!.resolve('second page'));
    await act(async () => reads.pending[0]!.resolve('first page'));
    expect(result.current.data).toBe('second page');
  });

  it('shows what it was given at once and keeps it while the read is on its way', async () => {
    const reads = controlledReads<string>();
    const { result } = renderHook(() => useLoad(reads.read, { initial: 'answered with the page' }));
    expect(result.current.data).toBe('answered with the page');
    await act(async () => reads.pending[0]!.resolve('read again'));
    expect(result.current.data).toBe('read again');
  });

  it('starts a new key with no data, or with the previous answer when asked to keep it', async () => {
    for (const keepPrevious of [false, true]) {
      const reads = controlledReads<string>();
      const { result, rerender } = renderHook(({ key }) => useLoad(reads.read, { key, keepPrevious }), {
        initialProps: { key: 'step-1' },
      });
      await act(async () => reads.pending[0]!.resolve('first step'));
      rerender({ key: 'step-2' });
      expect(result.current.data).toBe(keepPrevious ? 'first step' : undefined);
      await act(async () => reads.pending[1]!.resolve('second step'));
      expect(result.current.data).toBe('second step');
    }
  });

  it('drops an answer that comes after the page has closed', async () => {
    const reads = controlledReads<string>();
    const { unmount } = renderHook(() => useLoad(reads.read));
    unmount();
    expect(reads.pending[0]!.signal.aborted).toBe(true);
  });
});
