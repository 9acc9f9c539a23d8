import type { ApiAnswer } from "#app/lib/api-answers.ts";

/**
 * The age verification API as the storefront reads it (docs/adr/0024-age-verification.md), from the answers'
 * generated types (docs/adr/0056-api-contract.md). The storefront maps the cart's answer to spec §4's statuses with
 * domain/age/status.ts.
 */

/** `POST /menu/cart/verify`: where this shopper stands for the current cart. */
export type CartVerifyAnswer = ApiAnswer<"verifyCartAge">;

/** `POST /menu/verify/{id}` `{ token, barcode }`: the server's decision on one scan. */
export type ScanAnswer = ApiAnswer<"submitAgeScan">;

/** An open scan session: the scanner posts the barcode it reads with this token. */
export interface ScanSession {
  id: string;
  token: string;
}

/** The longest barcode text the server takes (ADR 24). */
export const MAX_BARCODE_LENGTH = 4096;
