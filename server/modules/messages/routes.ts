import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { mailboxMessageSchema } from "./answers.ts";
import { type MailboxAccess, mayRead } from "./mailbox-access.ts";
import { listMessages } from "./outbox.ts";

export const MAILBOX_KEY_HEADER = "x-mailbox-key";

const mailboxQuery = z.object({ recipient: z.string().max(254).optional() });
const mailboxHeaders = z.object({ [MAILBOX_KEY_HEADER]: z.string().max(100).optional() });

/** The local mailbox: messages kept on this machine, newest first, with their delivery state. */
export const mailboxRoutes: FastifyPluginAsyncZod<{ db: Db; access: MailboxAccess }> = async (
  app,
  { db, access },
) => {
  app.get(
    "/api/mailbox",
    {
      config: {
        auth: "public",
        errors: { 404: "The mailbox is not served here, or the key is missing or wrong (`not_found`)." },
      },
      schema: {
        operationId: "listMailboxMessages",
        response: { 200: z.array(mailboxMessageSchema) },
        tags: ["messages"],
        summary:
          "The local mailbox: emails and texts kept on this machine, newest first (development, tests, and the embedded default with the key from the start-up log)",
        querystring: mailboxQuery,
        headers: mailboxHeaders,
      },
    },
    async (req) => {
      if (!mayRead(access, req.headers[MAILBOX_KEY_HEADER])) throw notFound("No such route");
      return listMessages(db, { recipient: req.query.recipient?.toLowerCase() });
    },
  );
};
