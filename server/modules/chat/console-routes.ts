import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff, storeScope } from "../console/index.ts";
import { sessionHeadersWithCsrf as headers } from "../sessions/index.ts";
import { consoleThreadSchema, consoleThreadsSchema, staffReplySchema, unreadSchema } from "./answers.ts";
import type { ChatHub } from "./hub.ts";
import { latestId, messageBody, readBody } from "./routes.ts";
import {
  type ChatDeps,
  consoleThread,
  consoleThreads,
  markStaffRead,
  staffReply,
  staffThreadRow,
} from "./service.ts";
import {
  afterQuery,
  lastEventIdHeader,
  openChatStream,
  STREAM_DESCRIPTION,
  startAfter,
  streamResponse,
} from "./sse.ts";
import type { ChatStream } from "./stream.ts";

const tags = ["console"];
const staffOnly = "The account is a shopper's, not store staff's (`staff_only`).";
const notFound =
  "No chat of the staff member's store has that id (`chat_not_found`): another store's chat answers the same.";
const threadParams = z.object({ id: z.string().min(1).max(100) });

/** Support chat in the store console: the store's chats, one chat's history, replies, read marks, live. */
export const chatConsoleRoutes: FastifyPluginAsyncZod<{
  deps: ChatDeps;
  hub: ChatHub;
  streams: Set<ChatStream>;
  onError: (err: unknown) => void;
}> = async (app, { deps, hub, streams, onError }) => {
  const { db } = deps;
  app.get(
    "/api/console/chats",
    {
      config: {
        auth: "user",
        errors: { 403: `${staffOnly} Staff asking for another store's chats (\`other_store\`).` },
      },
      schema: {
        operationId: "listConsoleChats",
        tags,
        response: { 200: consoleThreadsSchema },
        summary:
          "Support chats, newest activity first, each with its unread count: staff see their store's, administrators every store's",
        headers,
        querystring: z.object({
          store_id: z.string().min(1).max(100).optional().describe("Administrators: one store's chats."),
        }),
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      return consoleThreads(db, storeScope(staff, req.query.store_id));
    },
  );

  app.get(
    "/api/console/chats/:id",
    {
      config: { auth: "user", errors: { 403: staffOnly, 404: notFound } },
      schema: {
        operationId: "getConsoleChat",
        tags,
        response: { 200: consoleThreadSchema },
        summary: "One chat: who wrote (name, email, customer since) and its history",
        headers,
        params: threadParams,
      },
    },
    async (req) => consoleThread(db, requireStaff(req), req.params.id),
  );

  app.post(
    "/api/console/chats/:id/messages",
    {
      config: {
        auth: "user",
        errors: {
          400: "The message is empty or too long (`invalid_message`).",
          403: staffOnly,
          404: notFound,
        },
      },
      schema: {
        operationId: "replyConsoleChat",
        tags,
        response: { 200: staffReplySchema },
        summary:
          "Reply: live in the shopper's widget; emailed if they have not read it within two minutes (a visitor: at once)",
        headers,
        params: threadParams,
        body: messageBody,
      },
    },
    async (req) => staffReply(deps, requireStaff(req), req.params.id, req.body.body),
  );

  app.post(
    "/api/console/chats/:id/read",
    {
      config: { auth: "user", errors: { 403: staffOnly, 404: notFound } },
      schema: {
        operationId: "markConsoleChatRead",
        tags,
        response: { 200: unreadSchema },
        summary: "Staff have read the chat up to a message: its unread count after it",
        headers,
        params: threadParams,
        body: readBody,
      },
    },
    async (req) => markStaffRead(db, requireStaff(req), req.params.id, req.body.lastId),
  );

  app.get(
    "/api/console/chats/:id/events",
    {
      config: { auth: "user", errors: { 403: staffOnly, 404: notFound } },
      schema: {
        operationId: "streamConsoleChat",
        tags,
        summary: "One chat, live: new messages as server-sent events, resuming after Last-Event-ID",
        description: STREAM_DESCRIPTION,
        headers: headers.extend({ "last-event-id": lastEventIdHeader }),
        params: threadParams,
        querystring: afterQuery,
        response: streamResponse,
      },
    },
    async (req, reply) => {
      const t = await staffThreadRow(db, requireStaff(req), req.params.id);
      const latest = await latestId(db, t.id);
      openChatStream(
        reply,
        { db, hub, onError },
        streams,
        t.id,
        startAfter(req.headers["last-event-id"], req.query.after, latest),
      );
    },
  );
};
