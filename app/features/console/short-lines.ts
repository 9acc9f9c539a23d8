import type { ConsoleOrder } from "#domain/orders/types.ts";

/** One short line as the console's form reports it (POST /api/console/orders/{id}/substitutions). */
export interface ShortLineReport {
  sku_id: string;
  stock_level: number;
  suggestions: string[];
}

/**
 * The form's fields to the lines staff marked short: `short` (one per ticked SKU), `shelf:{sku}` (how many the
 * shelf has, 0 when empty) and `suggest:{sku}` (each replacement ticked). A count that is not a whole number
 * below what was ordered is refused with words staff can act on.
 */
export function shortLinesFrom(
  form: FormData,
  products: ConsoleOrder["products"],
): { ok: true; lines: ShortLineReport[] } | { ok: false; message: string } {
  const ticked = form.getAll("short").filter((v): v is string => typeof v === "string");
  if (ticked.length === 0) return { ok: false, message: "Tick the items you are short of." };
  const lines: ShortLineReport[] = [];
  for (const sku of new Set(ticked)) {
    const product = products.find((p) => p.sku_id === sku);
    if (!product) return { ok: false, message: "That item is not on this order." };
    const raw = String(form.get(`shelf:${sku}`) ?? "").trim();
    const shelf = raw === "" ? 0 : Number(raw);
    if (!Number.isInteger(shelf) || shelf < 0 || shelf >= product.qty)
      return {
        ok: false,
        message: `For ${product.title}, enter how many you have: a whole number from 0 to ${product.qty - 1}.`,
      };
    const suggestions = form
      .getAll(`suggest:${sku}`)
      .filter((v): v is string => typeof v === "string" && v !== "");
    lines.push({ sku_id: sku, stock_level: shelf, suggestions: [...new Set(suggestions)].slice(0, 5) });
  }
  return { ok: true, lines };
}
