import { useCallback, useEffect, useRef, useState } from 'react';

export interface Load<T> {
  /** The last answer; kept while a newer read is on its way, cleared when a read fails. */
  data: T | undefined;
  /** Why the last read failed (shown with LoadFailed), or null. */
  failure: { error: unknown } | null;
  /** Reads again (Try again, or after a change made elsewhere); settles when that read has. */
  reload: () => Promise<void>;
}

/**
 * A page's own data: read when the page opens and whenever `key` changes, and again on `reload`. An
 * answer that a newer read (or leaving the page) has overtaken is dropped, and its request aborted
 * where `read` passes the signal on. A failed read ends in `failure`, never in endless loading.
 */
export function useLoad<T>(
  read: (signal: AbortSignal) => Promise<T>,
  { key = '', initial }: { key?: string; initial?: T } = {},
): Load<T> {
  const [state, setState] = useState<Pick<Load<T>, 'data' | 'failure'>>({ data: initial, failure: null });
  const latestRead = useRef(read);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    latestRead.current = read;
  });

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState((current) => (current.failure ? { data: undefined, failure: null } : current));
    try {
      const data = await latestRead.current(controller.signal);
      if (!controller.signal.aborted) setState({ data, failure: null });
    } catch (error) {
      if (!controller.signal.aborted) setState({ data: undefined, failure: { error } });
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => inFlight.current?.abort();
  }, [key, reload]);

  return { ...state, reload };
}
