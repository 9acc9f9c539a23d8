/**
 * SKU form (spec §2): 2-3 alphanumerics, a dash, alphanumerics, a dash, alphanumerics.
 * Etched variants append "_ETCH" to their master's SKU (spec §5), so the product route accepts that suffix.
 */
export const SKU_PATTERN = /^[A-Za-z0-9]{2,3}-[A-Za-z0-9]+-[A-Za-z0-9]+(?:_ETCH)?$/;
export const ETCH_SUFFIX = "_ETCH";

export const isSku = (value: string) => SKU_PATTERN.test(value);
export const isEtchedSku = (sku: string) => sku.endsWith(ETCH_SUFFIX);
