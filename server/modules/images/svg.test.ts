import { describe, expect, it } from "vitest";
import { categorySvg, escapeXml, initials, type ProductArt, productSvg, silhouetteFor } from "./svg.ts";

const art = (over: Partial<ProductArt>): ProductArt => ({
  title: "Maker's Mark",
  brand: "Maker's Mark",
  tags: ["WS"],
  volumeLabel: "750ml",
  volumeMl: 750,
  packageQty: 1,
  ...over,
});

describe("product art", () => {
  it.each([
    [{ tags: ["WS"] }, "spirit"],
    [{ tags: ["RW", "5C"] }, "wine"],
    [{ tags: ["SW", "RS"] }, "wine"],
    [{ tags: ["BE"], title: "Heineken Lager", volumeMl: 330 }, "beer"],
    [{ tags: ["BE"], title: "Stella Artois Tall Can", volumeMl: 500 }, "can"],
    [{ tags: ["BE", "LR"], packageQty: 6, volumeMl: 341 }, "pack"],
    [{ tags: ["HS"], volumeMl: 355 }, "can"],
    [{ tags: ["SP"], packageQty: 10, volumeMl: 50 }, "pack"],
    [{ tags: ["WS", "GFS"] }, "spirit"],
    [{ tags: ["GFS"], volumeMl: null }, "gift"],
    [{ tags: ["GW"], volumeMl: null }, "gift"],
    [{ tags: ["SN"], title: "Lay's Classic Potato Chips" }, "bag"],
    [{ tags: ["SN"], title: "Ben & Jerry's Half Baked Ice Cream" }, "tub"],
    [{ tags: ["NP"] }, "box"],
    [{ tags: ["SEX"] }, "box"],
    [{ tags: ["MX"], volumeMl: 2000 }, "spirit"],
  ] as [Partial<ProductArt>, string][])("%j → %s", (over, silhouette) => {
    expect(silhouetteFor(art(over))).toBe(silhouette);
  });

  it.each([
    ["Maker's Mark", "MM"],
    ["Jack Daniel's", "JD"],
    ["1800", "18"],
    ["House of the Dragon", "HD"],
    ["Château de La Mission", "CM"],
    ["Ben & Jerry's", "BJ"],
    ["", "?"],
  ])("initials of %s → %s", (name, mark) => {
    expect(initials(name)).toBe(mark);
  });

  it("is a small, valid SVG whose colours follow the brand, not the product", () => {
    const a = productSvg(art({}));
    const b = productSvg(art({ title: "Maker's Mark 46" }));
    const other = productSvg(art({ brand: "Woodford Reserve", title: "Woodford Reserve" }));
    expect(a).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 240 240".*<\/svg>$/);
    expect(a.length).toBeLessThan(2500);
    const fills = (svg: string) => svg.match(/hsl\([^)]*\)/g);
    expect(fills(a)).toEqual(fills(b));
    expect(fills(a)).not.toEqual(fills(other));
    expect(a).toContain(">MM<");
    expect(a).toContain("750ml");
  });

  it("writes the size under the brand, clear of the corners a card's heart and an engraving badge cover", () => {
    const sized = productSvg(art({}));
    expect(sized).toMatch(
      /<text x="120" y="223"[^>]*>Maker&#39;s Mark<\/text><text x="120" y="236"[^>]*>750ml<\/text>/,
    );
    expect(sized).not.toMatch(/text-anchor="(end|start)"/);
    const unsized = productSvg(art({ volumeLabel: null }));
    expect(unsized).toMatch(/<text x="120" y="236"[^>]*>Maker&#39;s Mark<\/text><\/svg>$/);
  });

  it("escapes text from product data", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&#60;a href=&#34;x&#34;&#62;&#38;&#39;");
    const svg = productSvg(art({ title: "<script>alert(1)</script>", brand: "A&B <Co>" }));
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("A&#38;B &#60;Co&#62;");
  });
});

describe("category art", () => {
  it("draws the category's kind of product and names it", () => {
    const svg = categorySvg({ urlName: "red-wine", name: "Red Wine", tags: ["RW"] });
    expect(svg).toContain("<title>Red Wine</title>");
    expect(svg).toContain(">Red Wine</text>");
    expect(svg.length).toBeLessThan(2500);
  });
});
