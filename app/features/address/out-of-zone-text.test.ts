import { describe, expect, it } from "vitest";
import type { Category } from "#domain/catalogue/types.ts";
import { outOfZoneHeading, shippingOfferText } from "./out-of-zone-text.ts";
import { shippedCategories } from "./shipped-categories.ts";

const category = (over: Partial<Category>): Category => ({
  _id: `cat_${over.url_name}`,
  name: over.url_name ?? "",
  web_display_name: "",
  url_name: "",
  tag: "",
  tags: [],
  ordinal: 999,
  parent_id: null,
  product_count: 1,
  is_tobacco: false,
  icon: null,
  image: null,
  root_category_display: "WEB_MAIN",
  description: null,
  url: "",
  subcategories: [],
  ...over,
});

describe("an address outside every delivery zone", () => {
  it("says plainly that we do not deliver there", () => {
    expect(outOfZoneHeading({ city: "Boise", state: "ID" })).toBe("We don't deliver to Boise, ID.");
  });

  it.each([
    [
      { store: "Nightcap Cellar (ships nationwide)", eta: "2–5 business days" },
      "Nightcap Cellar (ships nationwide) can ship your order there instead, in 2–5 business days.",
    ],
    [{ store: "Napa Wine Co.", eta: null }, "Napa Wine Co. can ship your order there instead."],
  ])("says who ships there instead and how long it takes: %o", (offer, text) => {
    expect(shippingOfferText({ ...offer, ships: [] })).toBe(text);
  });

  const available = {
    store_id: "st_ship",
    categories: [
      category({ url_name: "spirits", name: "Spirits", ordinal: 3 }),
      category({ url_name: "red-wine", name: "Red Wine", ordinal: 1, root_category_display: "WEB_SUB" }),
      category({ url_name: "wine", name: "Wine", ordinal: 2 }),
      category({ url_name: "beer", name: "Beer", ordinal: 1, product_count: 0 }),
      category({ url_name: "more", name: "More", web_display_name: "Mixers, Snacks & More" }),
    ],
  };

  it("lists what can be shipped: the top menu's categories the store has products in, in menu order", () => {
    expect(shippedCategories(available, "ND", "2026-11-29")).toEqual([
      { name: "Wine", url: "/wine" },
      { name: "Spirits", url: "/spirits" },
      { name: "Mixers, Snacks & More", url: "/more" },
    ]);
  });

  it("leaves out a class the address's state does not let the store ship (issue 33 §3)", () => {
    expect(shippedCategories(available, "FL", "2026-11-29").map((c) => c.name)).toEqual([
      "Wine",
      "Mixers, Snacks & More",
    ]);
    expect(shippedCategories(available, "IL", "2026-11-29").map((c) => c.name)).toEqual([
      "Mixers, Snacks & More",
    ]);
  });
});
