/** The unit of storefront-wide grids (search results); any other `u` names a category by its url name. */
export const STOREFRONT_UNIT = "storefront";
