import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAvailability } from "../availability/availability.ts";
import type { WeeklyHours } from "../availability/hours.ts";
import type { Availability } from "../availability/types.ts";
import {
  type DeliveryLaw,
  lawfulAvailability,
  lawRefusal,
  SALE_CLASSES,
  saleClassesOf,
} from "./lawful-availability.ts";
import { saleHoursFor } from "./rules/index.ts";
import type { TaxClass } from "./types.ts";

const ALL_DAY: WeeklyHours = Object.fromEntries(
  ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["00:00", "24:00"]]]),
) as WeeklyHours;

function lawOf(cityCode: string, classes: TaxClass[]): DeliveryLaw {
  const city = saleHoursFor(cityCode);
  if (!city) throw new Error(`no rules for ${cityCode}`);
  return { timeZone: city.timeZone, rules: city.rules, classes };
}

/** A store open around the clock in the city's zone, with a 30-minute ETA. */
function openStore(cityCode: string, now: Date): Availability {
  const city = saleHoursFor(cityCode);
  if (!city) throw new Error(`no rules for ${cityCode}`);
  return buildAvailability(
    { id: "st_test", is_shipping: false, eta_minutes: 30, timezone: city.timeZone, hours: ALL_DAY },
    now,
  );
}

const slotsOf = (a: Availability) => a.dates.flatMap((d) => d.slots);

describe("lawRefusal", () => {
  it.each([
    // Austin, Sunday 29 Nov 2026 11:00 CST: spirits never on Sunday, beer from 10 a.m.
    [
      "ATX",
      ["spirits"],
      "2026-11-29T17:00:00Z",
      "2026-11-29T17:30:00Z",
      "Spirits can't be delivered in Texas on Sundays.",
    ],
    ["ATX", ["beer"], "2026-11-29T17:00:00Z", "2026-11-29T17:30:00Z", null],
    // Austin, Monday 30 Nov 20:45 CST: a spirits delivery that would arrive after 9 p.m. is refused for 9 p.m.
    [
      "ATX",
      ["spirits"],
      "2026-12-01T02:45:00Z",
      "2026-12-01T03:15:00Z",
      "Spirits can't be delivered in Texas at this hour: on Mondays only from 10 a.m. to 9 p.m.",
    ],
    ["ATX", ["spirits"], "2026-11-30T20:00:00Z", "2026-11-30T20:30:00Z", null],
    // Chicago, Sunday 29 Nov 08:30 CST: packaged alcohol from 11 a.m. on Sundays; snacks any time.
    [
      "CHI",
      ["wine"],
      "2026-11-29T14:30:00Z",
      "2026-11-29T15:00:00Z",
      "Wine can't be delivered in Chicago at this hour: on Sundays only from 11 a.m. to midnight.",
    ],
    ["CHI", ["food"], "2026-11-29T14:30:00Z", "2026-11-29T15:00:00Z", null],
  ] as [string, TaxClass[], string, string, string | null][])(
    "%s %j from %s to %s: %s",
    (city, classes, start, end, reason) => {
      expect(lawRefusal(lawOf(city, classes), new Date(start), new Date(end))).toBe(reason);
    },
  );
});

describe("lawfulAvailability", () => {
  it("keeps ASAP and every slot for goods no law's hours bind", () => {
    const now = new Date("2026-11-29T14:30:00Z");
    const store = openStore("CHI", now);
    expect(lawfulAvailability(store, lawOf("CHI", ["food", "soft_drink"]), now)).toEqual(store);
  });

  it("on a Chicago Sunday morning, schedules wine from 11 a.m. and says why ASAP is gone", () => {
    const now = new Date("2026-11-29T14:30:00Z"); // 08:30 CST
    const lawful = lawfulAvailability(openStore("CHI", now), lawOf("CHI", ["beer", "wine"]), now);
    expect(lawful.immediate_delivery).toBe(false);
    const first = slotsOf(lawful)[0];
    expect(first.start).toBe("2026-11-29T17:00:00.000Z"); // 11:00 CST
    expect(lawful.selection_text).toBe(
      `Beer can't be delivered in Chicago at this hour: on Sundays only from 11 a.m. to midnight. Schedule for Today, ${first.label}`,
    );
    // Nothing between midnight and 7 a.m. on a weekday.
    for (const slot of slotsOf(lawful)) {
      const hour = Number(
        new Intl.DateTimeFormat("en-US", {
          timeZone: "America/Chicago",
          hour: "numeric",
          hourCycle: "h23",
        }).format(new Date(slot.start)),
      );
      expect(hour, slot.start).toBeGreaterThanOrEqual(7);
    }
  });

  it("in Austin drops Sunday's and the Thanksgiving slots for spirits, keeps them for beer", () => {
    const now = new Date("2026-11-25T16:00:00Z"); // Wednesday 10:00 CST, the day before Thanksgiving
    const store = openStore("ATX", now);
    const spirits = lawfulAvailability(store, lawOf("ATX", ["spirits"]), now);
    const dates = spirits.dates.map((d) => d.date);
    expect(dates).not.toContain("2026-11-26"); // Thanksgiving Day
    expect(dates).not.toContain("2026-11-29"); // Sunday
    expect(dates).toContain("2026-11-27");
    const beer = lawfulAvailability(store, lawOf("ATX", ["beer"]), now);
    expect(beer.dates.map((d) => d.date)).toEqual(expect.arrayContaining(["2026-11-26", "2026-11-29"]));
  });

  it("leaves a shipping store's availability as it is", () => {
    const now = new Date("2026-11-29T14:30:00Z");
    const shipping = buildAvailability(
      { id: "st_ship", is_shipping: true, eta_minutes: 0, timezone: "America/Chicago", hours: ALL_DAY },
      now,
    );
    expect(lawfulAvailability(shipping, lawOf("CHI", ["spirits"]), now)).toBe(shipping);
  });

  it("never offers a slot, or ASAP, that the law forbids at any moment of it", () => {
    const cities = ["CHI", "ATX", "NYC", "LA", "SEA", "MIA", "DEN", "DCMETRO"];
    fc.assert(
      fc.property(
        fc.constantFrom(...cities),
        fc.subarray([...SALE_CLASSES], { minLength: 1 }),
        fc.integer({ min: 0, max: 365 * 24 * 4 }),
        (city, classes, quarterHours) => {
          const now = new Date(Date.UTC(2026, 0, 1) + quarterHours * 15 * 60_000);
          const law = lawOf(city, classes);
          const lawful = lawfulAvailability(openStore(city, now), law, now);
          for (const s of slotsOf(lawful))
            expect(lawRefusal(law, new Date(s.start), new Date(s.end))).toBeNull();
          if (lawful.immediate_delivery)
            expect(lawRefusal(law, now, new Date(now.getTime() + 30 * 60_000))).toBeNull();
          expect(lawful.scheduling).toBe(lawful.dates.length > 0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("saleClassesOf", () => {
  it("keeps the classes a law's hours can bind, once each, in the API's order", () => {
    expect(saleClassesOf(["food", "spirits", "beer", "spirits", "delivery_fee", "tobacco"])).toEqual([
      "beer",
      "spirits",
      "tobacco",
    ]);
  });
});
