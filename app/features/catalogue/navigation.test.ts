import { describe, expect, it } from "vitest";
import { buildNavigation } from "./navigation.ts";

const cat = (
  url_name: string,
  ordinal: number | null,
  root_category_display: "WEB_MAIN" | "WEB_SUB" | "WEB_STOREFRONT" = "WEB_MAIN",
  parent_id: string | null = null,
) => ({
  _id: `cat_${url_name}`,
  url_name,
  name: url_name,
  web_display_name: url_name,
  root_category_display,
  ordinal,
  parent_id,
});

describe("buildNavigation", () => {
  it("keeps WEB_MAIN top levels sorted by ordinal, with 999 for a missing ordinal", () => {
    const nav = buildNavigation([
      cat("sexual-wellness", null),
      cat("wine", 2),
      cat("stpaddys", 1, "WEB_STOREFRONT"),
      cat("beer", 1),
      cat("more", 7),
      cat("gifting", 5),
    ]);
    expect(nav.map((n) => n.urlName)).toEqual(["beer", "wine", "gifting", "more", "sexual-wellness"]);
  });

  it("builds WEB_SUB children from a flat list with parent ids, sorted by ordinal, under /{parent}/{child}", () => {
    const nav = buildNavigation([
      cat("wine", 2),
      cat("sake", null, "WEB_SUB", "cat_wine"),
      cat("white-wine", 2, "WEB_SUB", "cat_wine"),
      cat("red-wine", 1, "WEB_SUB", "cat_wine"),
    ]);
    expect(nav[0].children).toEqual([
      { name: "red-wine", url: "/wine/red-wine" },
      { name: "white-wine", url: "/wine/white-wine" },
      { name: "sake", url: "/wine/sake" },
    ]);
  });

  it("reads the API's nested tree (subcategories) the same way", () => {
    const nav = buildNavigation([
      { ...cat("spirits", 3), subcategories: [cat("vodka", 2, "WEB_SUB"), cat("whiskey", 1, "WEB_SUB")] },
    ]);
    expect(nav).toEqual([
      {
        name: "spirits",
        url: "/spirits",
        urlName: "spirits",
        children: [
          { name: "whiskey", url: "/spirits/whiskey" },
          { name: "vodka", url: "/spirits/vodka" },
        ],
      },
    ]);
  });

  it("prefers the web display name", () => {
    const nav = buildNavigation([{ ...cat("more", 7), web_display_name: "Mixers, Snacks & More" }]);
    expect(nav[0].name).toBe("Mixers, Snacks & More");
  });
});
