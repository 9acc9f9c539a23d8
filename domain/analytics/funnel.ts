import { CHECKOUT_STARTED, ORDER_COMPLETED, PAGE_VIEWED, PRODUCT_ADDED, PRODUCT_VIEWED } from "./events.ts";

/**
 * The storefront's funnel (issue 17): visit → product → add to cart → checkout → order, counted in distinct
 * visitors per UTC day. A visitor counts at a step on a day when they did that step and every step before it that
 * day (in any order: a shopper who opens a product page straight from a link has visited too).
 */
export const FUNNEL_STEPS = [
  { key: "visit", label: "Visit", event: PAGE_VIEWED },
  { key: "product", label: "Product view", event: PRODUCT_VIEWED },
  { key: "cart", label: "Add to cart", event: PRODUCT_ADDED },
  { key: "checkout", label: "Checkout", event: CHECKOUT_STARTED },
  { key: "order", label: "Order", event: ORDER_COMPLETED },
] as const;

export type FunnelStepKey = (typeof FUNNEL_STEPS)[number]["key"];

export const FUNNEL_EVENTS: readonly string[] = FUNNEL_STEPS.map((s) => s.event);

/** What one visitor did on one day: the funnel events among theirs. */
export interface VisitorDay {
  day: string;
  visitor: string;
  events: readonly string[];
}

export interface FunnelDay {
  day: string;
  /** Distinct visitors per step, in FUNNEL_STEPS order. */
  counts: number[];
  /** Each step's share of the step before it (the first: 1), 0 when the step before had nobody. */
  rates: number[];
}

/** How far down the funnel one visitor went: the number of leading steps they did. */
export function stepsReached(events: readonly string[]): number {
  const done = new Set(events);
  let n = 0;
  for (const step of FUNNEL_STEPS) {
    if (!done.has(step.event)) break;
    n++;
  }
  return n;
}

/** The funnel per day, newest day first; a visitor listed twice on a day counts once. */
export function funnelByDay(rows: readonly VisitorDay[]): FunnelDay[] {
  const byDay = new Map<string, Map<string, Set<string>>>();
  for (const row of rows) {
    const visitors = byDay.get(row.day) ?? new Map<string, Set<string>>();
    byDay.set(row.day, visitors);
    const events = visitors.get(row.visitor) ?? new Set<string>();
    visitors.set(row.visitor, events);
    for (const e of row.events) events.add(e);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, visitors]) => {
      const counts = FUNNEL_STEPS.map(() => 0);
      for (const events of visitors.values()) {
        const reached = stepsReached([...events]);
        for (let i = 0; i < reached; i++) counts[i]++;
      }
      const rates = counts.map((c, i) =>
        i === 0 ? (c > 0 ? 1 : 0) : counts[i - 1] > 0 ? c / counts[i - 1] : 0,
      );
      return { day, counts, rates };
    });
}
