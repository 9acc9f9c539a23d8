import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localDateOf, type WeeklyHours } from "../availability/hours.ts";
import { allowedWindows, dateIn, maySell, type SaleHoursQuery, windowsLabel } from "./hours.ts";
import { CITY_SALE_HOURS, saleHoursFor } from "./rules/index.ts";
import type { SaleDecision, TaxClass } from "./types.ts";

const iso = (d: Date | undefined) => d?.toISOString();

function query(cityCode: string, classes: TaxClass[], storeHours?: WeeklyHours): SaleHoursQuery {
  const city = saleHoursFor(cityCode);
  if (!city) throw new Error(`no rules for ${cityCode}`);
  return { timeZone: city.timeZone, rules: city.rules, classes, storeHours };
}

function decide(cityCode: string, classes: TaxClass[], at: string, storeHours?: WeeklyHours): SaleDecision {
  return maySell({ ...query(cityCode, classes, storeHours), at: new Date(at) });
}

/** [city, classes, instant (UTC), allowed, reason or null, nextAllowed (UTC) or null] */
type Example = [string, TaxClass[], string, boolean, string | null, string | null];

describe("worked examples, per seeded city", () => {
  const examples: Record<string, Example[]> = {
    "Austin, Texas (package store and beer-and-wine hours)": [
      // Sunday 29 Nov 2026, 11:00 CST.
      [
        "ATX",
        ["spirits"],
        "2026-11-29T17:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Sundays.",
        "2026-11-30T16:00:00Z",
      ],
      ["ATX", ["beer"], "2026-11-29T17:00:00Z", true, null, null],
      ["ATX", ["wine"], "2026-11-29T17:00:00Z", true, null, null],
      // A beer-and-spirits order is refused for its spirits.
      [
        "ATX",
        ["beer", "spirits"],
        "2026-11-29T17:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Sundays.",
        "2026-11-30T16:00:00Z",
      ],
      // Sunday 9:30: beer waits for 10:00 (HB 1518); 0:30 is still Saturday's window.
      [
        "ATX",
        ["beer"],
        "2026-11-29T15:30:00Z",
        false,
        "Beer can't be delivered in Texas at this hour: on Sundays only from 10 a.m. to midnight.",
        "2026-11-29T16:00:00Z",
      ],
      ["ATX", ["beer"], "2026-11-29T06:30:00Z", true, null, null],
      ["ATX", ["beer"], "2026-11-29T07:30:00Z", false, null, "2026-11-29T16:00:00Z"],
      // Thanksgiving 2026 is Thursday 26 November.
      [
        "ATX",
        ["spirits"],
        "2026-11-26T18:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Thanksgiving Day.",
        "2026-11-27T16:00:00Z",
      ],
      ["ATX", ["beer"], "2026-11-26T18:00:00Z", true, null, null],
      // Christmas 2022 fell on a Sunday: Monday 26 December closed too, reopening Tuesday 10:00.
      [
        "ATX",
        ["spirits"],
        "2022-12-26T18:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Monday, December 26, because Christmas Day fell on a Sunday.",
        "2022-12-27T16:00:00Z",
      ],
      [
        "ATX",
        ["spirits"],
        "2023-01-02T18:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Monday, January 2, because New Year's Day fell on a Sunday.",
        "2023-01-03T16:00:00Z",
      ],
      // Christmas 2026 is a Friday: closed that day only.
      [
        "ATX",
        ["spirits"],
        "2026-12-25T18:00:00Z",
        false,
        "Spirits can't be delivered in Texas on Christmas Day.",
        null,
      ],
      ["ATX", ["spirits"], "2026-12-28T18:00:00Z", true, null, null],
      // Weekday 9:30 p.m.: after the package stores' 9 p.m. close.
      [
        "ATX",
        ["spirits"],
        "2026-12-01T03:30:00Z",
        false,
        "Spirits can't be delivered in Texas at this hour: on Mondays only from 10 a.m. to 9 p.m.",
        "2026-12-01T16:00:00Z",
      ],
      // Snacks and mixers are bound by no law's hours.
      ["ATX", ["food", "non_alcoholic"], "2026-11-29T08:00:00Z", true, null, null],
    ],
    "New York (liquor stores vs beer)": [
      // Sunday 29 Nov 2026 9:30 EST: liquor stores open at 10.
      [
        "NYC",
        ["spirits"],
        "2026-11-29T14:30:00Z",
        false,
        "Spirits can't be delivered in New York at this hour: on Sundays only from 10 a.m. to 10 p.m.",
        "2026-11-29T15:00:00Z",
      ],
      ["NYC", ["wine"], "2026-11-29T16:00:00Z", true, null, null],
      ["NYC", ["wine"], "2026-11-30T03:30:00Z", false, null, "2026-11-30T13:00:00Z"],
      // Beer at 5 a.m. on a Sunday (the 3–8 a.m. ban is repealed).
      ["NYC", ["beer"], "2026-11-29T10:00:00Z", true, null, null],
      ["NYC", ["spirits"], "2026-11-30T12:30:00Z", false, null, "2026-11-30T13:00:00Z"],
      // Spring forward, Sunday 8 March 2026: 10:00 EDT is 14:00Z.
      ["NYC", ["spirits"], "2026-03-08T13:59:00Z", false, null, "2026-03-08T14:00:00Z"],
      ["NYC", ["spirits"], "2026-03-08T14:00:00Z", true, null, null],
    ],
    "Los Angeles, California (6 a.m. to 2 a.m.)": [
      // Saturday night into Sunday 29 Nov 2026 (PST): 1:30 allowed, 2:30 refused until 6:00.
      ["LA", ["spirits"], "2026-11-29T09:30:00Z", true, null, null],
      [
        "LA",
        ["spirits"],
        "2026-11-29T10:30:00Z",
        false,
        "Spirits can't be delivered in California at this hour: on Sundays only from 6 a.m. to 2 a.m. the next day.",
        "2026-11-29T14:00:00Z",
      ],
      // Fall back, Sunday 2 Nov 2025: "2 a.m." is two hours after midnight (09:00Z, 1:00 PST), so the second
      // 1:30 is refused although the wall clock reads before 2.
      ["LA", ["beer"], "2025-11-02T08:30:00Z", true, null, null],
      ["LA", ["beer"], "2025-11-02T09:30:00Z", false, null, "2025-11-02T14:00:00Z"],
      // Spring forward, Sunday 8 March 2026: two hours after midnight PST is 3:00 PDT (10:00Z).
      ["LA", ["beer"], "2026-03-08T09:59:00Z", true, null, null],
      ["LA", ["beer"], "2026-03-08T10:00:00Z", false, null, "2026-03-08T13:00:00Z"],
      ["SF", ["wine"], "2026-12-25T20:00:00Z", true, null, null],
      ["SJ", ["wine"], "2026-12-25T11:00:00Z", false, null, "2026-12-25T14:00:00Z"],
    ],
    "Chicago, Illinois (packaged goods)": [
      // Sunday 10:30 CST: packaged sales start at 11.
      [
        "CHI",
        ["beer"],
        "2026-11-29T16:30:00Z",
        false,
        "Beer can't be delivered in Chicago at this hour: on Sundays only from 11 a.m. to midnight.",
        "2026-11-29T17:00:00Z",
      ],
      ["CHI", ["beer"], "2026-11-29T17:00:00Z", true, null, null],
      // Monday 0:30: the midnight close.
      ["CHI", ["spirits"], "2026-11-30T06:30:00Z", false, null, "2026-11-30T13:00:00Z"],
    ],
    "Denver, Colorado (8 a.m. to midnight)": [
      ["DEN", ["spirits"], "2026-12-25T19:00:00Z", true, null, null],
      ["DEN", ["spirits"], "2026-12-25T14:59:00Z", false, null, "2026-12-25T15:00:00Z"],
      ["DEN", ["wine"], "2026-11-30T07:30:00Z", false, null, "2026-11-30T15:00:00Z"],
      ["DEN", ["wine"], "2026-11-30T06:30:00Z", true, null, null],
    ],
    "Seattle, Washington (6 a.m. to 2 a.m.)": [
      ["SEA", ["spirits"], "2026-11-29T09:59:00Z", true, null, null],
      ["SEA", ["spirits"], "2026-11-29T10:00:00Z", false, null, "2026-11-29T14:00:00Z"],
    ],
    "Miami, Florida (package store hours)": [
      // Sunday noon EST: package stores open at 1 p.m.; beer follows the state's 7 a.m.
      [
        "MIA",
        ["spirits"],
        "2026-11-29T17:00:00Z",
        false,
        "Spirits can't be delivered in Miami at this hour: on Sundays only from 1 p.m. to 7 p.m.",
        "2026-11-29T18:00:00Z",
      ],
      ["MIA", ["beer"], "2026-11-29T17:00:00Z", true, null, null],
      // Sundays in December until 10 p.m.; Christmas Eve until midnight.
      ["MIA", ["spirits"], "2026-12-07T01:00:00Z", true, null, null],
      ["MIA", ["spirits"], "2026-12-25T04:00:00Z", true, null, null],
      ["MIA", ["spirits"], "2026-12-18T04:00:00Z", false, null, "2026-12-18T12:00:00Z"],
    ],
    "Washington, DC (6 a.m. to 1 a.m.)": [
      ["DCMETRO", ["spirits"], "2026-11-30T05:30:00Z", true, null, null],
      [
        "DCMETRO",
        ["spirits"],
        "2026-11-30T06:30:00Z",
        false,
        "Spirits can't be delivered in the District of Columbia at this hour: on Mondays only from 6 a.m. to 1 a.m. the next day.",
        "2026-11-30T11:00:00Z",
      ],
    ],
  };

  for (const [title, rows] of Object.entries(examples)) {
    it.each(rows)(`${title}: %s %j at %s → %s`, (city, classes, at, ok, reason, next) => {
      const decision = decide(city, classes, at);
      expect(decision.ok).toBe(ok);
      if (!decision.ok) {
        if (reason !== null) expect(decision.reason).toBe(reason);
        if (next !== null) expect(decision.nextAllowed?.getTime()).toBe(Date.parse(next));
        expect(decision.class).not.toBeNull();
      }
    });
  }
});

