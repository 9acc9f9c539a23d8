import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { minuteOfDay, WEEKDAYS } from "../availability/hours.ts";
import { CITY_SALE_HOURS } from "./rules/index.ts";
import type { Source } from "./types.ts";

/** The seeded cities, read from the seed's text (domain/ may not import db/). */
function seededCities(): { code: string; state: string; timezone: string }[] {
  const text = readFileSync(new URL("../../db/seed/stores.ts", import.meta.url), "utf8");
  const cities = [
    ...text.matchAll(/code: "(\w+)",\s*name: "[^"]*",\s*state: "(\w+)",[\s\S]*?timezone: "([^"]+)"/g),
  ];
  return cities.map(([, code, state, timezone]) => ({ code, state, timezone }));
}

function allSources(): Source[] {
  return CITY_SALE_HOURS.flatMap((c) =>
    c.rules.flatMap((r) => [
      ...r.sources,
      ...r.hours.flatMap((h) => [
        h.source,
        ...(h.bannedDays ?? []).map((d) => d.source),
        ...(h.specialDays ?? []).map((d) => d.source),
      ]),
    ]),
  );
}

describe("sale-hours data", () => {
  const seeded = seededCities();

  it("reads the seed's ten cities", () => {
    expect(seeded.map((c) => c.code).sort()).toEqual(
      ["ATX", "CHI", "DCMETRO", "DEN", "LA", "MIA", "NYC", "SEA", "SF", "SJ"].sort(),
    );
  });

  it.each(seeded)(
    "$code ($state) has rules for beer, wine and spirits in its zone",
    ({ code, state, timezone }) => {
      const city = CITY_SALE_HOURS.find((c) => c.cityCode === code);
      expect(city).toBeDefined();
      expect(city?.state).toBe(state);
      expect(city?.timeZone).toBe(timezone);
      expect(["state", "district"]).toContain(city?.rules[0].level);
      expect(city?.rules.every((r) => r.state === state)).toBe(true);
      for (const cls of ["beer", "wine", "spirits"] as const) {
        expect(city?.rules.some((r) => r.hours.some((h) => h.classes.includes(cls)))).toBe(true);
      }
    },
  );

  it("cites every figure with an https address and an ISO date", () => {
    for (const s of allSources()) {
      expect(s.title.length).toBeGreaterThan(10);
      expect(new URL(s.url).protocol).toBe("https:");
      expect(s.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(s.retrieved))).toBe(false);
    }
  });

  it("writes every window as two HH:MM times on weekday keys", () => {
    for (const city of CITY_SALE_HOURS) {
      for (const rule of city.rules) {
        expect(rule.effective.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        for (const h of rule.hours) {
          expect(h.classes.length).toBeGreaterThan(0);
          for (const [day, windows] of Object.entries(h.weekly)) {
            expect(WEEKDAYS).toContain(day);
            for (const [a, b] of windows ?? []) {
              expect(minuteOfDay(a)).not.toBeNull();
              expect(minuteOfDay(b)).not.toBeNull();
            }
          }
          for (const s of h.specialDays ?? []) {
            for (const [a, b] of s.windows) {
              expect(minuteOfDay(a)).not.toBeNull();
              expect(minuteOfDay(b)).not.toBeNull();
            }
          }
        }
      }
    }
  });

  it("supersedes only rules of the same city", () => {
    for (const city of CITY_SALE_HOURS) {
      const ids = city.rules.map((r) => r.jurisdiction);
      for (const r of city.rules) for (const s of r.supersedes ?? []) expect(ids).toContain(s);
    }
  });
});
