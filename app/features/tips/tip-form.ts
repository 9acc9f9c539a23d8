import { formatCents } from "#domain/money.ts";
import {
  maxTip,
  maxTipToAdd,
  TIP_ADDITIONS,
  type TIP_PERCENTS,
  tipChoices,
} from "#domain/orders/after-order.ts";

/** Spec §5/§8: tip and feedback errors show the server message, else this. */
export const TIP_ERROR_FALLBACK = "We're sorry, an unexpected error occurred.";

export type TipChoice =
  | `${(typeof TIP_PERCENTS)[number]}`
  | `add-${number}`
  | `pct-${number}`
  | "custom"
  | "none";

export interface TipOption {
  value: TipChoice;
  /** A share of the subtotal, when the option is one. */
  percent: number | null;
  /** Cents; null for the custom amount. */
  amount: number | null;
}

/**
 * The tip page's choices after delivery. With no tip at checkout: 15, 18 and 20 % of the subtotal, custom and none.
 * With one, the page never asks as if nothing were given: it offers amounts to add to it (within what the cap
 * leaves), custom and none.
 */
export function tipOptions(subtotal: number, alreadyTipped = 0): TipOption[] {
  const first: TipOption[] =
    alreadyTipped > 0
      ? TIP_ADDITIONS.filter((a) => a <= maxTipToAdd(subtotal, alreadyTipped)).map((amount) => ({
          value: `add-${amount}` as const,
          percent: null,
          amount,
        }))
      : tipChoices(subtotal).map((c) => ({
          value: String(c.percent) as TipChoice,
          percent: c.percent,
          amount: c.amount,
        }));
  return [
    ...first,
    { value: "custom", percent: null, amount: null },
    { value: "none", percent: null, amount: 0 },
  ];
}

/** What checkout offered (none, 10, 15, 20 %), to change the tip chosen there while it may still change. */
export const CHECKOUT_TIP_PERCENTS = [0, 10, 15, 20] as const;

export function checkoutTipOptions(subtotal: number): TipOption[] {
  return [
    ...CHECKOUT_TIP_PERCENTS.map((percent) => ({
      value: `pct-${percent}` as const,
      percent,
      amount: Math.round((subtotal * percent) / 100),
    })),
    { value: "custom", percent: null, amount: null },
  ];
}

/**
 * The tip in cents the form asks for: an option's amount (computed from the order's subtotal, as shown), a custom
 * amount in dollars ("7", "7.5", "$7.50"), or none; `cap` is the most it may be. The server checks it again.
 */
export function tipAmountFromForm(
  choice: string,
  custom: string,
  options: readonly TipOption[],
  cap: number,
  capMessage: (cap: number) => string,
): { ok: true; amount: number } | { ok: false; message: string } {
  if (choice === "none" || choice === "") return { ok: true, amount: 0 };
  if (choice === "custom") {
    const text = custom.trim().replace(/^\$/, "");
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(text))
      return { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." };
    const amount = Math.round(Number.parseFloat(text) * 100);
    if (amount > cap) return { ok: false, message: capMessage(cap) };
    return { ok: true, amount };
  }
  const option = options.find((o) => o.value === choice && o.amount !== null);
  if (!option || option.amount === null) return { ok: false, message: "Choose a tip." };
  return { ok: true, amount: option.amount };
}

/** The tip added after delivery, as the form asks for it. */
export function addedTipFromForm(choice: string, custom: string, subtotal: number, alreadyTipped: number) {
  return tipAmountFromForm(
    choice,
    custom,
    tipOptions(subtotal, alreadyTipped),
    maxTipToAdd(subtotal, alreadyTipped),
    (cap) =>
      alreadyTipped > 0
        ? `You can add at most ${formatCents(cap, true)} to your tip on this order.`
        : `A tip on this order can be at most ${formatCents(cap, true)}.`,
  );
}

/** The tip chosen at checkout, changed, as the form asks for it. */
export function checkoutTipFromForm(choice: string, custom: string, subtotal: number) {
  if (choice === "none") return { ok: false as const, message: "Choose a tip." };
  return tipAmountFromForm(
    choice,
    custom,
    checkoutTipOptions(subtotal),
    maxTip(subtotal),
    (cap) => `A tip on this order can be at most ${formatCents(cap, true)}.`,
  );
}
