import { track } from "#app/lib/analytics.ts";
import { apiErrorMessage } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { PRODUCT_ADDED } from "#domain/analytics/events.ts";
import { type Cart, SPLIT_REQUIRED_CODE } from "#domain/cart/types.ts";
import { REMOVE_ITEM_FAILED } from "#domain/copy.ts";
import { ADD_FAILED, type AddOutcome, type AddToCart, type CartKit, cartApi } from "./cart-kit.ts";
import { isCartSplit, type PendingAdd } from "./cart-state.ts";
import { createQuantityDebouncer } from "./quantity-debouncer.ts";

/**
 * What changes the cart (add, quantities, remove, shipping, the sync after an address change): loaded at the
 * shopper's first touch, click or key press, or at the first change asked for, never with the page (issue 35 §3,
 * docs/adr/0079-shell-parts-on-demand.md). The page's own load of the cart stays in cart-context.tsx.
 */
export function cartActions(kit: CartKit) {
  const { dispatch, latest, changesSent } = kit;
  const multiStore = () => isCartSplit(latest.current.cart);

  const sendQuantity = async (lineId: string, qty: number) => {
    changesSent.current++;
    try {
      const res = await cartApi<ApiAnswer<"updateCartItems">>(
        "/menu/cart/v2",
        { method: "PATCH", body: { skus: [{ cart_id: lineId, qty }] } },
        multiStore(),
      );
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({ type: "loaded", cart: res.data, pending: debouncer.pending() });
    } catch (err) {
      console.error("Failed to update quantity", err);
      dispatch({ type: "failed", error: err instanceof Error ? err.message : null });
      // Show what the server holds rather than a quantity it refused.
      await kit.restore();
    }
  };
  const debouncer = createQuantityDebouncer((lineId, qty) => void sendQuantity(lineId, qty));

  const post = async (item: AddToCart | PendingAdd, multi: boolean): Promise<AddOutcome> => {
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
        multi,
      );
      if (res.ok) {
        dispatch({ type: "loaded", cart: res.data, pending: debouncer.pending() });
        dispatch({ type: "drawer", open: true });
        track(PRODUCT_ADDED, { sku: item.sku, qty: item.qty, store_id: item.store_id });
        return { ok: true };
      }
      const code = (res.data as { error?: { code?: string } } | null)?.error?.code;
      if (res.status === 409 && code === SPLIT_REQUIRED_CODE) {
        // The modal names the cart's stores as the server holds them now (they serve the address: ADR 0018).
        await kit.restore();
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
  };

  /** A change answered with the whole cart; a failure leaves the cart as it was (spec §8). */
  const change = async (
    call: () => Promise<{ ok: boolean; status: number; data: Cart }>,
    failure: string,
    { counts = true } = {},
  ) => {
    if (counts) changesSent.current++;
    dispatch({ type: "loading" });
    try {
      const res = await call();
      if (!res.ok) throw new Error(apiErrorMessage(res.data, `status ${res.status}`));
      dispatch({ type: "loaded", cart: res.data, pending: debouncer.pending() });
    } catch (err) {
      console.error(failure, err);
      dispatch({ type: "failed" });
    }
  };

  const chooseShipping = (name: string) =>
    change(
      () =>
        cartApi<ApiAnswer<"chooseShipping">>(
          "/menu/cart/shipping/v2",
          { method: "POST", body: { shipping_name: name } },
          multiStore(),
        ),
      "Failed to choose shipping",
    );

  return {
    /**
     * Adds an item. Whether it splits the cart is the server's call (409 split_cart_required), not this page's
     * copy of the cart: after an address change the server may have moved the cart to another store already.
     */
    add: (item: AddToCart) => post(item, multiStore()),
    /** The add the shopper agreed to split the cart for. */
    addSplit: (item: PendingAdd) => post(item, true),
    /** Spec §4: the server hears of a quantity QUANTITY_DEBOUNCE_MS after its last change. */
    scheduleQuantity: (lineId: string, qty: number) => debouncer.schedule(lineId, qty),
    pendingQuantities: () => debouncer.pending(),
    cancelQuantities: () => debouncer.cancelAll(),
    remove: (lineId: string) => {
      debouncer.cancel(lineId);
      return change(
        () =>
          cartApi<ApiAnswer<"removeCartItems">>(
            "/menu/cart/v2",
            { method: "DELETE", body: { ids: [lineId] } },
            multiStore(),
          ),
        REMOVE_ITEM_FAILED,
      );
    },
    chooseShipping,
    async loadShipping() {
      dispatch({ type: "loading" });
      try {
        const res = await cartApi<ApiAnswer<"getShippingOptions">>(
          "/menu/cart/shipping/v2",
          {},
          multiStore(),
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
    },
    /**
     * A new address may mean another store: the server moved the cart when it was set (ADR 0018); this copy is
     * brought in line with it (new prices, lines the new store lacks shown unavailable).
     */
    sync: () =>
      change(
        () =>
          cartApi<ApiAnswer<"syncCart">>("/menu/cart/sync/v2", { method: "POST", body: {} }, multiStore()),
        "Failed to sync cart",
        { counts: false },
      ),
  };
}

export type CartActions = ReturnType<typeof cartActions>;
