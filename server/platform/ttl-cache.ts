/**
 * A small in-process cache of promises with a time to live and a size bound (oldest entries go first). A
 * rejected load is forgotten at once, so a failure is never served from the cache.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<V>(ttlMs: number, maxEntries: number): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear: () => entries.clear(),
  };
}
