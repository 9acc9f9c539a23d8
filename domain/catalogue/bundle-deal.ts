import { formatCents } from "../money.ts";

/**
 * Bundle deal text (spec §5): 'Buy {n} Save ${amount}', where the saving is what n single items cost
 * (package item price × n) minus the pack's price, "$3" or "$2.50" (domain/money). Null when a figure is missing or there is no saving.
 */
export function bundleDeal(
  price: number | null | undefined,
  packageItemPrice: number | null | undefined,
  packageQty: number | null | undefined,
): string | null {
  if (price == null || packageItemPrice == null || packageQty == null) return null;
  if (!Number.isInteger(packageQty) || packageQty < 2) return null;
  const saving = packageItemPrice * packageQty - price;
  if (saving <= 0) return null;
  return `Buy ${packageQty} Save ${formatCents(saving)}`;
}
