import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { deliverMessage } from "./delivery.ts";
import { mailboxAccess } from "./mailbox-access.ts";
import { DELIVER_MESSAGE, Outbox } from "./outbox.ts";
import { mailboxRoutes } from "./routes.ts";
import { transportsFor } from "./transports/index.ts";
import type { Transports } from "./transports/transport.ts";

/** The messages module's public face. */
export { mailboxMessageSchema } from "./answers.ts";
export type { OutgoingMessage, StoredMessage } from "./outbox.ts";
export { DELIVER_MESSAGE, listMessages, Outbox, QUEUED_MESSAGE_ID, withQueued } from "./outbox.ts";
export type { Transports } from "./transports/transport.ts";

/** The outbox other modules write messages to (the delivery queue is created first). */
export async function openOutbox(jobs: JobQueue): Promise<Outbox> {
  await jobs.define(DELIVER_MESSAGE);
  return new Outbox(jobs);
}

/** Serves the local mailbox where it is readable and, when `work`, delivers messages on this instance. */
export async function registerMessages(
  app: FastifyInstance,
  deps: { db: Db; config: Config; jobs: JobQueue; work: boolean; transports?: Transports },
): Promise<void> {
  const { db, config, jobs } = deps;
  const access = await mailboxAccess(db, config);
  if (access.kind !== "closed") await app.register(mailboxRoutes, { db, access });
  if (!deps.work) return;
  const transports = deps.transports ?? transportsFor(config.messaging, app.log);
  await startDelivery(jobs, db, transports);
  app.addHook("onClose", async () => {
    transports.email.close?.();
    transports.sms.close?.();
  });
}

/** Works the delivery queue on this instance: each job delivers one message. */
export async function startDelivery(jobs: JobQueue, db: Db, transports: Transports): Promise<void> {
  await jobs.work(DELIVER_MESSAGE, async (job) => {
    await deliverMessage(db, transports, job.data.id);
  });
}

export interface StartupNote {
  level: "info" | "warn";
  message: string;
}

/** For the start-up log: where messages go, and the local mailbox's address when messages are kept there. */
export async function deliveryNotes(db: Db, config: Config, origin: string): Promise<StartupNote[]> {
  const access = await mailboxAccess(db, config);
  const { email, sms } = config.messaging;
  const notes: StartupNote[] = [];
  if (email.kind === "smtp") notes.push({ level: "info", message: "Emails go out over SMTP (SMTP_URL)." });
  if (sms.kind === "twilio") notes.push({ level: "info", message: "Texts go out through the SMS provider." });
  const kept = [email.kind === "mailbox" && "Emails", sms.kind === "mailbox" && "texts"].filter(Boolean);
  if (kept.length > 0) {
    const url = `${origin}/mailbox${access.kind === "key" ? `?key=${access.key}` : ""}`;
    notes.push({
      level: "info",
      message: `${kept.join(" and ")} are not sent (no provider configured): sign-up codes and every other message are kept in the local mailbox at ${url} and printed in this log.`,
    });
  }
  if (email.kind === "none")
    notes.push({
      level: "warn",
      message:
        "No SMTP_URL: emails cannot be delivered, so shoppers cannot receive sign-up and sign-in codes. Set SMTP_URL.",
    });
  if (sms.kind === "none")
    notes.push({
      level: "warn",
      message:
        "No SMS provider (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM): codes by text cannot be delivered.",
    });
  return notes;
}