describe("the store's own hours inside the law's", () => {
  const austinStore: WeeklyHours = {
    mon: [["10:00", "21:00"]],
    tue: [["10:00", "21:00"]],
    wed: [["10:00", "21:00"]],
    thu: [["10:00", "21:00"]],
    fri: [["10:00", "21:00"]],
    sat: [["10:00", "21:00"]],
    sun: [["12:00", "21:00"]],
  };

  it("refuses when the law allows but the store is closed, with no class to blame", () => {
    const decision = decide("ATX", ["beer"], "2026-11-29T17:00:00Z", austinStore);
    expect(decision).toEqual({
      ok: false,
      reason: "The store is closed at that time.",
      class: null,
      nextAllowed: new Date("2026-11-29T18:00:00Z"),
    });
  });

  it("names the law before the store when both refuse", () => {
    const decision = decide("ATX", ["spirits"], "2026-11-29T17:00:00Z", austinStore);
    expect(decision.ok).toBe(false);
    if (!decision.ok) expect(decision.class).toBe("spirits");
  });

  it("gives the day's windows: the law's for every class intersected with the store's", () => {
    const sunday = { year: 2026, month: 11, day: 29 };
    const spans = (classes: TaxClass[], store?: WeeklyHours) =>
      allowedWindows(sunday, query("ATX", classes, store)).map((w) => [iso(w.start), iso(w.end)]);
    expect(spans(["beer", "spirits"])).toEqual([]);
    expect(spans(["beer"], austinStore)).toEqual([["2026-11-29T18:00:00.000Z", "2026-11-30T03:00:00.000Z"]]);
    // Saturday's window runs to 1 a.m.; Sunday's opens at 10 and runs to the day's end.
    expect(spans(["beer"])).toEqual([
      ["2026-11-29T06:00:00.000Z", "2026-11-29T07:00:00.000Z"],
      ["2026-11-29T16:00:00.000Z", "2026-11-30T06:00:00.000Z"],
    ]);
  });

  it("keeps a DST night's windows in real time (Los Angeles, fall back 2025)", () => {
    const windows = allowedWindows({ year: 2025, month: 11, day: 2 }, query("LA", ["beer"]));
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ["2025-11-02T07:00:00.000Z", "2025-11-02T09:00:00.000Z"],
      ["2025-11-02T14:00:00.000Z", "2025-11-03T08:00:00.000Z"],
    ]);
  });
});

