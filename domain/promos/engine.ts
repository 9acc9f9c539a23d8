import { formatCents } from "../money.ts";

/**
 * The promo engine: whether a code applies to a cart, and what it takes off. The rules real shops use — percent,
 * fixed amount, free delivery; a minimum subtotal; first order only; a start and an end; total uses and uses per
 * customer; a scope by store and by product tag, with tags it never touches (nicotine and tobacco). Credit codes
 * are not discounts: they are granted into the shopper's store credit (domain/promos/credit.ts).
 */
export type PromoKind = "percent" | "fixed" | "free_delivery" | "credit";

export interface PromoRule {
  code: string;
  kind: PromoKind;
  /** percent: 1–100; fixed and credit: cents; free_delivery: 0. */
  value: number;
  description: string;
  /** Cents of eligible items the cart must hold. */
  minSubtotal: number;
  /** Cap on a percent discount, in cents. */
  maxDiscount: number | null;
  firstOrderOnly: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** Stores it is good at; null for every store. */
  storeIds: string[] | null;
  /** Product tags it is good on; null for every product. */
  tags: string[] | null;
  /** Product tags it never touches, whatever else it covers. */
  excludedTags: string[];
}

/** Nicotine and tobacco: by law and by habit, never discounted. */
export const NEVER_DISCOUNTED_TAGS = ["TB", "NP", "VP"];

export interface PromoLine {
  storeId: string;
  /** Cents. */
  subtotal: number;
  tags: readonly string[];
}

export interface PromoContext {
  now: Date;
  lines: readonly PromoLine[];
  /** Each store's delivery fee or shipping price, in cents. */
  fees: Readonly<Record<string, number>>;
  signedIn: boolean;
  /** The shopper's earlier orders that were paid and not cancelled. */
  previousOrders: number;
  /** Times the shopper redeemed this code. */
  customerUses: number;
  /** Times anyone redeemed this code. */
  totalUses: number;
}

export type PromoRefusal =
  | "not_started"
  | "expired"
  | "used_up"
  | "already_used"
  | "sign_in_required"
  | "first_order_only"
  | "not_applicable"
  | "minimum"
  | "credit_code";

export type PromoResult =
  | {
      ok: true;
      discount: number;
      eligibleSubtotal: number;
      /** Eligible cents per store, for sharing the discount among a split cart's orders. */
      eligibleByStore: Record<string, number>;
      freeDelivery: boolean;
    }
  | { ok: false; reason: PromoRefusal; message: string };

export const PROMO_MESSAGES: Record<Exclude<PromoRefusal, "minimum">, string> = {
  not_started: "This code isn't active yet.",
  expired: "This code has expired.",
  used_up: "This code has been fully redeemed.",
  already_used: "You've already used this code.",
  sign_in_required: "Log in to use this code.",
  first_order_only: "This code is for your first order.",
  not_applicable: "This code doesn't apply to the items in your cart.",
  credit_code: "This code adds store credit: add it to your account's promos.",
};

export const minimumMessage = (missing: number) => `Add ${formatCents(missing, true)} more to use this code.`;

const refuse = (reason: Exclude<PromoRefusal, "minimum">): PromoResult => ({
  ok: false,
  reason,
  message: PROMO_MESSAGES[reason],
});

/** Whether a line is in the promo's scope. */
export function lineEligible(rule: PromoRule, line: PromoLine): boolean {
  if (rule.storeIds && !rule.storeIds.includes(line.storeId)) return false;
  const excluded = [...rule.excludedTags, ...NEVER_DISCOUNTED_TAGS];
  if (line.tags.some((t) => excluded.includes(t))) return false;
  return rule.tags === null || line.tags.some((t) => rule.tags!.includes(t));
}

export type Standing = Pick<
  PromoContext,
  "now" | "signedIn" | "previousOrders" | "customerUses" | "totalUses"
>;

/** Whether the code can be used at all now, by this shopper, whatever the cart holds. */
export function promoStanding(rule: PromoRule, ctx: Standing): PromoResult | null {
  if (rule.startsAt && ctx.now < rule.startsAt) return refuse("not_started");
  if (rule.expiresAt && ctx.now >= rule.expiresAt) return refuse("expired");
  if (rule.maxUses !== null && ctx.totalUses >= rule.maxUses) return refuse("used_up");
  if ((rule.firstOrderOnly || rule.maxUsesPerCustomer !== null) && !ctx.signedIn)
    return refuse("sign_in_required");
  if (rule.maxUsesPerCustomer !== null && ctx.customerUses >= rule.maxUsesPerCustomer)
    return refuse("already_used");
  if (rule.firstOrderOnly && ctx.previousOrders > 0) return refuse("first_order_only");
  return null;
}

export function evaluatePromo(rule: PromoRule, ctx: PromoContext): PromoResult {
  if (rule.kind === "credit") return refuse("credit_code");
  const standing = promoStanding(rule, ctx);
  if (standing) return standing;

  const eligible = ctx.lines.filter((line) => lineEligible(rule, line));
  const eligibleSubtotal = eligible.reduce((s, l) => s + l.subtotal, 0);
  const eligibleByStore: Record<string, number> = {};
  for (const l of eligible) eligibleByStore[l.storeId] = (eligibleByStore[l.storeId] ?? 0) + l.subtotal;
  if (eligibleSubtotal === 0) return refuse("not_applicable");
  if (eligibleSubtotal < rule.minSubtotal)
    return { ok: false, reason: "minimum", message: minimumMessage(rule.minSubtotal - eligibleSubtotal) };

  if (rule.kind === "free_delivery") {
    const stores = new Set(eligible.map((l) => l.storeId));
    const discount = [...stores].reduce((s, id) => s + (ctx.fees[id] ?? 0), 0);
    return { ok: true, discount, eligibleSubtotal, eligibleByStore, freeDelivery: true };
  }
  const raw = rule.kind === "percent" ? Math.round((eligibleSubtotal * rule.value) / 100) : rule.value;
  const capped = rule.maxDiscount !== null ? Math.min(raw, rule.maxDiscount) : raw;
  return {
    ok: true,
    discount: Math.min(capped, eligibleSubtotal),
    eligibleSubtotal,
    eligibleByStore,
    freeDelivery: false,
  };
}
