/**
 * The age verification API as the storefront reads it (docs/adr/0024-age-verification.md). The server builds
 * these answers; the storefront maps the cart's answer to spec §4's statuses with domain/age/status.ts.
 */

/** `POST /menu/cart/verify`: where this shopper stands for the current cart. */
export type CartVerifyAnswer =
  | { result: "not_required" }
  | { result: "success"; id: string; expires_at: string }
  | { result: "failed"; id: string; reason: string; message: string }
  | { result: "unknown"; id: string; token: string; expires_at: string }
  | { result: "unknown"; message: string; id?: undefined; token?: undefined };

/** Why a scan was refused. */
export type ScanRefusal = "unreadable" | "under_age" | "expired" | "name_mismatch" | "document_in_use";

/** `POST /menu/verify/{id}` `{ token, barcode }`: the server's decision on one scan. */
export interface ScanAnswer {
  id: string;
  result: "success" | "failed";
  reason?: ScanRefusal | string;
  message: string;
  expires_at?: string;
}

/** An open scan session: the scanner posts the barcode it reads with this token. */
export interface ScanSession {
  id: string;
  token: string;
}

/** The longest barcode text the server takes (ADR 24). */
export const MAX_BARCODE_LENGTH = 4096;
