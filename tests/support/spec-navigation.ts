/**
 * Spec §2 "Navigation categories (url name and tags)", copied from the spec as written, for the tests that
 * hold the seeded categories to it. nicotine-tobacco and gifting ("several tags each") are not in it.
 */
export const SPEC_NAVIGATION_TAGS: readonly [string, string[]][] = [
  ["beer", ["BE"]],
  ["wine", ["RW", "WW", "RS", "SW"]],
  ["red-wine", ["RW"]],
  ["white-wine", ["WW"]],
  ["champagne-sparkling", ["SW"]],
  ["dollar-wines", ["5C"]],
  ["spirits", ["WS", "VO", "RU", "TQ", "GN", "SP", "CO"]],
  ["whiskey", ["WS"]],
  ["vodka", ["VO"]],
  ["rum", ["RU"]],
  ["tequila", ["TQ"]],
  ["gin", ["GN"]],
  ["cordials", ["SP"]],
  ["cocktails-combos", ["CO"]],
  ["mixers", ["MX"]],
  ["snacks", ["SN"]],
  ["cigars-tobacco", ["TB"]],
  ["more", ["MX", "SN", "TB"]],
  ["stpaddys", ["IR"]],
  ["sake", ["SK"]],
  ["beers-of-the-month", ["LR"]],
  ["me-time-whiskeys", ["MT"]],
  ["sweet-wines", ["SS"]],
  ["rose", ["RS"]],
];
