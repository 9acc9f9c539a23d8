import {
  defaultUpdate,
  recordedStatus,
  type SubstitutionLine,
  type SubstitutionUpdate,
} from "#domain/orders/substitution.ts";

/**
 * The substitution review's state (spec §4 Substitution review): per short line the answer being built (remove,
 * keep the in-stock part, replace, reset), the words recorded for the last choice ('Removed {title}', 'Replaced
 * {title}', 'Reset {title}'), and the server's message stored against that SKU (spec §8).
 */
export interface ReviewItem {
  line: SubstitutionLine;
  answer: SubstitutionUpdate;
  /** The replacement chosen, for its title and price on the page. */
  replacement: { sku_id: string; title: string; price: number } | null;
  recorded: string | null;
  error: string | null;
}

export type ReviewChoice = "keep" | "remove" | "replace";

export type ReviewAction =
  | { type: "remove"; sku: string }
  | { type: "keep"; sku: string }
  | {
      type: "replace";
      sku: string;
      product: { sku_id: string; title: string; price: number };
      keepInStock: boolean;
    }
  | { type: "quantity"; sku: string; qty: number }
  | { type: "reset"; sku: string }
  | { type: "errors"; errors: Record<string, string> };

export function reviewItems(lines: readonly SubstitutionLine[]): ReviewItem[] {
  return lines.map((line) => ({
    line,
    answer: defaultUpdate(line),
    replacement: null,
    recorded: null,
    error: null,
  }));
}

/** What the line's answer is now, for the choice buttons. */
export function choiceOf(item: ReviewItem): ReviewChoice {
  if (item.answer.added.length > 0) return "replace";
  return item.answer.removed || item.answer.kept === 0 ? "remove" : "keep";
}

/** How many of a replacement make up for what is missing. */
export const missingOf = (line: SubstitutionLine) => line.quantity - line.stock_level;

export function reviewReducer(items: ReviewItem[], action: ReviewAction): ReviewItem[] {
  if (action.type === "errors")
    return items.map((i) => ({ ...i, error: action.errors[i.line.sku_id] ?? null }));
  return items.map((item) => {
    if (item.line.sku_id !== action.sku) return item;
    const { line } = item;
    switch (action.type) {
      case "remove":
        return {
          ...item,
          answer: { sku_id: line.sku_id, removed: true, kept: 0, added: [] },
          replacement: null,
          recorded: recordedStatus("remove", line.title),
          error: null,
        };
      case "keep":
        return {
          ...item,
          answer: { sku_id: line.sku_id, removed: false, kept: line.stock_level, added: [] },
          replacement: null,
          recorded: null,
          error: null,
        };
      case "replace": {
        const kept = action.keepInStock ? line.stock_level : 0;
        const qty = line.quantity - kept;
        return {
          ...item,
          answer: {
            sku_id: line.sku_id,
            removed: kept === 0,
            kept,
            added: [{ sku_id: action.product.sku_id, qty }],
          },
          replacement: action.product,
          recorded: recordedStatus("replace", line.title),
          error: null,
        };
      }
      case "quantity": {
        if (item.answer.added.length === 0) return item;
        const qty = Math.max(1, Math.min(99, Math.round(action.qty)));
        return {
          ...item,
          answer: { ...item.answer, added: [{ ...item.answer.added[0], qty }] },
          error: null,
        };
      }
      case "reset":
        return {
          ...item,
          answer: defaultUpdate(line),
          replacement: null,
          recorded: recordedStatus("reset", line.title),
          error: null,
        };
      default:
        return item;
    }
  });
}

/** What the shopper's choices change, as the page estimates it (the server recomputes the order). */
export function estimatedChange(items: readonly ReviewItem[]): number {
  return items.reduce((sum, i) => {
    const kept = i.answer.removed ? 0 : i.answer.kept;
    const added = i.replacement ? i.replacement.price * (i.answer.added[0]?.qty ?? 0) : 0;
    return sum + (kept - i.line.quantity) * i.line.price + added;
  }, 0);
}

/**
 * The review form's fields to the answers PUT /order/substitution/{orderId} takes (the page works before and
 * without its script): `choice:{sku}` keep, remove or replace; `with:{sku}` the replacement; `qty:{sku}` how many;
 * `keepstock:{sku}` keep the in-stock part beside the replacement.
 */
export function answersFromForm(form: FormData, lines: readonly SubstitutionLine[]): SubstitutionUpdate[] {
  return lines.map((line) => {
    const field = (name: string) => {
      const v = form.get(`${name}:${line.sku_id}`);
      return typeof v === "string" ? v : "";
    };
    const choice = field("choice");
    if (choice === "remove") return { sku_id: line.sku_id, removed: true, kept: 0, added: [] };
    const replacement = field("with");
    if (choice === "replace" && replacement) {
      const kept = field("keepstock") ? line.stock_level : 0;
      const qty = Number.parseInt(field("qty"), 10);
      return {
        sku_id: line.sku_id,
        removed: kept === 0,
        kept,
        added: [
          { sku_id: replacement, qty: Number.isFinite(qty) && qty > 0 ? Math.min(qty, 99) : missingOf(line) },
        ],
      };
    }
    return defaultUpdate(line);
  });
}
