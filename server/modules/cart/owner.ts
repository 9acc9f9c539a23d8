import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";
import { issueAnonymousId } from "../sessions/index.ts";

/** Who a cart belongs to: the signed-in account, else the anonymous visitor (spec §6). */
export interface CartActor {
  userId: string | null;
  anonymousId: string | null;
}

/** The cart owner key: the signed-in user's, else the anonymous visitor's; null when neither is known. */
export function ownerKey(actor: CartActor): string | null {
  if (actor.userId) return `user:${actor.userId}`;
  if (actor.anonymousId) return `anon:${actor.anonymousId}`;
  return null;
}

/** The signed-in user a cart belongs to ("user:{id}"), or null for a visitor's ("anon:{id}"). */
export const userIdOf = (owner: string): string | null => (owner.startsWith("user:") ? owner.slice(5) : null);

/** The owner for a read: null when the request has neither an account nor an anonymous visitor. */
export const ownerForRead = (req: FastifyRequest): string | null => ownerKey(req.actor);

/**
 * The owner for a write. A first write from a client with no identity yet (a mobile app's first add, say) is
 * given an anonymous visitor (cookie, 1 year), so the cart it fills is found again.
 */
export function ownerForWrite(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const key = ownerKey(req.actor);
  if (key) return key;
  return `anon:${issueAnonymousId(req, reply, config)}`;
}
