/**
 * The giveaway (spec §3 Giveaway config, §4 Giveaway, §5, §9): its configuration as clients read it, the entries a
 * completed order earns, and the reproducible draw. No I/O.
 */

/** Spec §9: the multiplier when the configured one cannot be used (and the client's default). */
export const DEFAULT_ENTRIES_MULTIPLIER = 50;
/** Spec §4/§9: the client asks for the configuration up to 5 times more, a second apart. */
export const CONFIG_POLL_RETRIES = 5;
export const CONFIG_POLL_INTERVAL_MS = 1000;

export interface GiveawayConfig {
  isActive: boolean;
  entriesMultiplier: number;
}

export const GIVEAWAY_DEFAULTS: GiveawayConfig = {
  isActive: false,
  entriesMultiplier: DEFAULT_ENTRIES_MULTIPLIER,
};

/** A multiplier as stored or sent (a number, or text an administrator typed), read as a number or NaN. */
export function multiplierValue(raw: unknown): number {
  if (typeof raw === "number") return raw;
  if (typeof raw === "string" && raw.trim() !== "") return Number(raw.trim());
  return Number.NaN;
}

/**
 * Spec §5: the multiplier must be a finite number above 0; otherwise the giveaway is inactive and the multiplier
 * is 50. `active` is whether the giveaway would run (switched on and within its dates).
 */
export function giveawayConfig(active: boolean, rawMultiplier: unknown): GiveawayConfig {
  const m = multiplierValue(rawMultiplier);
  if (!Number.isFinite(m) || m <= 0) return { ...GIVEAWAY_DEFAULTS };
  return { isActive: active, entriesMultiplier: m };
}

/** Whether a giveaway with these settings runs at `now`: switched on, started, not ended. */
export function giveawayRunning(
  g: { active: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (!g.active) return false;
  if (g.startsAt && now < g.startsAt) return false;
  if (g.endsAt && now >= g.endsAt) return false;
  return true;
}

/** Entries one qualifying completed order earns: one times the multiplier, rounded, at least one. */
export function entriesForOrder(config: GiveawayConfig): number {
  if (!config.isActive) return 0;
  return Math.max(1, Math.round(config.entriesMultiplier));
}

export interface Entrant {
  userId: string;
  entries: number;
}

export interface DrawOutcome {
  /** The ticket drawn, 0-based, among all entries in entrant order (user id ascending). */
  ticket: number;
  totalEntries: number;
  winner: string;
}

/**
 * The draw: entrants in user-id order hold consecutive tickets, one per entry; the ticket is the seed (hex of a
 * sha256, computed by the caller from a published value) as a big number modulo the total. Anyone with the
 * seed and the entries can draw it again and get the same winner. Null when nobody has an entry.
 */
export function drawWinner(entrants: readonly Entrant[], seedHex: string): DrawOutcome | null {
  if (!/^[0-9a-f]{16,}$/i.test(seedHex)) throw new Error("drawWinner: the seed must be hex");
  const holders = entrants
    .filter((e) => e.entries > 0)
    .slice()
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const total = holders.reduce((n, e) => n + e.entries, 0);
  if (total === 0) return null;
  const ticket = Number(BigInt(`0x${seedHex}`) % BigInt(total));
  let upTo = 0;
  for (const e of holders) {
    upTo += e.entries;
    if (ticket < upTo) return { ticket, totalEntries: total, winner: e.userId };
  }
  throw new Error("drawWinner: unreachable");
}
