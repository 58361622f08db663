import { useEffect, useState } from 'react';

/**
 * Parts of a step loaded on demand, each once (a kind's field, what a page shows): `load` fetches
 * one, and `useLoaded` gives it, or undefined while its chunk loads, re-rendering once it is there.
 */
export function loadOnce<K extends string, V>(loader: (key: K) => Promise<V>) {
  const loaded = new Map<K, V>();
  async function load(key: K): Promise<V> {
    const known = loaded.get(key);
    if (known) return known;
    const value = await loader(key);
    loaded.set(key, value);
    return value;
  }
  function useLoaded(key: K | undefined): V | undefined {
    const [, setReady] = useState(0);
    const value = key ? loaded.get(key) : undefined;
    const missing = key !== undefined && value === undefined;
    useEffect(() => {
      // Asked whenever this render went without it, even if a preload has brought it since the render:
      // only a render after that shows it.
      if (!key || !missing) return;
      let current = true;
      void load(key).then(() => current && setReady((count) => count + 1));
      return () => {
        current = false;
      };
    }, [key, missing]);
    return value;
  }
  /** Every one of `keys`, in their order, or undefined until all of them are loaded. */
  function useAllLoaded(keys: K[]): V[] | undefined {
    const [, setReady] = useState(0);
    const missing = keys.filter((key) => !loaded.has(key));
    const wanted = [...new Set(missing)].sort().join('\n');
    useEffect(() => {
      if (!wanted) return;
      let current = true;
      void Promise.all(wanted.split('\n').map((key) => load(key as K))).then(
        () => current && setReady((count) => count + 1),
      );
      return () => {
        current = false;
      };
    }, [wanted]);
    return missing.length > 0 ? undefined : keys.map((key) => loaded.get(key)!);
  }
  return { load, useLoaded, useAllLoaded };
}
