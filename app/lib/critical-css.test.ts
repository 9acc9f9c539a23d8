import { describe, expect, it } from "vitest";
import { criticalCss } from "./critical-css.ts";

const css = [
  ":root{--ink: #17132b}",
  "*,*:before{box-sizing:border-box}",
  "body{margin:0}",
  ".card{padding:4px}",
  ".card__title,.drawer__title{font-weight:700}",
  ".drawer{position:fixed}",
  "#reviews{margin:0}",
  ".card:not(.card--sold){opacity:1}",
  '.card[data-x="a{b}"]:before{content:"}"}',
  "@media(min-width:768px){.card{padding:8px}.drawer{inset:0}}",
  "@media(min-width:1024px){.drawer{inset:4px}}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
  ".card.card--wide .card__title{font-size:20px}",
].join("");

describe("criticalCss", () => {
  const critical = criticalCss(css);

  it("keeps the rules whose classes and ids the document has, in order, and every rule naming none", () => {
    const html = '<main><div class="card  other"><h2 class="card__title" id="reviews">x</h2></div></main>';
    expect(critical.forHtml(html)).toBe(
      [
        ":root{--ink: #17132b}",
        "*,*:before{box-sizing:border-box}",
        "body{margin:0}",
        ".card{padding:4px}",
        ".card__title,.drawer__title{font-weight:700}",
        "#reviews{margin:0}",
        ".card:not(.card--sold){opacity:1}",
        '.card[data-x="a{b}"]:before{content:"}"}',
        "@media(min-width:768px){.card{padding:8px}}",
        "@keyframes spin{to{transform:rotate(1turn)}}",
      ].join(""),
    );
  });

  it("keeps a rule only when one selector's classes are all present", () => {
    expect(critical.forHtml('<div class="card card--wide"><p class="card__title"></p></div>')).toContain(
      ".card.card--wide .card__title{font-size:20px}",
    );
    expect(critical.forHtml('<div class="card"><p class="card__title"></p></div>')).not.toContain(
      "card--wide",
    );
  });

  it("drops an at-rule block left empty", () => {
    expect(critical.forHtml("<p>nothing</p>")).not.toContain("@media");
  });

  it("returns the whole stylesheet for a document that uses every class", () => {
    const all = '<div class="card card--wide card__title drawer drawer__title" id="reviews"></div>';
    expect(critical.forHtml(all)).toBe(css);
  });

  it("reads a document in parts as it reads the whole, wherever the parts are cut", () => {
    // Long enough to be read in several pieces; a two-byte character and attributes across every kind of cut.
    const cards = Array.from(
      { length: 400 },
      (_, i) =>
        `<li class="${i % 7 === 0 ? "card card--wide" : "card"}"><h3 class="card__title" id="t${i}">Café “${i}”</h3></li>`,
    ).join("");
    const html = `<main><ul class="grid">${cards}</ul><div class="drawer\tdrawer__title" id="reviews"></div></main>`;
    const bytes = Buffer.from(html);
    const whole = critical.forHtml(html);
    expect(whole).toContain(".card.card--wide .card__title");
    for (const size of [1, 3, 7, 100, 4096, 16 * 1024 + 1, bytes.length]) {
      const parts: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
      expect(critical.forParts(parts)).toBe(whole);
    }
    expect(critical.forParts([])).toBe(critical.forHtml(""));
  });
});
