/**
 * The lead-capture prompt (issue 17; spec §9: its closed time is kept in local storage, the session start in
 * session storage, the platform stored with the lead): an email sign-up offer shown to anonymous visitors once
 * they have been browsing a while, never on the pages where they are already signing in, up or paying.
 */

/** How long into a session before the prompt shows. */
export const LEAD_PROMPT_DELAY_MS = 30_000;
/** How long it stays away once closed (or answered). */
export const LEAD_PROMPT_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

/** Browser storage keys (spec §9). */
export const LEAD_STORAGE = {
  /** localStorage: when the prompt was last closed, ms since the epoch. */
  closedAt: "nc_lead_prompt_closed_at",
  /** sessionStorage: when this browsing session started, ms since the epoch. */
  sessionStart: "nc_session_start",
  /** localStorage: the platform the lead came from (ios, android or web). */
  platform: "nc_platform",
} as const;

/** Pages where the prompt never shows: signing in or up, paying, the gift claim, the console. */
const QUIET_PATHS = [
  "/login",
  "/signup",
  "/sos",
  "/forgot-password",
  "/reset-password",
  "/checkout",
  "/checkout2",
  "/3dscb",
  "/giftclaim",
  "/console",
  "/mailbox",
];

export function isQuietPath(path: string): boolean {
  return QUIET_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** A stored number (ms since the epoch) or null when missing or not a time. */
export function storedTime(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export interface PromptInput {
  now: number;
  /** This session's start (sessionStorage); null when not yet stored. */
  sessionStart: number | null;
  /** When the prompt was last closed (localStorage); null when never. */
  closedAt: number | null;
  path: string;
  signedIn: boolean;
}

/**
 * Whether the prompt shows now, and otherwise in how many ms it would (null: not in this session). A closed time
 * in the future (a clock set back) counts as just closed.
 */
export function leadPromptTiming(input: PromptInput): { show: true } | { show: false; inMs: number | null } {
  if (input.signedIn || isQuietPath(input.path)) return { show: false, inMs: null };
  const start = input.sessionStart ?? input.now;
  const dueBySession = start + LEAD_PROMPT_DELAY_MS;
  const closedAt = input.closedAt === null ? null : Math.min(input.closedAt, input.now);
  const dueByClose = closedAt === null ? 0 : closedAt + LEAD_PROMPT_QUIET_MS;
  const due = Math.max(dueBySession, dueByClose);
  if (input.now >= due) return { show: true };
  // Still quiet after a close: not again until a later session looks.
  if (dueByClose > dueBySession) return { show: false, inMs: null };
  return { show: false, inMs: due - input.now };
}
