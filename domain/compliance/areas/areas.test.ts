import { describe, expect, it } from "vitest";
import { US_STATES } from "#domain/geo/us-states.ts";
import { asZoneGeometry } from "#domain/geo/zone.ts";
import { FROM_CALIFORNIA } from "../shipping/index.ts";
import { DRY_AREAS } from "./index.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const checkSource = (s: { title: string; url: string; retrieved: string }) => {
  expect(s.title.length).toBeGreaterThan(10);
  expect(new URL(s.url).protocol).toBe("https:");
  expect(s.retrieved).toMatch(ISO_DATE);
};

describe("dry-area data", () => {
  it("gives every area a unique id, a state, classes, a reason and sources", () => {
    expect(new Set(DRY_AREAS.map((a) => a.id)).size).toBe(DRY_AREAS.length);
    for (const area of DRY_AREAS) {
      expect(US_STATES[area.state]).toBeDefined();
      expect(area.classes.length).toBeGreaterThan(0);
      expect(area.why).toMatch(/^[A-Z].*\.$/);
      expect(area.sources.length).toBeGreaterThan(0);
      for (const s of area.sources) checkSource(s);
      checkSource(area.outline.source);
      expect(area.effective.from).toMatch(ISO_DATE);
      if (area.effective.to) expect(area.effective.to > area.effective.from).toBe(true);
    }
  });

  it("marks every outline not from an official boundary file as approximate, traced from its source", () => {
    for (const area of DRY_AREAS) {
      if (area.outline.accuracy === "official") continue;
      expect(area.outline.note).toContain(area.outline.source.title);
      expect(area.outline.note.startsWith("approximate, traced from ")).toBe(true);
      expect(area.outline.description.length).toBeGreaterThan(20);
    }
  });

  it("draws every area as a closed polygon of real positions", () => {
    for (const area of DRY_AREAS) {
      const zone = asZoneGeometry(area.geometry);
      expect(zone).not.toBeNull();
      const polygons = zone?.type === "Polygon" ? [zone.coordinates] : (zone?.coordinates ?? []);
      for (const polygon of polygons)
        for (const ring of polygon) {
          expect(ring.length).toBeGreaterThanOrEqual(4);
          expect(ring[0]).toEqual(ring.at(-1));
          for (const [lng, lat] of ring) {
            expect(lng).toBeGreaterThan(-180);
            expect(lng).toBeLessThan(-60);
            expect(lat).toBeGreaterThan(18);
            expect(lat).toBeLessThan(72);
          }
        }
    }
  });
});

describe("shipping data", () => {
  it("names each state once, real states only, every class and limit with its source", () => {
    const states = FROM_CALIFORNIA.to.map((s) => s.state);
    expect(new Set(states).size).toBe(states.length);
    for (const s of FROM_CALIFORNIA.to) {
      expect(US_STATES[s.state]).toBeDefined();
      expect(s.effective.from).toMatch(ISO_DATE);
      for (const c of s.ships) {
        checkSource(c.source);
        if (c.limit) {
          checkSource(c.limit.source);
          expect(c.limit.litres).toBeGreaterThan(0);
          expect(c.limit.law).toMatch(/litres/);
        }
      }
      for (const src of s.sources) checkSource(src);
    }
  });

  it("ships spirits only where the spirits list allows direct shipping at all", () => {
    const spiritsStates = FROM_CALIFORNIA.to
      .filter((s) => s.ships.some((c) => c.class === "spirits"))
      .map((s) => s.state)
      .sort();
    // The store's own state, and the retailer states on Sovos's direct-to-consumer spirits list.
    expect(spiritsStates).toEqual(["CA", "DC", "ND", "NE", "NH"]);
  });
});
