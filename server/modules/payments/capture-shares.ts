import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

type Tx = Transaction<Database>;

/**
 * Each order's share of its payment's capture is kept on the order (`orders.captured`, a column of the orders
 * module's table). Payments decides the shares; orders writes them, through the writer it registers here, since
 * orders calls payments and payments calling orders would be a circle (ADR 59).
 */
export interface CaptureShares {
  /** A capture was planned, in the transaction that planned it: each order's share of it, in cents. */
  planned(tx: Tx, shares: { orderId: string; amount: number }[]): Promise<void>;
  /** The provider refused the payment's capture, which took nothing: its orders hold no share any more. */
  refused(tx: Tx, paymentId: string): Promise<void>;
}

let writer: CaptureShares | null = null;

/**
 * Registers the writer (registerModules, once per app). Set for the process, not per app: it is SQL on the caller's
 * transaction, the same for every app, and the free functions that settle a payment have no app to ask.
 */
export function onCaptureShares(shares: CaptureShares): void {
  writer = shares;
}

export function captureShares(): CaptureShares {
  if (!writer) throw new Error("No writer of capture shares: registerModules registers the orders module's");
  return writer;
}
