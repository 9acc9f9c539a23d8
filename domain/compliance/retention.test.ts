import { describe, expect, it } from "vitest";
import { keptUntil, RECORD_RETENTION, retentionFor } from "./retention.ts";

describe("record retention per state, as data with its source", () => {
  it.each(Object.values(RECORD_RETENTION))(
    "$state: whole years, an official-looking source, read on a date",
    (r) => {
      expect(Number.isInteger(r.years) && r.years > 0).toBe(true);
      expect(r.source.url).toMatch(/^https:\/\//);
      expect(r.source.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(RECORD_RETENTION[r.state]).toBe(r);
    },
  );

  it.each([
    ["CA", 3, false],
    ["ca", 3, false],
    ["TX", 4, false],
    ["IL", 4, false],
    ["NY", 4, true],
    [null, 4, true],
  ])("%s keeps %i years (fallback: %s)", (state, years, fallback) => {
    expect(retentionFor(state)).toMatchObject({ years, fallback });
  });

  it("a record is kept until the same day years later", () => {
    expect(keptUntil(new Date("2026-11-29T23:30:00Z"), 3).toISOString()).toBe("2029-11-29T23:30:00.000Z");
  });
});
