import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, parseIsoDate } from "./calendar.ts";
import {
  ageStanding,
  cartNeedsAgeVerification,
  documentKey,
  mayClearRefusal,
  standingAgeStatus,
  VERIFICATION_VALID_DAYS,
  verificationExpiry,
} from "./rules.ts";

describe("which carts need an ID scan", () => {
  it.each([
    [[], false],
    [[{ is_tobacco: false, available: true }], false],
    [[{ is_tobacco: true, available: true }], true],
    // A line that cannot be delivered is out of the order.
    [[{ is_tobacco: true, available: false }], false],
    [
      [
        { is_tobacco: false, available: true },
        { is_tobacco: true, available: true },
      ],
      true,
    ],
  ])("%j → %s", (lines, expected) => expect(cartNeedsAgeVerification(lines)).toBe(expected));
});

describe("how long a verification holds", () => {
  it("365 days from the scan, never past the document", () => {
    expect(VERIFICATION_VALID_DAYS).toBe(365);
    expect(verificationExpiry("2030-05-17", "2026-11-26")).toBe("2027-11-26");
    expect(verificationExpiry("2027-01-31", "2026-11-26")).toBe("2027-01-31");
    // Across a 29 February: 365 days, not "the same date next year".
    expect(verificationExpiry("2030-01-01", "2027-03-01")).toBe("2028-02-29");
  });

  it("the status stands through its last day and is null after", () => {
    expect(standingAgeStatus(1, "2027-11-26", "2027-11-26")).toBe(1);
    expect(standingAgeStatus(1, "2027-11-26", "2027-11-27")).toBeNull();
    expect(standingAgeStatus(2, "2027-11-26", "2026-12-01")).toBe(2);
    expect(standingAgeStatus(1, null, "2026-12-01")).toBeNull();
    expect(standingAgeStatus(null, "2027-11-26", "2026-12-01")).toBeNull();
  });

  it("calendar arithmetic agrees with the calendar (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2150 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: -4000, max: 4000 }),
        (y, m, d, n) => {
          const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          const moved = addDays(iso, n);
          expect(parseIsoDate(moved)).not.toBeNull();
          expect(addDays(moved, -n)).toBe(iso);
          // Checked against the platform's own calendar (UTC, where no clock change can shift a day).
          expect(moved).toBe(new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10));
        },
      ),
    );
  });
});

describe("one document across accounts", () => {
  it("is the country, the issuer and the number without its spaces and dashes", () => {
    expect(documentKey({ country: "CAN", jurisdiction: "on", documentNumber: "T6543-21098 40308" })).toBe(
      "CAN:ON:T65432109840308",
    );
    expect(documentKey({ country: "USA", jurisdiction: "IL", documentNumber: "r1627" })).not.toBe(
      documentKey({ country: "USA", jurisdiction: "IN", documentNumber: "r1627" }),
    );
  });
});

describe("where a shopper stands, and which refusal support may clear", () => {
  const day = "2027-03-01";
  it.each([
    ["no check yet", null, "open", false],
    ["verified, holding", { status: "success", reason: null, expiresOn: "2027-03-01" }, "verified", false],
    ["verified, lapsed", { status: "success", reason: null, expiresOn: "2027-02-28" }, "open", false],
    [
      "under age, holding",
      { status: "failed", reason: "under_age", expiresOn: "2028-01-01" },
      "locked",
      true,
    ],
    [
      "under age, its year over",
      { status: "failed", reason: "under_age", expiresOn: "2027-02-28" },
      "open",
      false,
    ],
    [
      "a name that does not match",
      { status: "failed", reason: "name_mismatch", expiresOn: null },
      "open",
      false,
    ],
    ["an expired card", { status: "failed", reason: "expired", expiresOn: null }, "open", false],
    [
      "a card on too many accounts",
      { status: "failed", reason: "document_in_use", expiresOn: null },
      "open",
      false,
    ],
  ] as const)("%s → %s", (_name, check, standing, clearable) => {
    expect(ageStanding(check, day)).toBe(standing);
    expect(mayClearRefusal(check, day)).toBe(clearable);
  });
});
