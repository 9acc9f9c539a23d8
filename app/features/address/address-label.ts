import type { SavedAddress } from "#domain/geo/api.ts";

/**
 * The header chip's words for a saved address, kept in this browser so a shared page's chip reads them from its
 * first paint (docs/adr/0054-storefront-review-fixes.md). A shared page is the same for every shopper of a store
 * (ADR 42): its chip is rendered pending ("Delivery address") and the address itself comes from GET /auth/shell once
 * the page has hydrated. The inline script after the chip puts the street this browser saved last in its place at
 * once; the page's own data replaces it as it arrives.
 */
export const ADDRESS_LABEL_KEY = "nightcap.addressLabel";

export const chipLabel = (address: Pick<SavedAddress, "street" | "city" | "state">) =>
  address.street || `${address.city}, ${address.state}`;

/** Inline after the chip (same for every shopper: it reads only this browser's storage). */
export const ADDRESS_LABEL_SCRIPT = `try{var c=document.currentScript.previousElementSibling,t=c&&c.hasAttribute("data-pending")&&localStorage.getItem("${ADDRESS_LABEL_KEY}");if(t)c.querySelector(".address-chip__text").textContent=t}catch(e){}`;

/** Keeps the chip's words for the next page (forgotten when the browser has no saved address). */
export function rememberAddressLabel(address: SavedAddress | null): void {
  try {
    if (address) window.localStorage.setItem(ADDRESS_LABEL_KEY, chipLabel(address));
    else window.localStorage.removeItem(ADDRESS_LABEL_KEY);
  } catch {
    // Storage refused (private mode, full): the chip waits for the page's data, as before.
  }
}
