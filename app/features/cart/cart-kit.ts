import { type ApiRequest, browserApi } from "#app/lib/api.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import type { CartAction, CartState } from "./cart-state.ts";

/** What the cart's provider (cart-context.tsx) and its changes (cart-actions.ts, loaded on demand) share. */
export interface AddToCart {
  sku: string;
  store_id: string;
  qty: number;
  title: string;
  store_name: string;
  engraving?: Engraving | null;
}

export type AddOutcome = { ok: true } | { ok: false; error: string } | { ok: "asked" };

export const ADD_FAILED = "We could not add that to your cart. Please try again.";

/** Every cart call says whether a split cart is agreed (spec §7: x-multi-store); browserApi adds lat/lng. */
export function cartApi<T>(path: string, init: ApiRequest = {}, multiStore = false) {
  return browserApi<T>(path, {
    ...init,
    headers: { "x-multi-store": multiStore ? "true" : "false", ...init.headers },
  });
}

/** What the cart's changes (cart-actions.ts, loaded on demand) work on. */
export interface CartKit {
  dispatch: (action: CartAction) => void;
  latest: { readonly current: CartState };
  /** Changes sent to the server so far: a restore sent before the latest change is dropped (cart-context.tsx). */
  changesSent: { current: number };
  restore(): Promise<void>;
}
