import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAvailability, commonAvailability } from "../availability/availability.ts";
import type { Availability } from "../availability/types.ts";
import { cardNumbersIn } from "../payments/card-number.ts";
import { canonicalJson, checkoutIdFor, chooseDelivery, isCheckoutIdOf } from "./request.ts";

describe("checkout ids (spec §7: the user id plus a timestamp)", () => {
  it("are the user's and read back", () => {
    const id = checkoutIdFor("8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234", new Date(1732500000000));
    expect(id).toBe("8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234_m3wdrnk0");
    expect(isCheckoutIdOf(id, "8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234")).toBe(true);
    expect(isCheckoutIdOf(id, "someone-else")).toBe(false);
    expect(
      isCheckoutIdOf("8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234_abc", "8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234"),
    ).toBe(false);
  });

  const USER = "8a6f0c1e-4b1d-4a7e-9c55-0d2f6b4a1234";
  it.each([
    ["the storefront's base-36 timestamp", `${USER}_m3wdrnk0`, true],
    ["an app's decimal milliseconds after _", `${USER}_1732500000000`, true],
    ["an app's decimal milliseconds with no separator", `${USER}1732500000000`, false],
    ["decimal seconds after _", `${USER}_1732500000`, true],
    ["milliseconds with a digit too many", `${USER}_17325000000000`, false],
    ["a base-36 stamp with no separator", `${USER}m3wdrnk0`, false],
    ["too short a stamp", `${USER}_abc`, false],
    ["upper case", `${USER}_M3WDRNK0`, false],
    ["another separator", `${USER}-1732500000000`, false],
    ["someone else's id", "someone-else_1732500000000", false],
    ["the user id alone", USER, false],
    ["a stamp and more", `${USER}_1732500000000_x`, false],
  ])("%s: %s → %s", (_why, id, ok) => {
    expect(isCheckoutIdOf(id, USER)).toBe(ok);
  });

  it("is a checkout id of one user at most, whatever the user ids look like", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1_600_000_000_000, max: 9_999_999_999_999 }),
        (a, more, ms) => {
          for (const id of [checkoutIdFor(a, new Date(ms)), `${a}_${ms}`]) {
            expect(isCheckoutIdOf(id, a)).toBe(true);
            expect(isCheckoutIdOf(id, `${a}${more}`)).toBe(false);
          }
        },
      ),
    );
  });

  it("never read as a card number, whatever the time or the digits the user id ends with", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 1_600_000_000_000, max: 9_000_000_000_000 }), (user, ms) => {
        expect(cardNumbersIn(checkoutIdFor(user, new Date(ms)))).toEqual([]);
      }),
    );
  });
});

describe("canonicalJson", () => {
  it("reads equal requests the same, whatever the key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });
});

describe("chooseDelivery", () => {
  const availability: Availability = {
    store_id: "s",
    shipping: false,
    timezone: "America/New_York",
    immediate_delivery: true,
    scheduling: true,
    eta: { display: "30–45 min", minutes: 40 },
    selection_text: "",
    dates: [
      {
        date: "2026-11-25",
        label: "Today",
        slots: [
          { start: "2026-11-25T23:00:00.000Z", end: "2026-11-26T00:00:00.000Z", label: "6:00 PM – 7:00 PM" },
        ],
      },
    ],
  };

  it.each([
    [{ kind: "asap" }, false, { ok: true, delivery: { kind: "asap", etaMinutes: 40 } }],
    [
      { kind: "slot", date: "2026-11-25", start: "2026-11-25T23:00:00.000Z" },
      false,
      {
        ok: true,
        delivery: {
          kind: "slot",
          date: "2026-11-25",
          start: "2026-11-25T23:00:00.000Z",
          end: "2026-11-26T00:00:00.000Z",
          label: "6:00 PM – 7:00 PM",
        },
      },
    ],
    [
      { kind: "slot", date: "2026-11-25", start: "2026-11-25T22:00:00.000Z" },
      false,
      { ok: false, message: "That delivery time is no longer available. Please choose another." },
    ],
    [
      { kind: "recipient" },
      true,
      { ok: true, delivery: { kind: "recipient", label: "Allow Recipient to Schedule Delivery" } },
    ],
    [
      { kind: "recipient" },
      false,
      { ok: false, message: "Only a gift can wait for its recipient to choose a time." },
    ],
  ] as const)("%j (gift %s) → %j", (choice, gift, result) => {
    expect(chooseDelivery(availability, choice, gift)).toEqual(result);
  });

  it("no ASAP while the store is closed", () => {
    expect(chooseDelivery({ ...availability, immediate_delivery: false }, { kind: "asap" }, false)).toEqual({
      ok: false,
      message: "This store can't deliver right now. Please choose a delivery time.",
    });
  });
});

describe("a split cart's delivery choices", () => {
  it("every choice the common availability offers is one each store accepts when the order is placed", () => {
    const now = new Date("2026-11-27T04:20:00Z"); // 10:20 PM in Chicago
    const hours = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }))
      .map(([open, length]) => {
        const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
        const window: [string, string][] = [[hh(open), hh(Math.min(24, open + length))]];
        return { sun: window, mon: window, tue: window, wed: window, thu: window, fri: window, sat: window };
      });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hours, fc.constantFrom(20, 45)), { minLength: 2, maxLength: 3 }),
        (specs) => {
          const stores = specs.map(([h, eta], i) =>
            buildAvailability(
              { id: `s${i}`, is_shipping: false, eta_minutes: eta, timezone: "America/Chicago", hours: h },
              now,
            ),
          );
          const common = commonAvailability(stores)!;
          const choices = [
            ...(common.immediate_delivery ? [{ kind: "asap" as const }] : []),
            ...common.dates.flatMap((d) =>
              d.slots.map((s) => ({ kind: "slot" as const, date: d.date, start: s.start })),
            ),
          ];
          for (const choice of choices)
            for (const store of stores) expect(chooseDelivery(store, choice, false).ok).toBe(true);
        },
      ),
    );
  });
});
