import type { PromoKind } from "./engine.ts";

/**
 * What an administrator may define as a promo (the store console; issue 15), so the engine (engine.ts) and the
 * credit ledger (credit.ts) only ever meet codes they can apply. Returns every problem found, in the words shown.
 */
export interface PromoDefinition {
  code: string;
  kind: PromoKind;
  /** percent: 1–100; fixed and credit: cents above zero; free_delivery: 0. */
  value: number;
  description: string;
  minSubtotal: number;
  maxDiscount: number | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  creditValidDays: number | null;
}

/** Codes are upper case letters, digits, dashes and underscores; 3 to 32 of them. */
export const PROMO_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The code as stored: trimmed and upper case. */
export const promoCodeOf = (typed: string) => typed.trim().toUpperCase();

export function promoProblems(p: PromoDefinition): string[] {
  const problems: string[] = [];
  if (!PROMO_CODE.test(p.code))
    problems.push(
      "A code is 3 to 32 letters, digits, dashes or underscores, starting with a letter or digit.",
    );
  if (!p.description.trim()) problems.push("Describe the offer in a few words shoppers will read.");
  switch (p.kind) {
    case "percent":
      if (!Number.isInteger(p.value) || p.value < 1 || p.value > 100)
        problems.push("A percent off is a whole number from 1 to 100.");
      break;
    case "fixed":
    case "credit":
      if (!Number.isInteger(p.value) || p.value < 1) problems.push("The amount must be more than $0.00.");
      break;
    case "free_delivery":
      if (p.value !== 0) problems.push("Free delivery takes no value (0).");
      break;
  }
  if (p.kind !== "percent" && p.maxDiscount !== null)
    problems.push("Only a percent off has a largest discount.");
  if (p.kind !== "credit" && p.creditValidDays !== null)
    problems.push("Only a credit code has days the credit stays valid.");
  if (p.startsAt && p.expiresAt && p.expiresAt <= p.startsAt)
    problems.push("The code must end after it starts.");
  if (p.maxUses !== null && p.maxUsesPerCustomer !== null && p.maxUsesPerCustomer > p.maxUses)
    problems.push("Uses per customer cannot be more than uses in all.");
  return problems;
}
