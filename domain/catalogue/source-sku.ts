import { ETCH_SUFFIX, isSku } from "./sku.ts";

/**
 * SKUs of seeded products, in the spec §2 form "XX-alnum-alnum" and derived only from the source's own ids,
 * so they stay the same across reseeds: IA-{item}-{ml}, BC-{sku}-{ml or qtyXml}, NC-{code}-{size}.
 */

function checked(sku: string): string {
  if (!isSku(sku)) throw new Error(`Not a valid SKU: ${sku}`);
  return sku;
}

const alnum = (value: string, what: string) => {
  if (!/^[A-Za-z0-9]+$/.test(value)) throw new Error(`${what} must be letters and digits, got "${value}"`);
  return value;
};

/** Iowa: item number and bottle volume in ml (IA-10006-750). */
export const iowaSku = (itemNumber: string, ml: number) =>
  checked(`IA-${alnum(itemNumber, "Item number")}-${ml}`);

/** BC: product number and size: ml for a single container (BC-198267-3000), qty X ml for a pack (BC-562835-6X341). */
export const bcSku = (skuNo: string, ml: number, qty: number) =>
  checked(`BC-${alnum(skuNo, "BC SKU")}-${qty > 1 ? `${qty}X${ml}` : ml}`);

/** Curated: our own code and a size token (NC-MX001-1L). */
export const curatedSku = (code: string, size: string) =>
  checked(`NC-${alnum(code, "Curated code")}-${alnum(size, "Size")}`.toUpperCase());

/** The engravable variant of a master product (spec §5: etched SKUs end in "_ETCH"). */
export const etchedSku = (masterSku: string) => checked(`${masterSku}${ETCH_SUFFIX}`);
