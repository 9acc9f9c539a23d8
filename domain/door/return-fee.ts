import { MINIMUM_AGE } from "../accounts/age.ts";
import { formatCents } from "../money.ts";

/**
 * The one sentence checkout shows before paying: what happens to the money if the order is refused at the door.
 * `fees`: the return fee of each store delivering the order (shipping is handed over by the carrier). Beside the
 * handover's rules (handover.ts re-exports it), so that checkout does not load them (issue 35 §3).
 */
export function returnFeeSentence(fees: readonly number[]): string | null {
  if (fees.length === 0) return null;
  const most = Math.max(...fees);
  const lead = `If nobody ${MINIMUM_AGE} or over can show a valid ID at the door, the order goes back to the store and`;
  if (most === 0) return `${lead} you're refunded in full.`;
  const same = fees.every((f) => f === most);
  return `${lead} you're refunded all but ${same ? "a" : "up to a"} ${formatCents(most, true)} return fee.`;
}
