import { sql } from "kysely";
import type { AccountRole } from "#domain/accounts/roles.ts";
import { type Db, type Listener, listen } from "#server/platform/db.ts";

/** A live session as read with its user: what a request's actor is made of. */
export interface SessionRow {
  id: string;
  user_id: string;
  last_seen_at: Date;
  expires_at: Date;
  role: AccountRole;
  store_id: string | null;
}

/**
 * How long a session read is kept at most. Its end or a change of its user's role reaches every instance at
 * once (the database's notice, migration 0045); this bounds what a lost notice could keep.
 */
const KEEP_MS = 60_000;
/** Sessions kept per database at most (the oldest read is dropped first). */
const MAX_KEPT = 10_000;

/**
 * The sessions an instance has read lately, by token hash (docs/adr/0089-sessions-kept-in-process.md): a request
 * with a kept session reads nothing. Kept only while the instance hears the sessions' notices: with the notices'
 * connection lost, every session is read again until it is back.
 */
export class KeptSessions {
  private readonly byToken = new Map<string, { row: SessionRow; until: number }>();
  private hearing = true;
  /** Counts the forgettings: a read that began before one may be of what was just ended, and is not kept. */
  private epoch = 0;

  /** The kept session of a token hash, while it is live; else undefined. */
  get(tokenHash: string, now: number): SessionRow | undefined {
    const kept = this.byToken.get(tokenHash);
    if (!kept) return undefined;
    if (kept.until > now && kept.row.expires_at.getTime() > now) return kept.row;
    this.byToken.delete(tokenHash);
    return undefined;
  }

  /** A mark to hand back to keep(): a read started now. */
  get mark(): number {
    return this.epoch;
  }

  /** Keeps a session read since `mark`, unless something was forgotten meanwhile. */
  keep(tokenHash: string, row: SessionRow, mark: number, now: number): void {
    if (!this.hearing || mark !== this.epoch) return;
    if (this.byToken.size >= MAX_KEPT) {
      const oldest = this.byToken.keys().next();
      if (!oldest.done) this.byToken.delete(oldest.value);
    }
    this.byToken.set(tokenHash, { row, until: now + KEEP_MS });
  }

  /** Forgets every kept session of a user (ended, or its role changed). */
  forgetUser(userId: string): void {
    this.epoch++;
    for (const [hash, kept] of this.byToken) if (kept.row.user_id === userId) this.byToken.delete(hash);
  }

  /** Forgets a kept session by its id (signed out). */
  forgetSession(sessionId: string): void {
    this.epoch++;
    for (const [hash, kept] of this.byToken) if (kept.row.id === sessionId) this.byToken.delete(hash);
  }

  /** The notices' connection dropped (false) or is back (true): nothing kept meanwhile. */
  hear(hearing: boolean): void {
    this.epoch++;
    this.hearing = hearing;
    this.byToken.clear();
  }

  get size(): number {
    return this.byToken.size;
  }
}

/** The kept sessions of each database whose notices this process hears. */
const keptByDb = new WeakMap<Db, KeptSessions>();
/** Every one of them: a sign-out in a transaction forgets its session wherever it is kept. */
const everyKept = new Set<KeptSessions>();

export const keptSessionsOf = (db: Db): KeptSessions | undefined => keptByDb.get(db);

/**
 * Forgets a user's (or one session's) kept sessions in this process at once, for the writer that ended or changed
 * them: the database's notice tells the other instances at commit, and this one too, a moment later.
 */
export function forgetKeptSessions(which: { userId: string } | { sessionId: string }): void {
  for (const kept of everyKept) {
    if ("userId" in which) kept.forgetUser(which.userId);
    else kept.forgetSession(which.sessionId);
  }
}

/**
 * Starts keeping the sessions read from `db`: listens to its sessions' notices (channel `sessions_<schema>`, sent by
 * migration 0045's triggers). Answers the listener to close; without one (no connection), nothing is kept.
 */
export async function keepSessions(db: Db, onError: (err: Error) => void): Promise<Listener | null> {
  const kept = new KeptSessions();
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const listener = await listen(db, `sessions_${rows[0].schema}`, (userId) => kept.forgetUser(userId), {
      onLost: () => kept.hear(false),
      onResumed: () => kept.hear(true),
      onError,
    });
    keptByDb.set(db, kept);
    everyKept.add(kept);
    return {
      async close() {
        keptByDb.delete(db);
        everyKept.delete(kept);
        await listener.close();
      },
    };
  } catch (err) {
    onError(err as Error);
    return null;
  }
}
