import { describe, expect, it } from "vitest";
import { squareZone } from "../geo/zone.ts";
import { hoursProblems, MAX_ZONE_POINTS, normaliseHours, zoneProblems } from "./store-rules.ts";

describe("opening hours the console accepts", () => {
  it.each([
    ["a plain day", { mon: [["10:00", "22:00"]] }],
    ["a closed day", { sun: [] }],
    [
      "a lunch break",
      {
        tue: [
          ["09:00", "12:00"],
          ["13:00", "18:00"],
        ],
      },
    ],
    ["a late night past midnight", { fri: [["10:00", "02:00"]] }],
    ["closing at midnight", { sat: [["10:00", "00:00"]] }],
    ["all day", { wed: [["00:00", "24:00"]] }],
    [
      "every day",
      Object.fromEntries(
        ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["11:00", "23:00"]]]),
      ),
    ],
  ])("accepts %s", (_, hours) => {
    expect(hoursProblems(hours)).toEqual([]);
  });

  it.each([
    [
      "a day that is not one",
      { funday: [] },
      '"funday" is not a weekday (sun, mon, tue, wed, thu, fri, sat).',
    ],
    [
      "a day that is not a list",
      { mon: "10-22" },
      "Monday: give a list of opening windows (none when closed).",
    ],
    ["a window of one time", { mon: [["10:00"]] }, "Monday: each window is an opening and a closing time."],
    ["a time past midnight", { mon: [["10:00", "25:00"]] }, "Monday: 25:00 is not a time like 09:30."],
    ["a time without its zero", { mon: [["9:00", "17:00"]] }, "Monday: 9:00 is not a time like 09:30."],
    ["words for a time", { tue: [["noon", "late"]] }, "Tuesday: noon and late is not a time like 09:30."],
    [
      "opening at 24:00",
      { wed: [["24:00", "02:00"]] },
      "Wednesday: a window cannot open at 24:00 (open at 00:00).",
    ],
    [
      "opening and closing at once",
      { thu: [["10:00", "10:00"]] },
      "Thursday: 10:00–10:00 opens and closes at the same time.",
    ],
    [
      "overlapping windows",
      {
        fri: [
          ["13:00", "18:00"],
          ["09:00", "14:00"],
        ],
      },
      "Friday: 09:00–14:00 and 13:00–18:00 overlap.",
    ],
    [
      "a late window over the next",
      {
        sat: [
          ["08:00", "10:00"],
          ["09:00", "01:00"],
          ["20:00", "22:00"],
        ],
      },
      "Saturday: 08:00–10:00 and 09:00–01:00 overlap.",
    ],
    [
      "too many windows",
      {
        sun: [
          ["01:00", "02:00"],
          ["03:00", "04:00"],
          ["05:00", "06:00"],
          ["07:00", "08:00"],
          ["09:00", "10:00"],
        ],
      },
      "Sunday: at most 4 opening windows.",
    ],
  ])("refuses %s", (_, hours, message) => {
    expect(hoursProblems(hours as Record<string, unknown>)).toContain(message);
  });

  it("stores every weekday, closed ones empty, windows in opening order", () => {
    expect(
      normaliseHours({
        mon: [
          ["13:00", "18:00"],
          ["09:00", "12:00"],
        ],
      }),
    ).toEqual({
      sun: [],
      mon: [
        ["09:00", "12:00"],
        ["13:00", "18:00"],
      ],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
    });
  });
});

describe("delivery zones the console accepts", () => {
  const square = squareZone({ lat: 40.75, lng: -73.99 }, 3);
  it.each([
    ["a polygon", square],
    [
      "a polygon with a hole",
      {
        type: "Polygon",
        coordinates: [square.coordinates[0], squareZone({ lat: 40.75, lng: -73.99 }, 1).coordinates[0]],
      },
    ],
    [
      "a multipolygon",
      {
        type: "MultiPolygon",
        coordinates: [square.coordinates, squareZone({ lat: 40.6, lng: -73.9 }, 2).coordinates],
      },
    ],
  ])("accepts %s", (_, zone) => {
    expect(zoneProblems(zone)).toEqual([]);
  });

  const ring = square.coordinates[0];
  it.each([
    ["not an object", "square", "The zone must be a GeoJSON object."],
    [
      "a point",
      { type: "Point", coordinates: [1, 2] },
      'The zone must be a GeoJSON geometry of type "Polygon" or "MultiPolygon".',
    ],
    ["no coordinates", { type: "Polygon", coordinates: [] }, "The zone has no coordinates."],
    [
      "an open ring",
      { type: "Polygon", coordinates: [ring.slice(0, 4)] },
      "The polygon, ring 1 is not closed: its last position must repeat the first.",
    ],
    [
      "too few positions",
      { type: "Polygon", coordinates: [[ring[0], ring[1], ring[0]]] },
      "The polygon, ring 1 needs at least 4 positions (3 corners and the first again).",
    ],
    [
      "a flat ring",
      { type: "Polygon", coordinates: [[ring[0], ring[1], ring[1], ring[0]]] },
      "The polygon, ring 1 needs at least 3 different corners.",
    ],
    [
      "latitude off the map",
      {
        type: "Polygon",
        coordinates: [
          [
            [0, 0],
            [1, 95],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      "The polygon, ring 1: position 2 is not [longitude, latitude] on the map.",
    ],
    [
      "a position of words",
      {
        type: "MultiPolygon",
        coordinates: [
          square.coordinates,
          [
            [
              [0, 0],
              ["a", "b"],
              [1, 1],
              [0, 0],
            ],
          ],
        ],
      },
      "Polygon 2, ring 1: position 2 is not [longitude, latitude] on the map.",
    ],
    ["a polygon of nothing", { type: "MultiPolygon", coordinates: [[]] }, "Polygon 1 has no rings."],
  ])("refuses %s", (_, zone, message) => {
    expect(zoneProblems(zone)).toContain(message);
  });

  it(`refuses more than ${MAX_ZONE_POINTS} positions`, () => {
    const many = Array.from({ length: MAX_ZONE_POINTS }, (_, i) => {
      const a = (2 * Math.PI * i) / MAX_ZONE_POINTS;
      return [-73.99 + 0.05 * Math.cos(a), 40.75 + 0.05 * Math.sin(a)];
    });
    expect(zoneProblems({ type: "Polygon", coordinates: [[...many, many[0]]] })).toEqual([
      `The zone has ${MAX_ZONE_POINTS + 1} positions; at most ${MAX_ZONE_POINTS} are allowed.`,
    ]);
    expect(zoneProblems({ type: "Polygon", coordinates: [[...many.slice(1), many[1]]] })).toEqual([]);
  });
});
