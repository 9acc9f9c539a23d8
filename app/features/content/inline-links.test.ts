import { describe, expect, it } from "vitest";
import { CONTENT_PAGES } from "./pages.server.ts";
import { inlineParts } from "./inline-links.ts";

describe("inlineParts", () => {
  it("turns [text](/path) into links and keeps the rest as text", () => {
    expect(inlineParts("See [Careers](/careers) or [contact us](/contact-us).")).toEqual([
      { text: "See " },
      { text: "Careers", to: "/careers" },
      { text: " or " },
      { text: "contact us", to: "/contact-us" },
      { text: "." },
    ]);
  });

  it("leaves plain text and external or script targets alone", () => {
    expect(inlineParts("No links here")).toEqual([{ text: "No links here" }]);
    expect(inlineParts("[x](https://evil.example) [y](javascript:alert(1))")).toEqual([
      { text: "[x](https://evil.example) [y](javascript:alert(1))" },
    ]);
  });
});

describe("content pages", () => {
  const internalLinks = Object.values(CONTENT_PAGES).flatMap((page) =>
    page.blocks.flatMap((block) => {
      const texts = "p" in block ? [block.p] : "ul" in block ? block.ul : "ol" in block ? block.ol : "faq" in block ? block.faq.map((f) => f.a) : [];
      return texts.flatMap((t) => inlineParts(t).flatMap((part) => ("to" in part ? [part.to] : [])));
    }),
  );

  it("has every page the spec lists, with a title, a description and text", () => {
    for (const path of [
      "/liquor-gift-guide",
      "/retailers",
      "/business",
      "/careers",
      "/privacy-policy",
      "/terms-of-service",
      "/sweepstakes-rules",
      "/returns-refunds",
      "/contact-us",
      "/merchant-terms",
      "/merchant-manageddelivery-terms",
      "/loyalty-program-benefits",
      "/share",
      "/about",
      "/apply",
    ]) {
      const page = CONTENT_PAGES[path];
      expect(page, path).toBeDefined();
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.description.length).toBeLessThanOrEqual(170);
      expect(page.blocks.length).toBeGreaterThan(2);
    }
  });

  it("credits the data sources on /about with the BC licence line", () => {
    const text = JSON.stringify(CONTENT_PAGES["/about"]);
    expect(text).toContain("Contains information licensed under the Open Government Licence – British Columbia.");
    expect(text).toContain("Iowa Department of Commerce, Alcoholic Beverages Division");
  });

  it("links only to pages that exist in the storefront", () => {
    const known = /^\/(wine|spirits|gifting|login|brands)(\/[a-z-]+)?$/;
    for (const to of internalLinks) expect(CONTENT_PAGES[to] !== undefined || known.test(to), to).toBe(true);
  });
});
