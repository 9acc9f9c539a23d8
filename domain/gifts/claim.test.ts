import { describe, expect, it } from "vitest";
import { buildAvailability } from "../availability/availability.ts";
import type { WeeklyHours } from "../availability/hours.ts";
import {
  dateWords,
  type GiftFacts,
  type GiftPick,
  type GiftPickAction,
  type GiftState,
  giftChoice,
  giftSchedule,
  giftState,
  NO_PICK,
  pickReducer,
  pickToChoice,
} from "./claim.ts";

const everyDay = (from: string, to: string): WeeklyHours =>
  Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [[from, to]]]));

// Monday 23 Nov 2026, 3:10 PM in New York; the store is open 10 AM – 10 PM every day, 30 minutes' ETA.
const NOW = new Date("2026-11-23T20:10:00Z");
const store = {
  id: "st",
  is_shipping: false,
  eta_minutes: 30,
  timezone: "America/New_York",
  hours: everyDay("10:00", "22:00"),
};
const availability = buildAvailability(store, NOW);

describe("giftSchedule: the options a gift's recipient may choose", () => {
  it.each([
    [
      "Wed 6:30 PM: up to Wednesday, whose slots stop at the last one ending by 6:30 PM",
      "2026-11-25T23:30:00Z",
      ["2026-11-23", "2026-11-24", "2026-11-25"],
      "5:00 PM – 6:00 PM",
      true,
    ],
    [
      "Wed 6:00 PM exactly: a slot ending at the expiry is kept",
      "2026-11-25T23:00:00Z",
      ["2026-11-23", "2026-11-24", "2026-11-25"],
      "5:00 PM – 6:00 PM",
      true,
    ],
    [
      "Wed 10:30 AM: Wednesday's first slot ends after it, so Wednesday is gone",
      "2026-11-25T15:30:00Z",
      ["2026-11-23", "2026-11-24"],
      "9:00 PM – 10:00 PM",
      true,
    ],
    [
      "Tue 10 PM New York (Wednesday in UTC): the expiry's date is the store's, not UTC's",
      "2026-11-25T03:00:00Z",
      ["2026-11-23", "2026-11-24"],
      "9:00 PM – 10:00 PM",
      true,
    ],
    [
      "today 4:00 PM: no slot ends in time, the ETA (by 3:55 PM) does",
      "2026-11-23T21:00:00Z",
      [],
      null,
      true,
    ],
    ["today 3:50 PM: the ETA's latest (3:55 PM) is after it", "2026-11-23T20:50:00Z", [], null, false],
    ["already past", "2026-11-23T20:00:00Z", [], null, false],
  ] as const)("expiring %s", (_name, expires, dates, lastSlot, immediate) => {
    const options = giftSchedule(availability, new Date(expires), NOW);
    expect(options.dates.map((d) => d.date)).toEqual(dates);
    expect(options.dates.at(-1)?.slots.at(-1)?.label ?? null).toBe(lastSlot);
    expect(options.immediate_delivery).toBe(immediate);
    expect(options.scheduling).toBe(dates.length > 0);
    for (const d of options.dates)
      for (const s of d.slots) expect(Date.parse(s.end)).toBeLessThanOrEqual(Date.parse(expires));
  });

  it("keeps every slot of the days before the expiry's day", () => {
    const options = giftSchedule(availability, new Date("2026-11-25T23:30:00Z"), NOW);
    expect(options.dates[1].slots).toEqual(availability.dates[1].slots);
  });

  it("offers nothing from a shipping store (a shipped gift is not scheduled)", () => {
    const shipped = buildAvailability({ ...store, is_shipping: true }, NOW);
    const options = giftSchedule(shipped, new Date("2026-11-30T00:00:00Z"), NOW);
    expect(options).toMatchObject({ immediate_delivery: false, scheduling: false, dates: [] });
  });

  it("says the first option in its selection text", () => {
    expect(giftSchedule(availability, new Date("2026-11-25T23:30:00Z"), NOW).selection_text).toBe(
      "Delivery in 30–45 min",
    );
    expect(giftSchedule(availability, new Date("2026-11-20T00:00:00Z"), NOW).selection_text).toBe(
      "Delivery is not available right now.",
    );
  });
});

