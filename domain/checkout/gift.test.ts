import { describe, expect, it } from "vitest";
import { checkGift, GIFT_CLAIM_DAYS, giftExpiry } from "./gift.ts";

describe("checkGift", () => {
  it("takes a recipient reachable by email or mobile", () => {
    expect(
      checkGift({
        giftRecipient: " Dana ",
        giftEmail: "Dana@Example.com",
        giftNote: "Cheers!",
        giftOccasion: "Birthday",
      }),
    ).toEqual({
      ok: true,
      gift: {
        recipient: "Dana",
        email: "dana@example.com",
        mobile: null,
        note: "Cheers!",
        occasion: "Birthday",
      },
    });
    expect(checkGift({ giftRecipient: "Dana", giftMobile: "(212) 555-0134" })).toMatchObject({
      ok: true,
      gift: { mobile: "2125550134" },
    });
  });

  it.each([
    [{}, "Enter the recipient's name."],
    [{ giftRecipient: "Dana" }, "Enter the recipient's email or mobile number, so they get the claim link."],
    [{ giftRecipient: "Dana", giftEmail: "dana@" }, "Enter a valid email for the recipient."],
    [{ giftRecipient: "Dana", giftMobile: "555" }, "Enter a valid mobile number for the recipient."],
    [
      { giftRecipient: "Dana", giftEmail: "d@e.co", giftNote: "x".repeat(251) },
      "Keep the gift note to 250 characters.",
    ],
    [
      { giftRecipient: "Dana", giftEmail: "d@e.co", giftOccasion: "Divorce party" },
      "Choose an occasion from the list.",
    ],
  ])("%j → %s", (input, message) => {
    expect(checkGift(input)).toEqual({ ok: false, message });
  });

  it("gives the recipient a week", () => {
    expect(giftExpiry(new Date("2026-11-25T12:00:00Z")).toISOString()).toBe("2026-12-02T12:00:00.000Z");
    expect(GIFT_CLAIM_DAYS).toBe(7);
  });
});
