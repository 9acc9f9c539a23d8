/**
 * Public answers the pages read in-process (the category tree and the cities every page's root loader asks for),
 * kept parsed for a few seconds: each in-process call otherwise costs a request's lifecycle, the answer's
 * serialization and its parsing on every render. An answer qualifies when its route says it is the same for everyone
 * (`cache-control: public`, a positive max-age) and it set no cookie. It is kept for its max-age or `ttlMs`,
 * whichever is shorter, and forgotten with the shared pages when a shelf or store changes, so a page never shows it
 * later than it would show a shared page rendered before the change (docs/adr/0096-public-reads-kept-by-the-pages.md).
 */
export interface PublicReads {
  /** The answer kept for a GET of `path`, if still fresh. */
  get(path: string): KeptAnswer | undefined;
  /** Keeps the answer when it qualifies (see above); answers whether it did. */
  offer(path: string, answer: KeptAnswer): boolean;
  forgetAll(): void;
  readonly size: number;
}

export interface KeptAnswer {
  status: number;
  data: unknown;
  headers: Record<string, string>;
}

/** How many paths are kept at most: the pages read a handful, and a path with a query is a path of its own. */
const MAX_PATHS = 64;

/** The max-age of a `public` cache-control header, in ms; 0 when the answer is not public or not to be kept. */
export function publicMaxAgeMs(cacheControl: string | string[] | undefined): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(",") : (cacheControl ?? "");
  const directives = value
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public") || directives.some((d) => d === "no-store" || d === "no-cache"))
    return 0;
  const maxAge = directives.find((d) => d.startsWith("max-age="));
  const seconds = maxAge ? Number(maxAge.slice("max-age=".length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

export function createPublicReads(options: { ttlMs: number; now?: () => number }): PublicReads {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { answer: KeptAnswer; until: number }>();
  return {
    get(path) {
      const entry = kept.get(path);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.answer;
      kept.delete(path);
      return undefined;
    },
    offer(path, answer) {
      const maxAgeMs = publicMaxAgeMs(answer.headers["cache-control"]);
      if (answer.status !== 200 || maxAgeMs === 0 || answer.headers["set-cookie"] !== undefined) return false;
      if (!kept.has(path) && kept.size >= MAX_PATHS) kept.delete(kept.keys().next().value as string);
      kept.set(path, { answer, until: now() + Math.min(maxAgeMs, options.ttlMs) });
      return true;
    },
    forgetAll: () => kept.clear(),
    get size() {
      return kept.size;
    },
  };
}
