/**
 * Whose rates apply to a delivery (issue 33 §1): the store's jurisdictions (origin sourcing) or the delivery
 * address's (destination sourcing), by the state's rule. A delivery across a state line is always sourced at its
 * destination (no state taxes a sale delivered out of it at its own local rates); the caller then uses the
 * destination state's `StateRules`.
 */
import type { Rate, StateRules } from "./types.ts";

/** The two-letter state of a jurisdiction id ("US-IL-CHICAGO" → "IL"), or null if it does not follow the scheme. */
export function stateOf(jurisdictionId: string): string | null {
  const match = /^US-([A-Z]{2})(?:-|$)/.exec(jurisdictionId);
  return match ? match[1] : null;
}

function statesOf(ids: readonly string[]): Set<string | null> {
  return new Set(ids.map(stateOf));
}

/** True when both lists lie in one and the same state. */
export function sameState(store: readonly string[], address: readonly string[]): boolean {
  const states = new Set([...statesOf(store), ...statesOf(address)]);
  return states.size === 1 && !states.has(null);
}

/** The jurisdiction ids whose rates apply to a delivery from `store` to `address`, without repeats, in order. */
export function sourcedJurisdictions(
  sourcing: StateRules["sourcing"],
  store: readonly string[],
  address: readonly string[],
): string[] {
  const use = sourcing === "origin" && sameState(store, address) ? store : address;
  return [...new Set(use)];
}

/** The rates levied by the given jurisdictions. */
export function ratesIn(rates: readonly Rate[], jurisdictions: readonly string[]): Rate[] {
  const wanted = new Set(jurisdictions);
  return rates.filter((rate) => wanted.has(rate.jurisdiction));
}
