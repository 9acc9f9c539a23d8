import { ORDINAL_FALLBACK } from "#domain/catalogue/constants.ts";
import type { Category } from "#domain/catalogue/types.ts";

/** A navigation entry: a top-level category and, for the mega menu and drawer, its sub-categories. */
export interface NavItem {
  name: string;
  url: string;
  urlName: string;
  children: NavLink[];
}

export interface NavLink {
  name: string;
  url: string;
}

type CategoryLike = Pick<
  Category,
  "_id" | "url_name" | "web_display_name" | "name" | "root_category_display"
> & {
  ordinal?: number | null;
  parent_id?: string | null;
  subcategories?: CategoryLike[];
};

const ordinalOf = (c: { ordinal?: number | null }) =>
  typeof c.ordinal === "number" && Number.isFinite(c.ordinal) ? c.ordinal : ORDINAL_FALLBACK;

const byOrdinal = (a: CategoryLike, b: CategoryLike) =>
  ordinalOf(a) - ordinalOf(b) || (a.web_display_name || a.name).localeCompare(b.web_display_name || b.name);

function flatten(categories: readonly CategoryLike[], parentId: string | null, out: CategoryLike[]) {
  for (const c of categories) {
    out.push({ ...c, parent_id: c.parent_id ?? parentId });
    if (c.subcategories?.length) flatten(c.subcategories, c._id, out);
  }
  return out;
}

/**
 * The header navigation (spec §2): WEB_MAIN top-level categories with their WEB_SUB children, each level sorted
 * by ordinal (999 when missing). Accepts the API's tree or a flat list with parent ids.
 */
export function buildNavigation(categories: readonly CategoryLike[]): NavItem[] {
  const all = flatten(categories, null, []);
  const top = all.filter((c) => c.root_category_display === "WEB_MAIN" && !c.parent_id).sort(byOrdinal);
  return top.map((parent) => ({
    name: parent.web_display_name || parent.name,
    url: `/${parent.url_name}`,
    urlName: parent.url_name,
    children: all
      .filter((c) => c.parent_id === parent._id && c.root_category_display === "WEB_SUB")
      .sort(byOrdinal)
      .map((child) => ({
        name: child.web_display_name || child.name,
        url: `/${parent.url_name}/${child.url_name}`,
      })),
  }));
}
