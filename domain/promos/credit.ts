/**
 * Store credit is a ledger (granted, spent, refunded, expired), never a number overwritten in place: the balance
 * is what the entries add up to. Grants may expire; what expires is what is left of them once spending is taken,
 * earliest expiry first (so credit that would lapse soonest is used first).
 */
export type CreditEntryKind = "granted" | "spent" | "refunded" | "expired";

export interface CreditEntry {
  kind: CreditEntryKind;
  /** Cents, always positive; the kind says which way it goes. */
  amount: number;
  /** Grants only: when what is left of it lapses. */
  expiresAt: Date | null;
}

export function creditBalance(entries: readonly CreditEntry[]): number {
  let balance = 0;
  for (const e of entries) balance += e.kind === "granted" || e.kind === "refunded" ? e.amount : -e.amount;
  return balance;
}

/** Cents of credit whose grants have lapsed by `now` and are not yet written off. */
export function lapsedCredit(entries: readonly CreditEntry[], now: Date): number {
  const pots = entries
    .filter((e) => e.kind === "granted" || e.kind === "refunded")
    .map((e) => ({ left: e.amount, expiresAt: e.kind === "granted" ? e.expiresAt : null }))
    .sort(
      (a, b) =>
        (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY),
    );
  let used = entries
    .filter((e) => e.kind === "spent" || e.kind === "expired")
    .reduce((s, e) => s + e.amount, 0);
  for (const pot of pots) {
    const take = Math.min(pot.left, used);
    pot.left -= take;
    used -= take;
  }
  return pots.filter((p) => p.expiresAt !== null && p.expiresAt <= now).reduce((s, p) => s + p.left, 0);
}

/** How much credit an order uses: what the shopper asked for (all of it by default), within balance and bill. */
export function creditToApply(requested: number | "all", balance: number, payable: number): number {
  const wanted = requested === "all" ? balance : Math.max(0, Math.floor(requested));
  return Math.max(0, Math.min(wanted, balance, payable));
}

/** Spec §3: credit is the sum of balance, val and value across the credit-type promos. */
export function creditFromPromos(
  promos: readonly { value_type: string; balance?: number; val?: number; value?: number }[],
): number {
  return promos
    .filter((p) => p.value_type === "credit")
    .reduce((s, p) => s + (p.balance ?? 0) + (p.val ?? 0) + (p.value ?? 0), 0);
}
