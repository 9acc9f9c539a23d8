/**
 * A gift order (spec §3 Checkout: isGift, giftRecipient, giftEmail, giftMobile, giftNote, giftOccasion): who it is
 * for and how to reach them with the claim link. The recipient has GIFT_CLAIM_DAYS to claim it.
 */
export const GIFT_OCCASIONS = [
  "Birthday",
  "Thank you",
  "Congratulations",
  "Holiday",
  "Anniversary",
  "Just because",
] as const;
export const GIFT_NOTE_MAX = 250;
export const GIFT_CLAIM_DAYS = 7;

export interface GiftInput {
  giftRecipient?: string;
  giftEmail?: string;
  giftMobile?: string;
  giftNote?: string;
  giftOccasion?: string;
}

export interface Gift {
  recipient: string;
  email: string | null;
  mobile: string | null;
  note: string | null;
  occasion: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function checkGift(input: GiftInput): { ok: true; gift: Gift } | { ok: false; message: string } {
  const recipient = input.giftRecipient?.trim() ?? "";
  if (recipient.length < 2) return { ok: false, message: "Enter the recipient's name." };
  const email = input.giftEmail?.trim() || null;
  const mobile = input.giftMobile?.replace(/\D/g, "") || null;
  if (!email && !mobile)
    return {
      ok: false,
      message: "Enter the recipient's email or mobile number, so they get the claim link.",
    };
  if (email && !EMAIL.test(email)) return { ok: false, message: "Enter a valid email for the recipient." };
  if (mobile && (mobile.length < 10 || mobile.length > 11))
    return { ok: false, message: "Enter a valid mobile number for the recipient." };
  const note = input.giftNote?.trim() || null;
  if (note && note.length > GIFT_NOTE_MAX)
    return { ok: false, message: `Keep the gift note to ${GIFT_NOTE_MAX} characters.` };
  const occasion = input.giftOccasion?.trim() || null;
  if (occasion && !(GIFT_OCCASIONS as readonly string[]).includes(occasion))
    return { ok: false, message: "Choose an occasion from the list." };
  return { ok: true, gift: { recipient, email: email?.toLowerCase() ?? null, mobile, note, occasion } };
}

/** When the recipient's claim link lapses. */
export const giftExpiry = (placedAt: Date) => new Date(placedAt.getTime() + GIFT_CLAIM_DAYS * 86_400_000);
