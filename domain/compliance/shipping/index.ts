/** What each shipping store may ship where, by the state it ships from. */
import { FROM_CALIFORNIA } from "./from-california.ts";
import type { ShipperRules } from "./types.ts";

export const SHIPPER_RULES: readonly ShipperRules[] = [FROM_CALIFORNIA];

/** The state our shipping store is licensed in (Napa, California: db/seed/stores.ts). */
export const SHIPPING_STORE_STATE = "CA";

export type { ClassShipping, ShipLimit, ShipperRules, StateShipping } from "./types.ts";
export { FROM_CALIFORNIA };
