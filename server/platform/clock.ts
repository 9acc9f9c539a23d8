import { localDateOf, localInstant } from "#domain/availability/hours.ts";

/**
 * A clock that reads `minute` (minutes after midnight) today in `timeZone` when it is made, and runs on from there:
 * a test's way to judge hours-bound rules (the law's sale hours) at a known time of day whatever hour it runs.
 */
export function clockAtLocalTime(timeZone: string, minute: number): () => Date {
  const offset = localInstant(localDateOf(new Date(), timeZone), minute, timeZone).getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
