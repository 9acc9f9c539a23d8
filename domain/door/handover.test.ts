import { describe, expect, it } from "vitest";
import {
  DOOR_MESSAGES,
  doorCheck,
  HANDOVER_REFUSALS,
  REFUSAL_RULES,
  recipientName,
  returnFee,
  returnFeeSentence,
} from "./handover.ts";

describe("REFUSAL_RULES: what each reason at the door does to the order", () => {
  it.each([
    ["no_id", "hard"],
    ["under_age", "hard"],
    ["id_mismatch", "hard"],
    ["intoxicated", "hard"],
    ["no_one_home", "soft"],
    ["refused", "hard"],
  ] as const)("%s fails the order %s", (reason, state) => {
    expect(REFUSAL_RULES[reason].state).toBe(state);
    expect(REFUSAL_RULES[reason].reason).toMatch(/\.$/);
  });

  it("offers every reason once, each with its own words", () => {
    expect(new Set(HANDOVER_REFUSALS).size).toBe(6);
    expect(new Set(HANDOVER_REFUSALS.map((r) => REFUSAL_RULES[r].label)).size).toBe(6);
  });
});

describe("doorCheck: whether a scanned licence lets the driver hand the order over", () => {
  const today = "2026-11-29";
  const casey = { firstname: "Casey", lastname: "Buyer" };
  const ana = { firstname: "Ana María", lastname: "Cruz" };
  const licence = (
    o: Partial<{ firstName: string; lastName: string; dateOfBirth: string; expiry: string }>,
  ) => ({
    firstName: "CASEY",
    middleNames: [],
    lastName: "BUYER",
    dateOfBirth: "1990-05-17",
    expiry: "2029-05-17",
    ...o,
  });

  it.each([
    ["the account holder, 36, valid", {}, null, { ok: true, whose: "account" }],
    ["21 today", { dateOfBirth: "2005-11-29" }, null, { ok: true }],
    [
      "21 tomorrow",
      { dateOfBirth: "2005-11-30" },
      null,
      { ok: false, reason: "under_age", refusal: "under_age" },
    ],
    ["expires today: still valid", { expiry: today }, null, { ok: true }],
    ["expired yesterday", { expiry: "2026-11-28" }, null, { ok: false, reason: "expired", refusal: "no_id" }],
    [
      "someone else's",
      { firstName: "JORDAN", lastName: "OTHER" },
      null,
      { ok: false, reason: "name_mismatch", refusal: "id_mismatch" },
    ],
    ["the gift's recipient", { firstName: "ANA", lastName: "CRUZ" }, ana, { ok: true, whose: "recipient" }],
    [
      "the gift's recipient, under age: the age refusal, not the name",
      { firstName: "ANA", lastName: "CRUZ", dateOfBirth: "2010-01-01" },
      ana,
      { ok: false, reason: "under_age" },
    ],
  ] as const)("%s", (_, fields, recipient, expected) => {
    const got = doorCheck({ licence: licence(fields), account: casey, recipient, today });
    expect(got).toMatchObject(expected);
    expect(got.message).toBe(got.ok ? DOOR_MESSAGES.pass : DOOR_MESSAGES[got.reason]);
  });
});

describe("recipientName: the gift's recipient as typed", () => {
  it.each([
    ["Ana María Cruz", { firstname: "Ana María", lastname: "Cruz" }],
    ["  Sam   Lee ", { firstname: "Sam", lastname: "Lee" }],
    ["Madonna", null],
    ["", null],
  ])("%j", (full, expected) => expect(recipientName(full)).toEqual(expected));
});

describe("returnFeeSentence: the sentence checkout shows before paying", () => {
  it.each([
    [[], null],
    [
      [0],
      "If nobody 21 or over can show a valid ID at the door, the order goes back to the store and you're refunded in full.",
    ],
    [
      [500],
      "If nobody 21 or over can show a valid ID at the door, the order goes back to the store and you're refunded all but a $5.00 return fee.",
    ],
    [
      [500, 500],
      "If nobody 21 or over can show a valid ID at the door, the order goes back to the store and you're refunded all but a $5.00 return fee.",
    ],
    [
      [0, 750],
      "If nobody 21 or over can show a valid ID at the door, the order goes back to the store and you're refunded all but up to a $7.50 return fee.",
    ],
  ])("%j", (fees, expected) => expect(returnFeeSentence(fees)).toBe(expected));
});

describe("returnFee: what the store keeps, in cents, never more than the charge", () => {
  it.each([
    [500, 10_794, 500],
    [500, 300, 300],
    [0, 10_794, 0],
    [500, 0, 0],
    [-100, 1000, 0],
    [10_794, 10_794, 10_794],
  ])("fee %i on a charge of %i keeps %i", (fee, charged, kept) => {
    expect(returnFee(fee, charged)).toBe(kept);
    expect(returnFee(fee, charged)).toBeLessThanOrEqual(Math.max(charged, 0));
  });

  it("refuses fractions of a cent", () => {
    expect(() => returnFee(1.5, 100)).toThrow();
  });
});
