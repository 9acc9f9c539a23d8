import { WEEKDAYS, type Weekday } from "#domain/availability/hours.ts";
import { DAY_NAMES } from "#domain/console/store-rules.ts";

/**
 * Opening hours as staff type them on a phone: one field per weekday, "10:00-22:00", several windows separated by
 * commas ("09:00-12:00, 13:00-18:00"), empty when closed. The server checks the times (domain/console/store-rules.ts).
 */
export type HoursByDay = Partial<Record<string, [string, string][]>>;

export const weekdays = WEEKDAYS.map((day) => ({ day, name: DAY_NAMES[day] }));

export function hoursText(windows: readonly (readonly string[])[] | undefined): string {
  return (windows ?? []).map(([a, b]) => `${a}-${b}`).join(", ");
}

/** The typed fields as hours; a field that is not "HH:MM-HH:MM[, …]" is named in `problems`. */
export function hoursFromText(fields: Record<Weekday, string>): { hours: HoursByDay; problems: string[] } {
  const hours: HoursByDay = {};
  const problems: string[] = [];
  for (const day of WEEKDAYS) {
    const text = (fields[day] ?? "").trim();
    hours[day] = [];
    if (!text) continue;
    for (const part of text.split(",")) {
      const m = /^\s*(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})\s*$/.exec(part);
      if (!m) {
        problems.push(`${DAY_NAMES[day]}: write the hours like 10:00-22:00 (empty when closed).`);
        break;
      }
      hours[day]?.push([m[1].padStart(5, "0"), m[2].padStart(5, "0")]);
    }
  }
  return { hours, problems };
}
