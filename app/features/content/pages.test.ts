import { describe, expect, it } from "vitest";
import { CONTENT_PAGES } from "./pages.server.ts";

/** Every string a content page shows, its headings, paragraphs, lists and questions. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

describe("content pages", () => {
  it.each(Object.entries(CONTENT_PAGES))("%s ends its sentences with one full stop", (_path, page) => {
    // "Nightcap Delivery, Inc.." is the company's name and the sentence's stop written twice; "…" is fine.
    for (const text of textsOf(page)) expect(text).not.toMatch(/[^.]\.\.(?!\.)/);
  });
});
