import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addressKey,
  friendName,
  judgeReferral,
  mailboxOf,
  normalizeReferralCode,
  REFERRAL_CAP,
  REFERRAL_CODE_PATTERN,
  type ReferralParty,
  referralCodeFrom,
  referralState,
} from "./rules.ts";

const card = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2031 };
const home = { address: "1425 N Damen Ave, Chicago, IL 60622", unit: null, zip: "60622" };

const party = (over: Partial<ReferralParty> = {}): ReferralParty => ({
  userId: "u-1",
  email: "alex@example.com",
  mobile: null,
  cards: [],
  devices: [],
  addresses: [],
  ...over,
});
const referrer = party({
  userId: "referrer",
  email: "alex.smith@gmail.com",
  mobile: "3125550100",
  cards: [card],
  devices: ["aaaaaaaa-0000-4000-8000-000000000001"],
  addresses: [home],
});
const friend = party({
  userId: "friend",
  email: "jo@example.com",
  cards: [{ ...card, last4: "5556" }],
  devices: ["bbbbbbbb-0000-4000-8000-000000000002"],
  addresses: [{ address: "233 S Wacker Dr, Chicago, IL 60606", unit: null, zip: "60606" }],
});

describe("judgeReferral", () => {
  it.each<[string, Partial<ReferralParty>, number, string | null]>([
    ["a genuine friend", {}, 0, null],
    ["one below the cap", {}, REFERRAL_CAP - 1, null],
    ["the referrer's own account", { userId: "referrer" }, 0, "same_person"],
    [
      "the same Gmail mailbox with dots and a tag",
      { email: "AlexSmith+deal@googlemail.com" },
      0,
      "same_person",
    ],
    ["the same mobile", { mobile: "3125550100" }, 0, "same_person"],
    [
      "the referrer's card (brand spelled differently)",
      { cards: [{ ...card, brand: "Visa" }] },
      0,
      "same_card",
    ],
    ["the card with a two-digit year", { cards: [{ ...card, expYear: 31 }] }, 0, "same_card"],
    ["the same number but another expiry", { cards: [{ ...card, expMonth: 11 }] }, 0, null],
    [
      "a device the referrer signed in on",
      { devices: ["AAAAAAAA-0000-4000-8000-000000000001"] },
      0,
      "same_device",
    ],
    [
      "the referrer's address, written otherwise",
      { addresses: [{ ...home, address: "1425 n. damen ave" }] },
      0,
      "same_address",
    ],
    ["the same building, another flat", { addresses: [{ ...home, unit: "3F" }] }, 0, null],
    ["the cap reached", {}, REFERRAL_CAP, "cap_reached"],
    ["a same-person case over the cap says same person", { userId: "referrer" }, REFERRAL_CAP, "same_person"],
  ])("%s", (_name, over, rewarded, reason) => {
    const verdict = judgeReferral(referrer, { ...friend, ...over }, rewarded);
    if (reason === null) expect(verdict).toEqual({ ok: true });
    else expect(verdict).toMatchObject({ ok: false, reason, message: expect.any(String) });
  });

  it("never rewards a referral of oneself, whatever else is true", () => {
    fc.assert(
      fc.property(fc.nat(20), (rewarded) => {
        expect(judgeReferral(referrer, referrer, rewarded).ok).toBe(false);
      }),
    );
  });
});

describe("mailboxOf", () => {
  it.each([
    ["A.B+x@Gmail.com", "ab@gmail.com"],
    ["ab@googlemail.com", "ab@gmail.com"],
    ["a.b+x@example.com", "a.b@example.com"],
    ["weird@name@example.com", "weird@name@example.com"],
  ])("%s → %s", (email, mailbox) => expect(mailboxOf(email)).toBe(mailbox));
});

describe("addressKey", () => {
  it("ignores case, punctuation and what follows the street, keeps the unit", () => {
    expect(addressKey(home)).toBe(addressKey({ address: "1425 N. DAMEN AVE", unit: "", zip: "60622-1234" }));
    expect(addressKey(home)).not.toBe(addressKey({ ...home, unit: "2" }));
  });
});

describe("referral codes", () => {
  it("are 8 characters of the alphabet, from any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        expect(referralCodeFrom(bytes)).toMatch(REFERRAL_CODE_PATTERN);
      }),
    );
  });
  it.each([
    [" ab cd ef gh ", "ABCDEFGH"],
    ["ABCDEFG", null],
    ["ABCDEFG0", null],
    ["", null],
    [null, null],
  ])("normalizes %j to %j", (input, out) => expect(normalizeReferralCode(input)).toBe(out));
});

describe("referralState", () => {
  it.each([
    ["signed_up", 0, "signed_up"],
    ["signed_up", 1, "ordered"],
    ["rewarded", 1, "rewarded"],
    ["refused", 0, "refused"],
  ] as const)("%s with %i orders is %s", (stored, orders, shown) =>
    expect(referralState(stored, orders)).toBe(shown),
  );
});

it("friendName shows a first name and an initial", () => {
  expect(friendName("Casey", "buyer")).toBe("Casey B.");
  expect(friendName("Casey ", "")).toBe("Casey");
});
