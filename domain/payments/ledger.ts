import { formatCents } from "../money.ts";

/**
 * A payment is a ledger, not a flag (DESIGN §5): what is authorised, captured and refunded are sums of its
 * operations. An operation is written (pending) before the provider is called and marked succeeded or failed
 * after; pending amounts already count against the limits, so two requests at once cannot capture or refund
 * more than there is.
 */
export type OperationStatus = "pending" | "succeeded" | "failed";

export type PaymentOperation =
  | { kind: "authorisation"; amount: number; status: OperationStatus }
  | { kind: "capture"; amount: number; status: OperationStatus }
  | { kind: "refund"; amount: number; status: OperationStatus }
  | { kind: "void"; amount: 0; status: OperationStatus };

export interface PaymentTotals {
  authorised: number;
  /** Captured, pending captures included. */
  captured: number;
  /** Refunded, pending refunds included. */
  refunded: number;
  voided: boolean;
}

export function paymentTotals(operations: readonly PaymentOperation[]): PaymentTotals {
  const live = operations.filter((o) => o.status !== "failed");
  const sum = (kind: PaymentOperation["kind"], statuses: OperationStatus[]) =>
    live.filter((o) => o.kind === kind && statuses.includes(o.status)).reduce((s, o) => s + o.amount, 0);
  return {
    authorised: sum("authorisation", ["succeeded"]),
    captured: sum("capture", ["pending", "succeeded"]),
    refunded: sum("refund", ["pending", "succeeded"]),
    voided: live.some((o) => o.kind === "void"),
  };
}

export type Allowed = { ok: true } | { ok: false; message: string };

const no = (message: string): Allowed => ({ ok: false, message });

/** Capture ≤ authorised − captured, on a payment not voided. */
export function mayCapture(t: PaymentTotals, amount: number): Allowed {
  if (!Number.isInteger(amount) || amount <= 0) return no("A capture must be a positive amount.");
  if (t.voided) return no("This payment was voided: nothing can be captured.");
  const left = t.authorised - t.captured;
  if (amount > left) return no(`Only ${formatCents(left, true)} of this payment can still be captured.`);
  return { ok: true };
}

/** Refund ≤ captured − refunded. */
export function mayRefund(t: PaymentTotals, amount: number): Allowed {
  if (!Number.isInteger(amount) || amount <= 0) return no("A refund must be a positive amount.");
  const left = t.captured - t.refunded;
  if (amount > left) return no(`Only ${formatCents(left, true)} of this payment can still be refunded.`);
  return { ok: true };
}

/** A hold is released (voided) only while nothing of it was captured. */
export function mayVoid(t: PaymentTotals): Allowed {
  if (t.voided) return no("This payment is already voided.");
  if (t.captured > 0) return no("This payment was captured: refund it instead.");
  if (t.authorised === 0) return no("Nothing was authorised on this payment.");
  return { ok: true };
}
