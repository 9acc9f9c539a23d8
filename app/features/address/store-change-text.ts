import type { StoreChange } from "#domain/geo/api.ts";
import { prose } from "#domain/prose.ts";

/** What the shopper is told when a new address is served by another store (prices and availability change). */
export function storeChangeText(change: StoreChange): string {
  if (change.to.shipping && !change.from.shipping) {
    return prose`This address is outside our delivery zones, so your order will ship from ${change.to.name}. Prices and delivery times may differ.`;
  }
  if (!change.to.shipping && change.from.shipping) {
    return prose`Good news: ${change.to.name} delivers to this address. Prices and availability now come from ${change.to.name}.`;
  }
  return prose`Your store changed from ${change.from.name} to ${change.to.name}. Prices and availability may differ.`;
}
