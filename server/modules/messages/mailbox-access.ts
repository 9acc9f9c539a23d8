import { timingSafeEqual } from "node:crypto";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { serverKey } from "#server/platform/secrets.ts";

/**
 * Who may read the local mailbox (GET /api/mailbox): anyone in development and tests; on the embedded default in
 * production, when a channel has no provider, whoever holds the key printed in the start-up log (the store may be
 * reachable from elsewhere, and the mailbox holds sign-in codes); never with a real database in production.
 */
export type MailboxAccess = { kind: "open" } | { kind: "key"; key: string } | { kind: "closed" };

export async function mailboxAccess(db: Db, config: Config): Promise<MailboxAccess> {
  if (config.env !== "production") return { kind: "open" };
  const kept = config.messaging.email.kind === "mailbox" || config.messaging.sms.kind === "mailbox";
  if (config.databaseUrl || !kept) return { kind: "closed" };
  return { kind: "key", key: (await serverKey(db, "mailbox")).toString("base64url") };
}

export function mayRead(access: MailboxAccess, given: string | undefined): boolean {
  if (access.kind === "open") return true;
  if (access.kind === "closed" || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(access.key);
  return a.length === b.length && timingSafeEqual(a, b);
}
