import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./markup.ts";

describe("escapeMarkup", () => {
  it("escapes the five characters markup gives meaning to, and nothing else", () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
    expect(escapeMarkup("Rosé 750ml · $12")).toBe("Rosé 750ml · $12");
  });
});
