import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface Load<T> {
  /** The answer for this key; kept while it is read again, cleared when a read fails. */
  data: T | undefined;
  /** Why the last read for this key failed (shown with LoadFailed, and kept while it is read again), or null. */
  failure: { error: unknown } | null;
  /** Reads again (Try again, or after a change made elsewhere); settles when that read has. */
  reload: () => Promise<void>;
}

interface LoadOptions<T> {
  /** What is read: a new key reads again, and starts with no data unless `keepPrevious`. */
  key?: string;
  /** Data already at hand (answered with the page), shown until the first read answers. */
  initial?: T;
  /** Keep showing the previous key's answer until the new key's comes (a list being sorted, say). */
  keepPrevious?: boolean;
}

interface Settled<T> {
  key: string;
  data: T | undefined;
  failure: { error: unknown } | null;
}

/**
 * A page's own data: read when the page opens, whenever `key` changes and on `reload`. An answer that
 * a newer read (or leaving the page) has overtaken is dropped, and its request aborted where `read`
 * passes the signal on. A failed read ends in `failure`, never in endless loading.
 */
export function useLoad<T>(
  read: (signal: AbortSignal) => Promise<T>,
  { key = '', initial, keepPrevious = false }: LoadOptions<T> = {},
): Load<T> {
  const [settled, setSettled] = useState<Settled<T>>({ key, data: initial, failure: null });
  const latest = useRef({ read, key });
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = { read, key };
  });

  const reload = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const { read: readNow, key: readKey } = latest.current;
    try {
      const data = await readNow(controller.signal);
      // An answer can redraw much of a page (the hub's cards, say): as a transition React draws it in
      // slices and lets the browser in between, instead of in one long task.
      if (!controller.signal.aborted)
        startTransition(() => setSettled({ key: readKey, data, failure: null }));
    } catch (error) {
      if (!controller.signal.aborted) setSettled({ key: readKey, data: undefined, failure: { error } });
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => inFlight.current?.abort();
  }, [key, reload]);

  const forThisKey = settled.key === key;
  return {
    data: forThisKey || keepPrevious ? settled.data : undefined,
    failure: forThisKey ? settled.failure : null,
    reload,
  };
}
