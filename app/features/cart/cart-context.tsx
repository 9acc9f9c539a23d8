import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import { track } from "#app/lib/analytics.ts";
import { type ApiRequest, apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { PRODUCT_ADDED } from "#domain/analytics/events.ts";
import { SPLIT_MODAL_STEP_MS } from "#domain/cart/constants.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import { type Cart, SPLIT_REQUIRED_CODE } from "#domain/cart/types.ts";
import { REMOVE_ITEM_FAILED } from "#domain/copy.ts";
import { DELIVERY_ADDRESS_SET_EVENT } from "#domain/geo/api.ts";
import {
  type CartAction,
  type CartState,
  cartReducer,
  initialCartState,
  isCartSplit,
  type PendingAdd,
} from "./cart-state.ts";
import { createQuantityDebouncer } from "./quantity-debouncer.ts";

export interface AddToCart {
  sku: string;
  store_id: string;
  qty: number;
  title: string;
  store_name: string;
  engraving?: Engraving | null;
}

export type AddOutcome = { ok: true } | { ok: false; error: string } | { ok: "asked" };

interface CartContextValue {
  state: CartState;
  add(item: AddToCart): Promise<AddOutcome>;
  confirmSplit(): void;
  cancelSplit(): void;
  changeQuantity(lineId: string, qty: number): void;
  remove(lineId: string): Promise<void>;
  chooseShipping(name: string): Promise<void>;
  setDrawerOpen(open: boolean): void;
}

const CartContext = createContext<CartContextValue | null>(null);
const ADD_FAILED = "We could not add that to your cart. Please try again.";

/** Every cart call says whether a split cart is agreed (spec §7: x-multi-store); browserApi adds lat/lng. */
function cartApi<T>(path: string, init: ApiRequest = {}, multiStore = false) {
  return browserApi<T>(path, {
    ...init,
    headers: { "x-multi-store": multiStore ? "true" : "false", ...init.headers },
  });
}

const shipsSomething = (cart: Cart) => Object.values(cart.split_cart).some((entry) => entry.is_shipping);

/**
 * The shopper's cart in the browser: restored from the server on load, synced when the address changes,
 * changed optimistically (quantities at once, sent after the debounce), and left as it was when a call fails.
 */
export function CartProvider({ owner, children }: { owner: string | null; children: React.ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, undefined, () => initialCartState());
  const latest = useRef(state);
  latest.current = state;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  /**
   * Changes sent to the server so far. A restore that answers after a change was sent may hold the cart from
   * before it (an add on a page that has just loaded): the change's own answer is newer, so the restore's is dropped.
   */
  const changesSent = useRef(0);

  /**
   * `background`: the page's own load (on hydration, or a new owner), not an answer the shopper waits for; its states
   * render as transitions, so they never hold up the main thread as the page becomes interactive (ADR 48).
   */
  const restore = useCallback(async (background = false) => {
    const since = changesSent.current;
    const show = background ? (action: CartAction) => startTransition(() => dispatch(action)) : dispatch;
    show({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"getCart">>("/menu/cart/v2", {}, isCartSplit(latest.current.cart));
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      if (changesSent.current !== since) return;
      show({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
    } catch (err) {
      console.error("Failed to restore cart", err);
      show({ type: "failed" });
    }
  }, []);

  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  const sendQuantity = useCallback(
    async (lineId: string, qty: number) => {
      changesSent.current++;
      try {
        const res = await cartApi<ApiAnswer<"updateCartItems">>(
          "/menu/cart/v2",
          { method: "PATCH", body: { skus: [{ cart_id: lineId, qty }] } },
          isCartSplit(latest.current.cart),
        );
        if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
        dispatch({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
      } catch (err) {
        console.error("Failed to update quantity", err);
        dispatch({ type: "failed", error: err instanceof Error ? err.message : null });
        // Show what the server holds rather than a quantity it refused.
        await restore();
      }
    },
    [restore],
  );
  const debouncer = useRef(
    createQuantityDebouncer((lineId, qty) => void sendQuantityRef.current(lineId, qty)),
  );
  const sendQuantityRef = useRef(sendQuantity);
  sendQuantityRef.current = sendQuantity;

  const post = useCallback(async (item: AddToCart | PendingAdd, multiStore: boolean): Promise<AddOutcome> => {
    changesSent.current++;
    dispatch({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"addCartItems">>(
        "/menu/cart/v2",
        {
          method: "POST",
          body: {
            skus: [
              {
                sku: item.sku,
                qty: item.qty,
                store_id: item.store_id,
                meta: { engraving: item.engraving ?? null },
              },
            ],
          },
        },
        multiStore,
      );
      if (res.ok) {
        dispatch({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
        dispatch({ type: "drawer", open: true });
        track(PRODUCT_ADDED, { sku: item.sku, qty: item.qty, store_id: item.store_id });
        return { ok: true };
      }
      const code = (res.data as { error?: { code?: string } } | null)?.error?.code;
      if (res.status === 409 && code === SPLIT_REQUIRED_CODE) {
        // The modal names the cart's stores as the server holds them now (they serve the address: ADR 0018).
        await restoreRef.current();
        dispatch({ type: "askSplit", item: { ...item, engraving: item.engraving ?? null } });
        return { ok: "asked" };
      }
      const error = apiErrorMessage(res.data, ADD_FAILED);
      dispatch({ type: "failed", error });
      return { ok: false, error };
    } catch (err) {
      console.error("Failed to add to cart", err);
      dispatch({ type: "failed", error: ADD_FAILED });
      return { ok: false, error: ADD_FAILED };
    }
  }, []);

  /**
   * Adds an item. Whether it splits the cart is the server's call (409 split_cart_required), not this page's
   * copy of the cart: after an address change the server may have moved the cart to another store already.
   */
  const add = useCallback(
    (item: AddToCart): Promise<AddOutcome> => post(item, isCartSplit(latest.current.cart)),
    [post],
  );

  /** Spec §4: the modal closes in two SPLIT_MODAL_STEP_MS steps (panel, then backdrop). */
  const closeSplitModal = useCallback(() => {
    dispatch({ type: "splitPhase", phase: "closing-panel" });
    timers.current.push(
      setTimeout(() => dispatch({ type: "splitPhase", phase: "closing-backdrop" }), SPLIT_MODAL_STEP_MS),
      setTimeout(() => dispatch({ type: "splitPhase", phase: "closed" }), 2 * SPLIT_MODAL_STEP_MS),
    );
  }, []);

  const confirmSplit = useCallback(() => {
    const item = latest.current.pendingAdd;
    closeSplitModal();
    if (item) void post(item, true);
  }, [closeSplitModal, post]);

  const changeQuantity = useCallback((lineId: string, qty: number) => {
    dispatch({ type: "quantity", lineId, qty });
    debouncer.current.schedule(lineId, qty);
  }, []);

  const remove = useCallback(async (lineId: string) => {
    debouncer.current.cancel(lineId);
    changesSent.current++;
    dispatch({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"removeCartItems">>(
        "/menu/cart/v2",
        { method: "DELETE", body: { ids: [lineId] } },
        isCartSplit(latest.current.cart),
      );
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
    } catch (err) {
      console.error(REMOVE_ITEM_FAILED, err);
      dispatch({ type: "failed" });
    }
  }, []);

  const chooseShipping = useCallback(async (name: string) => {
    changesSent.current++;
    dispatch({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"chooseShipping">>(
        "/menu/cart/shipping/v2",
        { method: "POST", body: { shipping_name: name } },
        isCartSplit(latest.current.cart),
      );
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
    } catch (err) {
      console.error("Failed to choose shipping", err);
      dispatch({ type: "failed" });
    }
  }, []);

  const loadShipping = useCallback(async () => {
    dispatch({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"getShippingOptions">>(
        "/menu/cart/shipping/v2",
        {},
        isCartSplit(latest.current.cart),
      );
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({
        type: "shipping",
        options: res.data.shippingOptions,
        selected: res.data.selectedShippingOption,
      });
      // Spec §4: when options load and none is chosen, the first is selected.
      if (!res.data.selectedShippingOption && res.data.shippingOptions.length > 0) {
        await chooseShipping(res.data.shippingOptions[0].name);
      }
    } catch (err) {
      console.error("Failed to load shipping options", err);
      dispatch({ type: "failed" });
    }
  }, [chooseShipping]);

  const sync = useCallback(async () => {
    dispatch({ type: "loading" });
    try {
      const res = await cartApi<ApiAnswer<"syncCart">>(
        "/menu/cart/sync/v2",
        { method: "POST", body: {} },
        isCartSplit(latest.current.cart),
      );
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({ type: "loaded", cart: res.data, pending: debouncer.current.pending() });
    } catch (err) {
      console.error("Failed to sync cart", err);
      dispatch({ type: "failed" });
    }
  }, []);

  useEffect(() => {
    void restore(true);
    // A new address may mean another store: the server moved the cart when it was set (ADR 0018); bring this
    // copy in line with it (new prices, lines the new store lacks shown unavailable).
    const onAddress = () => {
      if (latest.current.cart.products.length > 0) void sync();
    };
    window.addEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
    const pendingTimers = timers.current;
    const pendingQuantities = debouncer.current;
    return () => {
      window.removeEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
      for (const t of pendingTimers) clearTimeout(t);
      pendingQuantities.cancelAll();
    };
  }, [restore, sync]);

  // Logging in or out changes whose cart this is: drop changes queued for the old owner and load the new cart.
  const shownOwner = useRef(owner);
  useEffect(() => {
    if (shownOwner.current === owner) return;
    shownOwner.current = owner;
    debouncer.current.cancelAll();
    void restore(true);
  }, [owner, restore]);

  const ships = shipsSomething(state.cart);
  useEffect(() => {
    if (state.drawerOpen && ships) void loadShipping();
  }, [state.drawerOpen, ships, loadShipping]);

  const value = useMemo<CartContextValue>(
    () => ({
      state,
      add,
      confirmSplit,
      cancelSplit: closeSplitModal,
      changeQuantity,
      remove,
      chooseShipping,
      setDrawerOpen: (open) => dispatch({ type: "drawer", open }),
    }),
    [state, add, confirmSplit, closeSplitModal, changeQuantity, remove, chooseShipping],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart needs a <CartProvider> above it");
  return value;
}
