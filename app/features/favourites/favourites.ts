import { useEffect, useSyncExternalStore } from "react";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";

/**
 * The signed-in shopper's favourite SKUs, held once per page in the browser (issue 17): every heart on the page
 * reads this one set, loaded by one GET /menu/favourites the first time a heart shows for a shopper, so a
 * listing's 60 cards cost no request each. Changes go to the API (PUT/DELETE with the page's CSRF token) and the
 * set takes the server's answer.
 */
interface State {
  userId: string | null;
  skus: ReadonlySet<string>;
  loaded: boolean;
}

const EMPTY: State = { userId: null, skus: new Set(), loaded: false };
// The server's snapshot until a shopper's set loads, so hydration finds no heart out of date (a changed snapshot
// would re-render every heart of a listing at once, synchronously).
let state: State = EMPTY;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The set of `userId` (empty for a visitor, and until it loads); loads it once. */
export function useFavourites(userId: string | null): State {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
  // Every heart asks; the first asking for this shopper loads, the others find it loading or loaded.
  useEffect(() => {
    if (userId) void ensureLoaded(userId);
  }, [userId]);
  return current.userId === userId ? current : EMPTY;
}

function ensureLoaded(userId: string): Promise<void> {
  if (state.userId === userId && (state.loaded || loading)) return loading ?? Promise.resolve();
  if (state.userId !== userId) set({ userId, skus: new Set(), loaded: false });
  loading = browserApi<ApiAnswer<"listFavouriteSkus">>("/menu/favourites")
    .then((res) => {
      if (state.userId === userId && res.ok) set({ userId, skus: new Set(res.data.skus), loaded: true });
    })
    .catch(() => {})
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Hearts or un-hearts `sku`; answers whether it is now a favourite (unchanged when the call fails). */
export async function toggleFavourite(
  userId: string,
  sku: string,
): Promise<{ ok: boolean; message?: string }> {
  const on = state.userId === userId && state.skus.has(sku);
  // Shown at once; the server's answer settles it.
  const optimistic = new Set(state.skus);
  if (on) optimistic.delete(sku);
  else optimistic.add(sku);
  set({ ...state, userId, skus: optimistic });
  const res = await browserApi<ApiAnswer<"addFavourite"> | { error: { message: string } }>(
    `/menu/favourites/${encodeURIComponent(sku)}`,
    { method: on ? "DELETE" : "PUT" },
  ).catch(() => null);
  if (res?.ok && "skus" in res.data) {
    set({ userId, skus: new Set(res.data.skus), loaded: true });
    return { ok: true };
  }
  const back = new Set(state.skus);
  if (on) back.add(sku);
  else back.delete(sku);
  set({ ...state, skus: back });
  const message = res && !res.ok && "error" in res.data ? res.data.error.message : undefined;
  return { ok: false, message };
}

/** A product's SKU from its page URL (the last segment: spec §2). */
export const skuOfUrl = (url: string): string => url.slice(url.lastIndexOf("/") + 1);
