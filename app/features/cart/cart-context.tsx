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
import { onFirstInteraction } from "#app/components/on-demand.tsx";
import { useToast } from "#app/components/shell/toast.tsx";
import { apiErrorMessage } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { SPLIT_MODAL_STEP_MS } from "#domain/cart/constants.ts";
import type { Cart } from "#domain/cart/types.ts";
import { PART_FAILED } from "#domain/copy.ts";
import { DELIVERY_ADDRESS_SET_EVENT } from "#domain/geo/api.ts";
import type { CartActions } from "./cart-actions.ts";
import { type AddOutcome, type AddToCart, cartApi } from "./cart-kit.ts";
import { type CartAction, type CartState, cartReducer, initialCartState, isCartSplit } from "./cart-state.ts";

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

const shipsSomething = (cart: Cart) => Object.values(cart.split_cart).some((entry) => entry.is_shipping);

let actionsCode: Promise<typeof import("./cart-actions.ts")> | null = null;
/** The cart's changes, fetched once (again after a failure). */
function loadActions() {
  actionsCode ??= import("./cart-actions.ts").catch((error: unknown) => {
    actionsCode = null;
    throw error;
  });
  return actionsCode;
}

/**
 * The shopper's cart in the browser: restored from the server on load, synced when the address changes,
 * changed optimistically (quantities at once, sent after the debounce), and left as it was when a call fails.
 * What changes it loads on demand (cart-actions.ts): at the shopper's first touch, click or key press, or at the
 * first change asked for; a change whose code cannot load leaves the cart as it was and says so (PART_FAILED).
 */
export function CartProvider({ owner, children }: { owner: string | null; children: React.ReactNode }) {
  const [state, dispatch] = useReducer(cartReducer, undefined, () => initialCartState());
  const toast = useToast();
  const latest = useRef(state);
  latest.current = state;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  /**
   * Changes sent to the server so far. A restore that answers after a change was sent may hold the cart from
   * before it (an add on a page that has just loaded): the change's own answer is newer, so the restore's is dropped.
   */
  const changesSent = useRef(0);
  const actions = useRef<CartActions | null>(null);

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
      show({ type: "loaded", cart: res.data, pending: actions.current?.pendingQuantities() });
    } catch (err) {
      console.error("Failed to restore cart", err);
      show({ type: "failed" });
    }
  }, []);

  /** Runs `use` once the cart's changes have loaded; `failed` (and the toast) when they cannot. */
  const withActions = useCallback(
    async <T,>(use: (a: CartActions) => Promise<T> | T, failed: T, quiet = false): Promise<T> => {
      if (!actions.current) {
        try {
          const { cartActions } = await loadActions();
          actions.current ??= cartActions({ dispatch, latest, changesSent, restore: () => restore() });
        } catch {
          if (!quiet) toast(PART_FAILED);
          return failed;
        }
      }
      return use(actions.current);
    },
    [restore, toast],
  );

  // The code is on its way before the press that changes the cart (as the shell's parts: on-demand.tsx).
  useEffect(() => onFirstInteraction(() => loadActions().catch(() => {})), []);

  /** Spec §4: the modal closes in two SPLIT_MODAL_STEP_MS steps (panel, then backdrop). */
  const closeSplitModal = useCallback(() => {
    dispatch({ type: "splitPhase", phase: "closing-panel" });
    timers.current.push(
      setTimeout(() => dispatch({ type: "splitPhase", phase: "closing-backdrop" }), SPLIT_MODAL_STEP_MS),
      setTimeout(() => dispatch({ type: "splitPhase", phase: "closed" }), 2 * SPLIT_MODAL_STEP_MS),
    );
  }, []);

  // The add's own error line says when its code did not load (no toast on top of it).
  const add = useCallback(
    (item: AddToCart): Promise<AddOutcome> =>
      withActions((a) => a.add(item), { ok: false, error: PART_FAILED } as AddOutcome, true),
    [withActions],
  );

  const confirmSplit = useCallback(() => {
    const item = latest.current.pendingAdd;
    closeSplitModal();
    if (item) void withActions((a) => a.addSplit(item), null);
  }, [closeSplitModal, withActions]);

  const changeQuantity = useCallback(
    (lineId: string, qty: number) => {
      dispatch({ type: "quantity", lineId, qty });
      void withActions((a) => a.scheduleQuantity(lineId, qty), undefined).then(() => {
        // Not sent: the server's cart stands.
        if (!actions.current) void restore();
      });
    },
    [withActions, restore],
  );

  const remove = useCallback(
    (lineId: string) => withActions((a) => a.remove(lineId), undefined),
    [withActions],
  );
  const chooseShipping = useCallback(
    (name: string) => withActions((a) => a.chooseShipping(name), undefined),
    [withActions],
  );

  useEffect(() => {
    void restore(true);
    // A new address may mean another store: the server moved the cart when it was set (ADR 0018).
    const onAddress = () => {
      if (latest.current.cart.products.length > 0) void withActions((a) => a.sync(), undefined);
    };
    window.addEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
    const pendingTimers = timers.current;
    return () => {
      window.removeEventListener(DELIVERY_ADDRESS_SET_EVENT, onAddress);
      for (const t of pendingTimers) clearTimeout(t);
      actions.current?.cancelQuantities();
    };
  }, [restore, withActions]);

  // Logging in or out changes whose cart this is: drop changes queued for the old owner and load the new cart.
  const shownOwner = useRef(owner);
  useEffect(() => {
    if (shownOwner.current === owner) return;
    shownOwner.current = owner;
    actions.current?.cancelQuantities();
    void restore(true);
  }, [owner, restore]);

  const ships = shipsSomething(state.cart);
  useEffect(() => {
    if (state.drawerOpen && ships) void withActions((a) => a.loadShipping(), undefined);
  }, [state.drawerOpen, ships, withActions]);

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
