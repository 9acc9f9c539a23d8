/**
 * A store's scheduled shelf feed (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md): when its file is fetched next,
 * whether it is due, and what a failed fetch is told to the store, in plain words.
 */

/** How often a store's file may be fetched: every hour at most, once a day at least. */
export const FEED_EVERY_HOURS = { min: 1, max: 24 } as const;

/** A failed fetch is tried again this soon (or at the schedule, when sooner). */
export const FEED_RETRY_HOURS = 1;

const HOUR_MS = 60 * 60 * 1000;

/**
 * When the file is fetched next after a fetch at `at`: the schedule's interval on, or within the hour after a failure
 * (the shop's server may be back by then) unless the schedule is sooner anyway.
 */
export function nextFetchAt(at: Date, everyHours: number, failed = false): Date {
  if (!Number.isInteger(everyHours) || everyHours < FEED_EVERY_HOURS.min || everyHours > FEED_EVERY_HOURS.max)
    throw new RangeError(`every ${everyHours} hours is not a feed schedule (1 to 24)`);
  const hours = failed ? Math.min(everyHours, FEED_RETRY_HOURS) : everyHours;
  return new Date(at.getTime() + hours * HOUR_MS);
}

/**
 * When a saved source is first fetched: at once when it is new or its address changed, else its schedule goes on
 * from its last fetch (a shorter interval may make it due at once), never before now.
 */
export function nextAfterSaving(
  now: Date,
  everyHours: number,
  last: { fetchedAt: Date | null; sameUrl: boolean } | null,
): Date {
  if (!last?.sameUrl || !last.fetchedAt) return now;
  const next = nextFetchAt(last.fetchedAt, everyHours);
  return next < now ? now : next;
}

/** Due: its time has come and no instance holds it (or the one that did let its lease run out). */
export function isDue(source: { nextFetchAt: Date; claimedUntil: Date | null }, now: Date): boolean {
  return source.nextFetchAt <= now && (source.claimedUntil === null || source.claimedUntil <= now);
}

/** Why a fetch brought no dry run. */
export type FetchFailure =
  | { kind: "status"; status: number }
  | { kind: "timeout"; seconds: number }
  | { kind: "too_large"; bytes: number }
  | { kind: "refused"; reason: string }
  | { kind: "network"; message: string }
  | { kind: "redirects" }
  | { kind: "rejected"; problems: number; first: string }
  | { kind: "setter_gone" };

const STATUS_HINTS: Record<number, string> = {
  401: "the user name and password (or token) were not accepted",
  403: "the server refused access to the file",
  404: "there is no file at that address",
  429: "the server asked us to slow down",
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The store's words for a failed fetch, kept on the source and shown on its page. */
export function describeFetchFailure(f: FetchFailure): string {
  switch (f.kind) {
    case "status": {
      const hint = STATUS_HINTS[f.status] ?? (f.status >= 500 ? "the shop's server had an error" : null);
      return `The address answered HTTP ${f.status}${hint ? `: ${hint}` : ""}. Nothing was changed.`;
    }
    case "timeout":
      return `The address did not send the whole file within ${f.seconds} seconds. Nothing was changed.`;
    case "too_large":
      return `The file is larger than ${megabytes(f.bytes)}, the most a feed may be. Nothing was changed.`;
    case "refused":
      return `The address was not fetched: ${f.reason} Nothing was changed.`;
    case "network":
      return `The address could not be reached (${f.message}). Nothing was changed.`;
    case "redirects":
      return "The address redirected too many times. Nothing was changed.";
    case "rejected":
      return `The file has ${f.problems} problem${f.problems === 1 ? "" : "s"} (first: ${f.first}). Nothing was changed.`;
    case "setter_gone":
      return "The person who set up this feed is no longer staff of the store: save the feed again to go on. Nothing was changed.";
  }
}
