import { formatCents } from "../money.ts";
import { prose } from "../prose.ts";

/**
 * A store's order minimum (spec §3 split_cart minimum_error): null when met or when the store has none,
 * else the text telling how much more to add.
 */
export function minimumError(subtotalCents: number, minimumCents: number, storeName: string): string | null {
  if (minimumCents <= 0 || subtotalCents >= minimumCents) return null;
  return prose`Add ${formatCents(minimumCents - subtotalCents, true)} more to reach the ${formatCents(minimumCents)} minimum at ${storeName}.`;
}
