/** Spec §9: minimum age 21. */
export const AGE_NOTICE =
  "You must be 21 or older to order alcohol or tobacco. A valid photo ID is checked at delivery. Please drink responsibly.";

/** Required attribution for the BC Liquor Distribution Branch price list (data/catalogue/SOURCES.md). */
export const BC_ATTRIBUTION =
  "Contains information licensed under the Open Government Licence – British Columbia.";
