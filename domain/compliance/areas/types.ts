/**
 * Where alcohol may not be delivered (issue 33 §3): areas a vote, a city or a campus keeps dry, as polygons kept as
 * data with their sources (`domain/compliance/areas/`), read by the pure rule in `domain/compliance/dry-areas.ts`.
 */
import type { ZoneGeometry } from "#domain/geo/types.ts";
import type { Effective, Source } from "#domain/tax/types.ts";
import type { AlcoholClass } from "../goods.ts";

export type DryAreaKind =
  /** A precinct (or part of one) voted dry under a local option law. */
  | "dry_precinct"
  /** A college or university that does not allow alcohol to be delivered to its campus. */
  | "campus"
  /** An area a city or county forbids alcohol sales or deliveries in by ordinance. */
  | "city_ban";

/** How the polygon was drawn: from the official boundary file, or traced by hand from the best public description. */
export type Outline =
  | { accuracy: "official"; source: Source }
  | {
      accuracy: "approximate";
      /** "approximate, traced from <the source's title>": what the polygon is, for whoever reads the data. */
      note: string;
      /** The boundary as the source words it: streets, landmarks. */
      description: string;
      source: Source;
    };

export interface DryArea {
  /** Stable and readable: "US-IL-CHICAGO-W47-P9-1907". */
  id: string;
  /** Shopper English, after "in": "the 9th precinct of Chicago's 47th Ward (Lincoln Square)". */
  name: string;
  kind: DryAreaKind;
  /** Two-letter USPS state code. */
  state: string;
  /** The seed's city code (db/seed/stores.ts) when it lies in a seeded city, else null. */
  cityCode: string | null;
  /** The classes that may not be delivered there. */
  classes: AlcoholClass[];
  /** Why, in one plain sentence the shopper reads: "Its voters have banned alcohol sales there." */
  why: string;
  /** GeoJSON, positions [lng, lat]. */
  geometry: ZoneGeometry;
  outline: Outline;
  /** In force from (inclusive) to (exclusive, once repealed). */
  effective: Effective;
  sources: Source[];
}
