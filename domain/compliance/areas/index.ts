/**
 * Every area where we do not deliver alcohol, in force or repealed (a repeal is kept with its end date). Data, each
 * with its sources and how its outline was drawn; `domain/compliance/dry-areas.ts` reads them.
 *
 * Searched and not found for the other seeded cities (2026-11-29): Los Angeles, San Francisco, San Jose, Austin,
 * Denver, Miami and Washington, DC have no dry precincts within city limits that a source describes; Seattle's
 * Alcohol Impact Areas (WAC 314-12-215) ban a list of products, not alcohol, and are not modelled here.
 */
import { BEVERLY_MORGAN_PARK, LINCOLN_SQUARE_1907 } from "./chicago.ts";
import { BARNARD_COLLEGE } from "./new-york.ts";
import type { DryArea } from "./types.ts";

export const DRY_AREAS: readonly DryArea[] = [LINCOLN_SQUARE_1907, BEVERLY_MORGAN_PARK, BARNARD_COLLEGE];

export type { DryArea, DryAreaKind, Outline } from "./types.ts";
export { BARNARD_COLLEGE, BEVERLY_MORGAN_PARK, LINCOLN_SQUARE_1907 };