describe("calendar and words", () => {
  it.each([
    [2026, "2026-11-26"],
    [2025, "2025-11-27"],
    [2024, "2024-11-28"],
    [2023, "2023-11-23"],
  ])("Thanksgiving %i is %s", (year, expected) => {
    const d = dateIn({ kind: "nth_weekday", month: 11, weekday: "thu", n: 4 }, year);
    expect(`${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`).toBe(expected);
    expect(d.weekday).toBe("thu");
  });

  it.each([
    [[["10:00", "21:00"]], "from 10 a.m. to 9 p.m."],
    [[["06:00", "02:00"]], "from 6 a.m. to 2 a.m. the next day"],
    [[["11:00", "24:00"]], "from 11 a.m. to midnight"],
    [[["12:00", "00:00"]], "from noon to midnight"],
    [[["00:00", "24:00"]], "all day"],
    [[["13:30", "19:00"]], "from 1:30 p.m. to 7 p.m."],
  ] as [[string, string][], string][])("%j reads %s", (windows, expected) => {
    expect(windowsLabel(windows)).toBe(expected);
  });
});

describe("maySell agrees with allowedWindows", () => {
  const storeShapes: (WeeklyHours | undefined)[] = [
    undefined,
    {
      mon: [["10:00", "23:00"]],
      tue: [["10:00", "23:00"]],
      wed: [["10:00", "23:00"]],
      thu: [["10:00", "23:00"]],
      fri: [["10:00", "02:00"]],
      sat: [["10:00", "02:00"]],
      sun: [["11:00", "22:00"]],
    },
    {
      mon: [["12:00", "02:00"]],
      tue: [["12:00", "02:00"]],
      wed: [["12:00", "02:00"]],
      thu: [["12:00", "02:00"]],
      fri: [["12:00", "03:00"]],
      sat: [["12:00", "03:00"]],
      sun: [["12:00", "00:00"]],
    },
  ];
  const classes: TaxClass[] = ["beer", "wine", "spirits", "tobacco", "food"];

  it("at random instants, in every city, for any order and store hours", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2022, 0, 1), max: Date.UTC(2028, 11, 31) }),
        fc.constantFrom(...CITY_SALE_HOURS),
        fc.subarray(classes, { minLength: 1 }),
        fc.constantFrom(...storeShapes),
        (ms, city, lines, storeHours) => {
          const at = new Date(Math.floor(ms / 60_000) * 60_000);
          const q: SaleHoursQuery = {
            timeZone: city.timeZone,
            rules: city.rules,
            classes: lines,
            storeHours,
          };
          const decision = maySell({ ...q, at });
          const windows = allowedWindows(localDateOf(at, city.timeZone), q);
          expect(decision.ok).toBe(windows.some((w) => w.start <= at && at < w.end));
          if (!decision.ok && decision.nextAllowed) {
            expect(decision.nextAllowed > at).toBe(true);
            expect(maySell({ ...q, at: decision.nextAllowed }).ok).toBe(true);
            expect(maySell({ ...q, at: new Date(decision.nextAllowed.getTime() - 1) }).ok).toBe(false);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
