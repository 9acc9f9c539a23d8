import type { Db } from "#server/platform/db.ts";

/**
 * Data that search holds in process beside the database (the facet dictionary, the spelling vocabulary), read
 * with the facet_attributes_version of its snapshot (migrations 0008, 0010). One copy per database, read when
 * first asked for and again only when a search's snapshot saw a later version than the one held.
 */
export function heldPerDatabase<T extends { version: number }>(load: (db: Db) => Promise<T>) {
  const held = new WeakMap<Db, Promise<T>>();

  const forget = (db: Db, value: Promise<T>) => {
    if (held.get(db) === value) held.delete(db);
  };

  /** The copy held, read first if there is none (concurrent callers share one read). */
  const current = (db: Db): Promise<T> => {
    const value = held.get(db);
    if (value) return value;
    const loading = load(db);
    held.set(db, loading);
    loading.catch(() => forget(db, loading));
    return loading;
  };

  /** The copy held if it is as of `version` or later, else a fresh one. */
  const atLeast = async (db: Db, version: number): Promise<T> => {
    const value = current(db);
    if ((await value).version >= version) return value;
    // Older than what the search saw: read it again. The read's snapshot is later than the search's, so once
    // is enough (concurrent searches share one read).
    forget(db, value);
    return current(db);
  };

  return { current, atLeast };
}
