import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "../availability/hours.ts";
import { type DispatchTimingInput, dispatchTiming, nextOpening } from "./dispatch-timing.ts";

// Saturday 28 November 2026 in Chicago (UTC−6): a store open 10 AM–10 PM, Friday and Saturday until 2 AM.
const day = (open: string, close: string): [string, string][] => [[open, close]];
const hours: WeeklyHours = {
  sun: day("12:00", "20:00"),
  mon: day("10:00", "22:00"),
  tue: day("10:00", "22:00"),
  wed: day("10:00", "22:00"),
  thu: day("10:00", "22:00"),
  fri: day("10:00", "02:00"),
  sat: day("10:00", "02:00"),
};
const store = { hours, timezone: "America/Chicago" };
/** A Chicago wall-clock time on Saturday 28 November (or the given day) as an instant. */
const at = (hhmm: string, date = "2026-11-28") => new Date(`${date}T${hhmm}:00-06:00`);
const slot = (from: string, to: string, label: string, date = "2026-11-28") => ({
  date,
  start: at(from, date).toISOString(),
  end: at(to, date).toISOString(),
  label,
});
const TEN_TO_ELEVEN = slot("10:00", "11:00", "10:00 AM – 11:00 AM");
const TWO_TO_THREE = slot("14:00", "15:00", "2:00 PM – 3:00 PM");

const ask = (over: Partial<DispatchTimingInput>): DispatchTimingInput => ({
  now: at("14:00"),
  shipping: false,
  scheduled: null,
  store,
  ...over,
});

describe("when an order may go out", () => {
  it.each([
    ["ASAP while open", {}, null],
    ["ASAP before the store opens", { now: at("06:38") }, "store_closed"],
    ["a 10–11 AM slot at 6:38 AM", { now: at("06:38"), scheduled: TEN_TO_ELEVEN }, "too_early_for_slot"],
    // Within the slot's hour ahead, but the store is not open yet: still a word first.
    [
      "a 10–11 AM slot at 9:30 AM, store still closed",
      { now: at("09:30"), scheduled: TEN_TO_ELEVEN },
      "store_closed",
    ],
    ["a 10–11 AM slot at 10:05 AM", { now: at("10:05"), scheduled: TEN_TO_ELEVEN }, null],
    ["a 10–11 AM slot late, at 11:30 AM", { now: at("11:30"), scheduled: TEN_TO_ELEVEN }, null],
    [
      "a 2–3 PM slot a minute before its hour ahead",
      { now: at("12:59"), scheduled: TWO_TO_THREE },
      "too_early_for_slot",
    ],
    ["a 2–3 PM slot an hour ahead", { now: at("13:00"), scheduled: TWO_TO_THREE }, null],
    ["past midnight in Saturday's late window", { now: at("01:30", "2026-11-29") }, null],
    ["after the late window closed", { now: at("02:30", "2026-11-29") }, "store_closed"],
    ["a shipped order, any time", { now: at("03:00"), shipping: true, scheduled: TEN_TO_ELEVEN }, null],
    ["a claimed gift with no slot, while open", { scheduled: { byRecipient: true as const } }, null],
    ["a store with no hours", { store: { ...store, hours: {} } }, "store_closed"],
  ] as const)("%s", (_name, over, code) => {
    const answer = dispatchTiming(ask(over));
    expect(answer.ok ? null : answer.code).toBe(code);
  });

  it("says when the slot order goes out, in the store's time", () => {
    const early = dispatchTiming(ask({ now: at("06:38"), scheduled: TEN_TO_ELEVEN }));
    expect(early).toEqual({
      ok: false,
      code: "too_early_for_slot",
      message:
        "This order's slot is Today, 10:00 AM – 11:00 AM: it goes out from 9:00 AM. Send it out now only if the customer asked for it early.",
    });
    const tomorrow = dispatchTiming(
      ask({ now: at("12:00"), scheduled: slot("13:00", "14:00", "1:00 PM – 2:00 PM", "2026-11-29") }),
    );
    expect(tomorrow.ok ? "" : tomorrow.message).toBe(
      "This order's slot is Tomorrow, 1:00 PM – 2:00 PM: it goes out from Tomorrow at 12:00 PM. Send it out now only if the customer asked for it early.",
    );
  });

  it("says when a closed store opens", () => {
    const closed = (now: Date, h: WeeklyHours = hours) => {
      const a = dispatchTiming(ask({ now, store: { ...store, hours: h } }));
      return a.ok ? "" : a.message;
    };
    expect(closed(at("06:38"))).toBe(
      "The store is closed now (it opens 10:00 AM): orders go out during opening hours. Send it out now only if someone is really taking it.",
    );
    expect(closed(at("03:00", "2026-11-29"))).toContain("(it opens 12:00 PM)");
    expect(closed(at("23:00", "2026-11-29"))).toContain("(it opens Tomorrow at 10:00 AM)");
    expect(closed(at("23:00", "2026-11-29"), { ...hours, mon: [] })).toContain(
      "(it opens Tue, Dec 1 at 10:00 AM)",
    );
    expect(closed(at("12:00"), {})).toBe(
      "The store is closed now: orders go out during opening hours. Send it out now only if someone is really taking it.",
    );
  });

  it("finds the next opening within a week, or none", () => {
    expect(nextOpening(hours, "America/Chicago", at("06:38"))?.toISOString()).toBe(at("10:00").toISOString());
    expect(nextOpening({}, "America/Chicago", at("06:38"))).toBeNull();
  });
});