describe("giftState", () => {
  const base: GiftFacts = {
    claimedAt: null,
    expiresAt: new Date("2026-11-30T00:00:00Z"),
    order_status: 7,
    shipping: false,
    byRecipient: true,
  };
  const after = new Date("2026-12-01T00:00:00Z");
  it.each<[string, Partial<GiftFacts>, Date, GiftState]>([
    ["waiting, before expiry", {}, NOW, "open"],
    ["waiting, at expiry", {}, new Date("2026-11-30T00:00:00Z"), "expired"],
    ["waiting, after expiry", {}, after, "expired"],
    ["claimed (slot)", { claimedAt: NOW }, NOW, "claimed"],
    ["claimed, then the expiry passes", { claimedAt: NOW, order_status: 3 }, after, "claimed"],
    ["claimed ASAP, order moved on", { claimedAt: NOW, order_status: 0 }, NOW, "claimed"],
    ["cancelled by the expiry job", { order_status: 5 }, after, "expired"],
    ["cancelled by the store before expiry", { order_status: 5 }, NOW, "cancelled"],
    ["the sender chose a slot", { byRecipient: false }, NOW, "arranged"],
    ["the sender chose a slot, after expiry", { byRecipient: false }, after, "arranged"],
    ["a shipped gift", { shipping: true, byRecipient: false, order_status: 0 }, NOW, "arranged"],
    ["a sender's ASAP gift, placed", { byRecipient: false, order_status: 0 }, NOW, "arranged"],
  ])("%s → %s", (_name, facts, now, expected) => {
    expect(giftState({ ...base, ...facts }, now)).toBe(expected);
  });
});

describe("giftChoice: a slot or the ETA, never both", () => {
  const slot = { date: "2026-11-24", start: "2026-11-24T15:00:00.000Z" };
  it.each([
    [{ slot }, { ok: true, choice: { kind: "slot", ...slot } }],
    [{ eta: true }, { ok: true, choice: { kind: "asap" } }],
    [
      { slot, eta: false },
      { ok: true, choice: { kind: "slot", ...slot } },
    ],
    [
      { slot: null, eta: true },
      { ok: true, choice: { kind: "asap" } },
    ],
    [{ slot, eta: true }, { ok: false }],
    [{}, { ok: false }],
    [{ eta: false }, { ok: false }],
  ])("%j → %j", (input, expected) => {
    expect(giftChoice(input)).toMatchObject(expected);
  });
});

describe("pickReducer: choosing a slot clears the ETA, choosing the ETA clears the slot", () => {
  const A = "2026-11-24T15:00:00.000Z";
  const B = "2026-11-25T16:00:00.000Z";
  const slotPicked: GiftPick = { date: "2026-11-24", slot: A, eta: false };
  const etaPicked: GiftPick = { date: "2026-11-24", slot: null, eta: true };
  it.each<[string, GiftPick, GiftPickAction, GiftPick]>([
    [
      "a date from nothing",
      NO_PICK,
      { type: "date", date: "2026-11-24" },
      { ...NO_PICK, date: "2026-11-24" },
    ],
    ["a slot from nothing", NO_PICK, { type: "slot", date: "2026-11-24", start: A }, slotPicked],
    ["the ETA from a slot", slotPicked, { type: "eta" }, etaPicked],
    ["a slot from the ETA", etaPicked, { type: "slot", date: "2026-11-24", start: A }, slotPicked],
    [
      "another date drops the slot",
      slotPicked,
      { type: "date", date: "2026-11-25" },
      { date: "2026-11-25", slot: null, eta: false },
    ],
    ["the same date keeps the slot", slotPicked, { type: "date", date: "2026-11-24" }, slotPicked],
    [
      "another date keeps the ETA",
      etaPicked,
      { type: "date", date: "2026-11-25" },
      { date: "2026-11-25", slot: null, eta: true },
    ],
    [
      "a slot on another date",
      slotPicked,
      { type: "slot", date: "2026-11-25", start: B },
      { date: "2026-11-25", slot: B, eta: false },
    ],
    ["reset", slotPicked, { type: "reset" }, NO_PICK],
  ])("%s", (_name, from, action, to) => {
    const next = pickReducer(from, action);
    expect(next).toEqual(to);
    expect(next.eta && next.slot !== null).toBe(false);
  });

  it.each<[GiftPick, ReturnType<typeof pickToChoice>]>([
    [NO_PICK, null],
    [{ ...NO_PICK, date: "2026-11-24" }, null],
    [slotPicked, { kind: "slot", date: "2026-11-24", start: A }],
    [etaPicked, { kind: "asap" }],
  ])("pickToChoice(%j) → %j", (pick, choice) => {
    expect(pickToChoice(pick)).toEqual(choice);
  });
});

describe("dateWords", () => {
  it.each([
    ["2026-11-27", "Fri, Nov 27"],
    ["2026-12-31", "Thu, Dec 31"],
    ["2027-01-01", "Fri, Jan 1"],
  ])("%s → %s", (date, words) => {
    expect(dateWords(date)).toBe(words);
  });
});
