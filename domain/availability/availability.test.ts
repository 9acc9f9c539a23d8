import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAvailability, commonAvailability, etaDisplay } from "./availability.ts";
import { isWeeklyHours, openWindowAt, type WeeklyHours } from "./hours.ts";
import { generateSlots } from "./slots.ts";

const everyDay = (from: string, to: string): WeeklyHours => ({
  sun: [[from, to]],
  mon: [[from, to]],
  tue: [[from, to]],
  wed: [[from, to]],
  thu: [[from, to]],
  fri: [[from, to]],
  sat: [[from, to]],
});

describe("generateSlots", () => {
  it("cuts today's remaining hours into hourly slots after the ETA", () => {
    // Monday 23 Nov 2026, 3:10 PM in New York.
    const dates = generateSlots({
      hours: { mon: [["10:00", "22:00"]] },
      timeZone: "America/New_York",
      now: new Date("2026-11-23T20:10:00Z"),
      leadMinutes: 30,
    });
    expect(dates).toHaveLength(1);
    expect(dates[0].date).toBe("2026-11-23");
    expect(dates[0].label).toBe("Today");
    expect(dates[0].slots.map((s) => s.label)).toEqual([
      "4:00 PM – 5:00 PM",
      "5:00 PM – 6:00 PM",
      "6:00 PM – 7:00 PM",
      "7:00 PM – 8:00 PM",
      "8:00 PM – 9:00 PM",
      "9:00 PM – 10:00 PM",
    ]);
    expect(dates[0].slots[0]).toMatchObject({
      start: "2026-11-23T21:00:00.000Z",
      end: "2026-11-23T22:00:00.000Z",
    });
  });

  it("runs a late window across midnight into the next day", () => {
    // Friday 20 Nov 2026, 9:30 PM in Chicago; open Friday 8 PM to 2 AM.
    const hours: WeeklyHours = { fri: [["20:00", "02:00"]] };
    const dates = generateSlots({
      hours,
      timeZone: "America/Chicago",
      now: new Date("2026-11-21T03:30:00Z"),
      leadMinutes: 30,
    });
    expect(dates.map((d) => [d.date, d.label, d.slots.map((s) => s.label)])).toEqual([
      ["2026-11-20", "Today", ["10:00 PM – 11:00 PM", "11:00 PM – 12:00 AM"]],
      ["2026-11-21", "Tomorrow", ["12:00 AM – 1:00 AM", "1:00 AM – 2:00 AM"]],
    ]);
    // Half past midnight on Saturday the Friday window is still open.
    expect(openWindowAt(hours, "America/Chicago", new Date("2026-11-21T06:30:00Z"))?.date).toMatchObject({
      day: 20,
    });
    expect(openWindowAt(hours, "America/Chicago", new Date("2026-11-21T08:30:00Z"))).toBeNull();
  });

  it("uses the store's zone for the calendar date, not UTC", () => {
    // 03:00 UTC on the 22nd is still the 21st (7 PM) in Los Angeles.
    const dates = generateSlots({
      hours: everyDay("09:00", "23:00"),
      timeZone: "America/Los_Angeles",
      now: new Date("2026-11-22T03:00:00Z"),
      leadMinutes: 45,
    });
    expect(dates[0]).toMatchObject({ date: "2026-11-21", label: "Today" });
    expect(dates[0].slots[0]).toMatchObject({
      label: "8:00 PM – 9:00 PM",
      start: "2026-11-22T04:00:00.000Z",
    });
    expect(dates[2].label).toBe("Mon, Nov 23");
    expect(dates).toHaveLength(7);
  });

  it("skips the missing hour when clocks spring forward", () => {
    const dates = generateSlots({
      hours: { sun: [["00:00", "05:00"]] },
      timeZone: "America/New_York",
      now: new Date("2026-03-07T17:00:00Z"),
      leadMinutes: 0,
    });
    const sunday = dates.find((d) => d.date === "2026-03-08");
    expect(sunday?.slots.map((s) => [s.start, s.end])).toEqual([
      ["2026-03-08T05:00:00.000Z", "2026-03-08T06:00:00.000Z"],
      ["2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z"],
      ["2026-03-08T07:00:00.000Z", "2026-03-08T08:00:00.000Z"],
      ["2026-03-08T08:00:00.000Z", "2026-03-08T09:00:00.000Z"],
    ]);
    expect(sunday?.slots[1].label).toBe("1:00 AM – 3:00 AM");
  });

  it("gives the repeated hour one longer slot when clocks fall back", () => {
    const dates = generateSlots({
      hours: { sun: [["00:00", "04:00"]] },
      timeZone: "America/New_York",
      now: new Date("2026-10-31T16:00:00Z"),
      leadMinutes: 0,
    });
    const sunday = dates.find((d) => d.date === "2026-11-01");
    expect(sunday?.slots.map((s) => [s.start, s.end])).toEqual([
      ["2026-11-01T04:00:00.000Z", "2026-11-01T05:00:00.000Z"],
      ["2026-11-01T05:00:00.000Z", "2026-11-01T07:00:00.000Z"],
      ["2026-11-01T07:00:00.000Z", "2026-11-01T08:00:00.000Z"],
      ["2026-11-01T08:00:00.000Z", "2026-11-01T09:00:00.000Z"],
    ]);
  });

  it("every slot starts after the lead time, ends after it starts, and lies in an open window", () => {
    const zones = [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "Pacific/Honolulu",
    ];
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
      .map(([h, m]) => `${h}:${m === 0 ? "00" : "30"}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({
          min: new Date("2026-01-01T00:00:00Z"),
          max: new Date("2027-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 120 }),
        hhmm,
        hhmm,
        (timeZone, now, leadMinutes, from, to) => {
          const hours = everyDay(from, to);
          const dates = generateSlots({ hours, timeZone, now, leadMinutes, days: 3 });
          const starts = dates.flatMap((d) => d.slots.map((s) => s.start));
          expect([...starts].sort()).toEqual(starts);
          expect(new Set(starts).size).toBe(starts.length);
          for (const slot of dates.flatMap((d) => d.slots)) {
            const start = new Date(slot.start);
            expect(start.getTime()).toBeGreaterThanOrEqual(now.getTime() + leadMinutes * 60_000);
            expect(new Date(slot.end).getTime()).toBeGreaterThan(start.getTime());
            expect(openWindowAt(hours, timeZone, start)).not.toBeNull();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("buildAvailability", () => {
  const store = { id: "s1", is_shipping: false, eta_minutes: 30, timezone: "America/New_York" };

  it("offers immediate delivery while open and the ETA fits before closing", () => {
    const a = buildAvailability(
      { ...store, hours: { mon: [["10:00", "22:00"]] } },
      new Date("2026-11-23T20:10:00Z"),
    );
    expect(a).toMatchObject({
      immediate_delivery: true,
      scheduling: true,
      eta: { display: "30–45 min", minutes: 30 },
      selection_text: "Delivery in 30–45 min",
    });
  });

  it("does not promise immediate delivery when the store closes before the ETA", () => {
    // 9:45 PM, closing at 10 PM, ETA 30 minutes.
    const a = buildAvailability(
      { ...store, hours: { mon: [["10:00", "22:00"]] } },
      new Date("2026-11-24T02:45:00Z"),
    );
    expect(a.immediate_delivery).toBe(false);
  });

  it("offers the next slot when closed", () => {
    const a = buildAvailability(
      { ...store, hours: { tue: [["10:00", "22:00"]] } },
      new Date("2026-11-23T20:10:00Z"),
    );
    expect(a.immediate_delivery).toBe(false);
    expect(a.scheduling).toBe(true);
    expect(a.selection_text).toBe("Closed now. Schedule for Tomorrow, 10:00 AM – 11:00 AM");
  });

  it("says so when there is no delivery at all", () => {
    const a = buildAvailability({ ...store, hours: {} }, new Date("2026-11-23T20:10:00Z"));
    expect(a).toMatchObject({
      immediate_delivery: false,
      scheduling: false,
      dates: [],
      selection_text: "Delivery is not available right now.",
    });
  });

  it("a shipping store ships", () => {
    const a = buildAvailability({ ...store, is_shipping: true, hours: {} }, new Date());
    expect(a).toMatchObject({
      shipping: true,
      immediate_delivery: false,
      scheduling: false,
      dates: [],
      selection_text: "Ships in 2–5 business days",
    });
  });

  it("formats the ETA as a range", () => {
    expect(etaDisplay(25)).toBe("25–40 min");
  });

  it.each([
    [{ mon: [["10:00", "22:00"]] }, true],
    [{ fri: [["20:00", "02:00"]], sat: [] }, true],
    [{ funday: [["10:00", "22:00"]] }, false],
    [{ mon: [["10", "22:00"]] }, false],
    [{ mon: "10-22" }, false],
    [[], false],
    [null, false],
  ])("validates stored hours %j", (value, ok) => {
    expect(isWeeklyHours(value)).toBe(ok);
  });
});

describe("back-to-back windows", () => {
  it("count as open across midnight for immediate delivery", () => {
    const store = { id: "s1", is_shipping: false, eta_minutes: 30, timezone: "America/New_York" };
    const hours: WeeklyHours = { mon: [["00:00", "24:00"]], tue: [["00:00", "24:00"]] };
    // Monday 11:50 PM in New York.
    expect(buildAvailability({ ...store, hours }, new Date("2026-11-24T04:50:00Z")).immediate_delivery).toBe(
      true,
    );
    expect(
      buildAvailability({ ...store, hours: { mon: hours.mon } }, new Date("2026-11-24T04:50:00Z"))
        .immediate_delivery,
    ).toBe(false);
  });
});

describe("commonAvailability (a cart split between on-demand stores)", () => {
  // Monday 23 Nov 2026, 3:10 PM in Chicago.
  const now = new Date("2026-11-23T21:10:00Z");
  const store = (id: string, eta: number, hours: WeeklyHours) =>
    buildAvailability({ id, is_shipping: false, eta_minutes: eta, timezone: "America/Chicago", hours }, now);
  const lateStore = store("late", 30, everyDay("10:00", "23:00"));
  const slowStore = store("slow", 45, everyDay("12:00", "23:00"));
  const closedToday = store("closed", 30, { tue: [["10:00", "14:00"]] });
  const slotStarts = (a: { dates: { date: string; slots: { start: string }[] }[] } | null) =>
    a?.dates.flatMap((d) => d.slots.map((s) => `${d.date} ${s.start}`)) ?? [];

  it.each([
    ["no store", [], null],
    ["one store: its own", [lateStore], lateStore],
  ])("%s", (_name, stores, expected) => {
    expect(commonAvailability(stores)).toBe(expected);
  });

  it("ASAP when every store delivers now, at the slowest store's ETA", () => {
    const both = commonAvailability([lateStore, slowStore]);
    expect(both).toMatchObject({
      immediate_delivery: true,
      eta: { display: "45–60 min", minutes: 45 },
      selection_text: "Delivery in 45–60 min",
    });
  });

  it("no ASAP when one store is closed now; only the slots both offer", () => {
    const both = commonAvailability([lateStore, closedToday]);
    expect(both?.immediate_delivery).toBe(false);
    expect(slotStarts(both)).toEqual(slotStarts(closedToday));
    expect(both?.selection_text).toBe("Closed now. Schedule for Tomorrow, 10:00 AM – 11:00 AM");
    // Either order gives the same choices.
    expect(slotStarts(commonAvailability([closedToday, lateStore]))).toEqual(slotStarts(both));
  });

  it("no shared slot and one closed: no delivery", () => {
    const never = store("never", 30, {});
    expect(commonAvailability([lateStore, never])).toMatchObject({
      immediate_delivery: false,
      scheduling: false,
      dates: [],
      selection_text: "Delivery is not available right now.",
    });
  });

  it("offers exactly the slots every store offers (any opening hours)", () => {
    const hours = fc
      .tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 12 }))
      .map(([open, length]) => {
        const hh = (h: number) => `${String(Math.min(h, 24)).padStart(2, "0")}:00`;
        return everyDay(hh(open), hh(Math.min(24, open + length)));
      });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hours, fc.constantFrom(20, 30, 60)), { minLength: 2, maxLength: 4 }),
        (specs) => {
          const stores = specs.map(([h, eta], i) => store(`s${i}`, eta, h));
          const common = commonAvailability(stores)!;
          const everywhere = slotStarts(stores[0]).filter((k) =>
            stores.every((s) => slotStarts(s).includes(k)),
          );
          expect(slotStarts(common)).toEqual(everywhere);
          expect(common.immediate_delivery).toBe(stores.every((s) => s.immediate_delivery));
        },
      ),
    );
  });
});
