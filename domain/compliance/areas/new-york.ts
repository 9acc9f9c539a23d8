import type { Source } from "#domain/tax/types.ts";
import { RETRIEVED, tracedFrom } from "./common.ts";
import type { DryArea } from "./types.ts";

const BARNARD_POLICY: Source = {
  title: "Barnard College: Delivery of Alcohol policy (effective September 2011)",
  url: "https://barnard.edu/policy/alcoholdelivery",
  retrieved: RETRIEVED,
};

/**
 * Barnard College's main campus (Morningside Heights): the college forbids the delivery of alcohol to its students,
 * commercial delivery to its residence halls included. A college's policy rather than a law, kept because a
 * delivery there would break it at the door. The campus lies between Broadway and Claremont Avenue from West 116th
 * to West 120th Street; the outline is traced from those streets (Manhattan's grid runs 29° east of north).
 */
export const BARNARD_COLLEGE: DryArea = {
  id: "US-NY-NYC-BARNARD-COLLEGE",
  name: "Barnard College's campus",
  kind: "campus",
  state: "NY",
  cityCode: "NYC",
  classes: ["beer", "wine", "spirits"],
  why: "The college does not allow alcohol to be delivered to its campus or residence halls.",
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-73.9641, 40.8081],
        [-73.9623, 40.8106],
        [-73.9638, 40.8113],
        [-73.9657, 40.8087],
        [-73.9641, 40.8081],
      ],
    ],
  },
  outline: {
    accuracy: "approximate",
    note: tracedFrom(`${BARNARD_POLICY.title}, with the campus's streets`),
    description:
      "Broadway to the east, Claremont Avenue to the west, West 116th Street to the south, West 120th Street to the north.",
    source: BARNARD_POLICY,
  },
  effective: { from: "2011-09-01" },
  sources: [BARNARD_POLICY],
};
