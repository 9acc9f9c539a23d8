import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "#server/platform/db.ts";
import { createTtlCache } from "#server/platform/ttl-cache.ts";
import { type ResolvedSession, resolveSession } from "./session-store.ts";

/**
 * One page render asks the API in-process four to seven times with the same session cookie; each call resolved the
 * session again (docs/adr/0042-shared-page-cache.md). The render's calls carry a render id, made with a secret of
 * this process so no outside request can join a render, and resolve the session once between them.
 */
export const RENDER_HEADER = "x-nightcap-render";

const processSecret = randomBytes(16).toString("hex");
// A render is over in well under ten seconds; its entry goes then, or sooner when many renders follow.
const sessionsOfRenders = createTtlCache<ResolvedSession | null>(10_000, 10_000);

/** A new render's id, for the `RENDER_HEADER` of its in-process calls. */
export const newRenderId = (): string => `${processSecret}.${randomUUID()}`;

/** The session of `token`, resolved once per render when the request belongs to one of ours. */
export function resolveSessionOnce(
  db: Db,
  token: string,
  renderId: string | undefined,
): Promise<ResolvedSession | null> {
  if (!renderId?.startsWith(`${processSecret}.`)) return resolveSession(db, token);
  return sessionsOfRenders.get(`${renderId}\n${token}`, () => resolveSession(db, token));
}
