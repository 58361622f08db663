/** Per-configuration memo: scheme objects are frozen, so derived values (texts, rate curves) can be kept with them. */
export function memoByScheme<S extends object, V>(
  compute: (scheme: S, key: string) => V,
): (scheme: S, key: string) => V {
  const cache = new WeakMap<S, Map<string, V>>();
  return (scheme, key) => {
    let byKey = cache.get(scheme);
    if (!byKey) cache.set(scheme, (byKey = new Map()));
    let value = byKey.get(key);
    if (value === undefined) byKey.set(key, (value = compute(scheme, key)));
    return value;
  };
}
