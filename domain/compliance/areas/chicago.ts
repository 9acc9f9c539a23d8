import type { Source } from "#domain/tax/types.ts";
import { RETRIEVED, tracedFrom } from "./common.ts";
import type { DryArea } from "./types.ts";

/**
 * Chicago's dry precincts. The Illinois Liquor Control Act of 1934 lets the voters of any Chicago precinct vote it
 * dry by local option referendum; no retail liquor licence is then issued there. The city keeps the precincts on
 * its "Liquor Moratorium / Vote Dry Area" map and as a GIS file (Liquor Moratorium Districts - Dry Precincts,
 * data.cityofchicago.org 3cpd-5xpf, marked historical-only); neither could be read from here, so each outline below
 * is traced by hand from a published description of its streets and marked so. The shopper's sale is completed at
 * their door, so a precinct dry for retail sale is one we do not deliver alcohol into.
 */

const CITY_DRY_PRECINCTS: Source = {
  title:
    "City of Chicago Data Portal: Liquor Moratorium Districts - Dry Precincts (3cpd-5xpf), dataset description",
  url: "https://catalog.data.gov/dataset/liquor-moratorium-districts-dry-precincts",
  retrieved: RETRIEVED,
};
const CITY_VOTE_DRY_LOOKUP: Source = {
  title: "City of Chicago BACP: Liquor Moratorium / Vote Dry Area look-up",
  url: "https://www.chicago.gov/city/en/depts/bacp/provdrs/bus/svcs/liquor_moratoriumvotedryarealook-up.html",
  retrieved: RETRIEVED,
};
const LINCOLN_SQUARE_BOUNDS: Source = {
  title:
    "Chicago Sun-Times / USA Today Network: Chicago voters overturn 117-year-old alcohol ban in part of Lincoln Square (Nov. 2024)",
  url: "https://usa-today-news.com/news/chicago-voters-overturn-117-year-old-alcohol-ban-in-part-of-lincoln-square",
  retrieved: RETRIEVED,
};
const LINCOLN_SQUARE_REPEAL: Source = {
  title:
    "Voters overturn 117-year-old booze ban in three-block zone of Lincoln Square (licences from 30 days after the Nov. 5, 2024 election)",
  url: "https://theflashnews.co/news/voters-overturn-yearold-booze-ban-in-threebl-672d4fbb4cd6f5e410ef44bf",
  retrieved: RETRIEVED,
};
const BAPA_WET_DRY: Source = {
  title: "Beverly Area Planning Association: BAPA History: The \u201cWet/Dry\u201d Issue",
  url: "https://bapa.org/bapa-history-the-wet-dry-issue/",
  retrieved: RETRIEVED,
};

/**
 * The 9th precinct of the 47th Ward (Lincoln Square): dry since 1907, repealed by its voters on November 5, 2024
 * (285 of 336 voted to end it); no licence could be issued before 30 days after the election, so it ends on
 * December 5, 2024. Kept, out of force, as the record of a repeal and the rule's test that one is honoured.
 */
export const LINCOLN_SQUARE_1907: DryArea = {
  id: "US-IL-CHICAGO-W47-P9-1907",
  name: "the 9th precinct of Chicago's 47th Ward (Lincoln Square)",
  kind: "dry_precinct",
  state: "IL",
  cityCode: "CHI",
  classes: ["beer", "wine", "spirits"],
  why: "Its voters banned alcohol sales there in 1907.",
  geometry: {
    type: "Polygon",
    // Montrose Ave (4400 N) to Sunnyside Ave (4500 N), from Damen Ave (2000 W) west to Lincoln Ave (diagonal).
    coordinates: [
      [
        [-87.6787, 41.96155],
        [-87.6787, 41.96335],
        [-87.68485, 41.96335],
        [-87.6836, 41.96155],
        [-87.6787, 41.96155],
      ],
    ],
  },
  outline: {
    accuracy: "approximate",
    note: tracedFrom(LINCOLN_SQUARE_BOUNDS.title),
    description:
      "Bounded by Lincoln Avenue to the west, Sunnyside Avenue to the north, Damen Avenue to the east and Montrose Avenue to the south.",
    source: LINCOLN_SQUARE_BOUNDS,
  },
  // unverified here: the day in 1907 the vote took effect was not seen; the year is from the sources.
  effective: { from: "1907-01-01", to: "2024-12-05" },
  sources: [LINCOLN_SQUARE_BOUNDS, LINCOLN_SQUARE_REPEAL, CITY_DRY_PRECINCTS],
};

/**
 * Beverly and Morgan Park east of Western Avenue (the 19th Ward's "Ridge" communities): Morgan Park was founded in
 * the 1870s as a temperance community, and the precincts east of Western have voted to stay dry for almost 90
 * years, so no liquor is sold there while the west side of Western has bars and stores. The exact precinct lines are
 * on the city's Vote Dry map; this outline follows the description: Western Avenue to the west, 87th Street to the
 * north, 119th Street to the south and the Rock Island line (about 1800 W) to the east. Outside every seeded
 * delivery zone: it matters to the shipping store and to any store whose zone reaches it.
 */
export const BEVERLY_MORGAN_PARK: DryArea = {
  id: "US-IL-CHICAGO-W19-EAST-OF-WESTERN",
  name: "Beverly and Morgan Park east of Western Avenue (Chicago's 19th Ward)",
  kind: "dry_precinct",
  state: "IL",
  cityCode: "CHI",
  classes: ["beer", "wine", "spirits"],
  why: "Its precincts are voted dry: no alcohol is sold there.",
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [-87.6825, 41.736],
        [-87.6825, 41.6775],
        [-87.668, 41.6775],
        [-87.668, 41.736],
        [-87.6825, 41.736],
      ],
    ],
  },
  outline: {
    accuracy: "approximate",
    note: tracedFrom(BAPA_WET_DRY.title),
    description:
      "The Ridge communities (Beverly, Morgan Park) east of Western Avenue, 87th to 119th Street; the east edge at the Rock Island line is our reading, not the source's.",
    source: BAPA_WET_DRY,
  },
  // unverified here: when each precinct was voted dry; the source says "almost 90 years", i.e. since 1934's Act.
  effective: { from: "1934-01-01" },
  sources: [BAPA_WET_DRY, CITY_VOTE_DRY_LOOKUP, CITY_DRY_PRECINCTS],
};
