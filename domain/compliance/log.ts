/**
 * A store's compliance log as an inspector reads it (issue 33 §4): one CSV row per ID check at the door, handover
 * and refusal, oldest first, with who made it. Times are the store's wall clock with its zone, as a paper log's.
 */
import { csvCell } from "../feeds/layouts.ts";

export type ComplianceKind = "id_check" | "handover" | "refusal";

export interface ComplianceRow {
  at: Date;
  kind: ComplianceKind;
  outcome: string;
  orderNumber: number | null;
  /** Why, in the driver's or staff's words (a refusal's reason, a failure's text). */
  reason: string | null;
  /** The licence's issuing state or province, for an ID check: nothing else of the licence is kept. */
  jurisdiction: string | null;
  /** Whose ID passed: the account holder's or the gift recipient's. */
  whose: string | null;
  actorName: string;
  actorId: string;
}

export const COMPLIANCE_CSV_HEADER = [
  "date",
  "time",
  "time_zone",
  "store",
  "order",
  "record",
  "outcome",
  "reason",
  "id_issued_by",
  "id_of",
  "recorded_by",
  "recorded_by_id",
] as const;

const KIND_NAMES: Record<ComplianceKind, string> = {
  id_check: "ID check at the door",
  handover: "Handover",
  refusal: "Refused at the door",
};

/** YYYY-MM-DD and HH:MM:SS of an instant in a time zone. */
function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

export function complianceCsv(
  store: { name: string; timezone: string },
  rows: readonly ComplianceRow[],
): string {
  const lines = [COMPLIANCE_CSV_HEADER.join(",")];
  for (const r of rows) {
    const { date, time } = wallClock(r.at, store.timezone);
    lines.push(
      [
        date,
        time,
        store.timezone,
        store.name,
        r.orderNumber === null ? "" : `#${r.orderNumber}`,
        KIND_NAMES[r.kind],
        r.outcome,
        r.reason ?? "",
        r.jurisdiction ?? "",
        r.whose ?? "",
        r.actorName,
        r.actorId,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
