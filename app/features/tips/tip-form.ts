import { maxTip, type TIP_PERCENTS, tipChoices } from "../../../domain/orders/after-order.ts";

/** Spec §5/§8: tip and feedback errors show the server message, else this. */
export const TIP_ERROR_FALLBACK = "We're sorry, an unexpected error occurred.";

export type TipChoice = `${(typeof TIP_PERCENTS)[number]}` | "custom" | "none";

/** The tip page's choices: each percentage of the subtotal with its amount, then custom and none. */
export function tipOptions(
  subtotal: number,
): { value: TipChoice; percent: number | null; amount: number | null }[] {
  return [
    ...tipChoices(subtotal).map((c) => ({
      value: String(c.percent) as TipChoice,
      percent: c.percent,
      amount: c.amount,
    })),
    { value: "custom", percent: null, amount: null },
    { value: "none", percent: null, amount: 0 },
  ];
}

/**
 * The tip in cents the form asks for: a percentage's amount (computed from the order's subtotal, as shown), a
 * custom amount in dollars ("7", "7.5", "$7.50"), or none. The server checks it again.
 */
export function tipAmountFromForm(
  choice: string,
  custom: string,
  subtotal: number,
): { ok: true; amount: number } | { ok: false; message: string } {
  if (choice === "none" || choice === "") return { ok: true, amount: 0 };
  if (choice === "custom") {
    const text = custom.trim().replace(/^\$/, "");
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(text))
      return { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." };
    const amount = Math.round(Number.parseFloat(text) * 100);
    if (amount > maxTip(subtotal))
      return {
        ok: false,
        message: `A tip on this order can be at most $${(maxTip(subtotal) / 100).toFixed(2)}.`,
      };
    return { ok: true, amount };
  }
  const option = tipChoices(subtotal).find((c) => String(c.percent) === choice);
  if (!option) return { ok: false, message: "Choose a tip." };
  return { ok: true, amount: option.amount };
}
