import type { DispatchTimingCode } from "#domain/console/dispatch-timing.ts";

const ASKS_FOR_WORD: readonly DispatchTimingCode[] = ["too_early_for_slot", "store_closed"];

/** Whether a refused dispatch only wants staff's word (the timing rule), so the page offers "… anyway". */
export function needsConfirmation(answer: unknown): boolean {
  const code = (answer as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" && (ASKS_FOR_WORD as readonly string[]).includes(code);
}
