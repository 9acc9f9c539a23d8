import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { INVALID_EMAIL, isValidEmail, normalizeEmail } from "#domain/accounts/email.ts";
import { CHAT_BODY_MAX, CHAT_NAME_MAX, EMPTY_NAME, VISITOR_THANKS } from "#domain/chat/chat.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { resolveStore, storeHeadersSchema, storeHintsOf } from "../catalogue/index.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import { postedMessageSchema, shopperThreadSchema, unreadSchema, visitorReceivedSchema } from "./answers.ts";
import type { ChatHub } from "./hub.ts";
import { CHAT_LIMITS } from "./limits.ts";
import {
  markShopperRead,
  postShopperMessage,
  postVisitorMessage,
  shopperThread,
  shopperThreadId,
  shopperUnread,
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

const tags = ["chat"];
const noThread = "The shopper has not written yet (`chat_not_found`).";
const invalid = `The message is empty or longer than ${CHAT_BODY_MAX} characters (\`invalid_message\`), or a field is invalid.`;
export const messageBody = z.object({
  body: z
    .string({ message: "Please write a message." })
    .max(CHAT_BODY_MAX * 2)
    .describe(`Plain text, at most ${CHAT_BODY_MAX} characters once trimmed.`),
});
export const readBody = z.object({
  lastId: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .describe("The last message id the reader has seen."),
});

/** The store serving the shopper where they are (their position headers), or none when no store is set up. */
async function servingStore(db: Db, h: { "x-store-id"?: string; lat?: number; lng?: number }) {
  const store = await resolveStore(db, storeHintsOf(h)).catch(() => null);
  return store?.id ?? null;
}

/** Support chat, the shopper's side (spec §7 chat widget) and anonymous visitors' messages. */
export const chatRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: ChatHub;
  streams: Set<ChatStream>;
  limiter: RateLimiter;
  onError: (err: unknown) => void;
}> = async (app, { db, hub, streams, limiter, onError }) => {
  const streamDeps = { db, hub, onError };

  app.get(
    "/api/chat/thread",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getChatThread",
        tags,
        response: { 200: shopperThreadSchema },
        summary:
          "The chat widget's start: the user (id, name, email, createdAt) and their thread (history, unread count), or thread null before the first message",
        headers,
      },
    },
    async (req) => shopperThread(db, requireUser(req).userId),
  );

  app.get(
    "/api/chat/unread",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getChatUnread",
        tags,
        response: { 200: unreadSchema },
        summary: "How many staff messages the shopper has not read (the widget's badge)",
        headers,
      },
    },
    async (req) => shopperUnread(db, requireUser(req).userId),
  );

  app.post(
    "/api/chat/thread/messages",
    {
      config: { auth: "user", rateLimits: [CHAT_LIMITS.messagesUser], errors: { 400: invalid } },
      schema: {
        operationId: "postChatMessage",
        tags,
        response: { 200: postedMessageSchema },
        summary:
          "Write to store staff: the first message starts the shopper's thread, for the store serving their position",
        headers: headers.extend(storeHeadersSchema.shape),
        body: messageBody,
      },
    },
    async (req, reply) => {
      const { userId } = requireUser(req);
      await countAndLimit(limiter, [[CHAT_LIMITS.messagesUser, userId]], reply);
      const storeId = await servingStore(db, req.headers);
      return postShopperMessage(db, userId, storeId, req.body.body);
    },
  );

  app.post(
    "/api/chat/thread/read",
    {
      config: { auth: "user", errors: { 404: noThread } },
      schema: {
        operationId: "markChatRead",
        tags,
        response: { 200: unreadSchema },
        summary: "The shopper has read the thread up to a message: the unread count after it",
        headers,
        body: readBody,
      },
    },
    async (req) => markShopperRead(db, requireUser(req).userId, req.body.lastId),
  );

  app.get(
    "/api/chat/thread/events",
    {
      config: { auth: "user", errors: { 404: noThread } },
      schema: {
        operationId: "streamChatThread",
        tags,
        summary:
          "The shopper's thread, live: new messages as server-sent events, resuming after Last-Event-ID",
        description: STREAM_DESCRIPTION,
        headers: headers.extend({ "last-event-id": lastEventIdHeader }),
        querystring: afterQuery,
        response: streamResponse,
      },
    },
    async (req, reply) => {
      const threadId = await shopperThreadId(db, requireUser(req).userId);
      const latest = await latestId(db, threadId);
      openChatStream(
        reply,
        streamDeps,
        streams,
        threadId,
        startAfter(req.headers["last-event-id"], req.query.after, latest),
      );
    },
  );

  app.post(
    "/api/chat/visitor",
    {
      config: {
        auth: "optional",
        rateLimits: [CHAT_LIMITS.visitorEmail, CHAT_LIMITS.visitorIp],
        errors: { 400: invalid },
      },
      schema: {
        operationId: "postVisitorChatMessage",
        tags,
        response: { 200: visitorReceivedSchema },
        summary:
          "An anonymous visitor leaves a message with their name and email: staff see it in the console and reply by email",
        headers: headers.extend(storeHeadersSchema.shape),
        body: messageBody.extend({
          name: z.string({ message: EMPTY_NAME }).trim().min(1, EMPTY_NAME).max(CHAT_NAME_MAX),
          email: z
            .string({ message: INVALID_EMAIL })
            .refine(isValidEmail, INVALID_EMAIL)
            .transform(normalizeEmail),
        }),
      },
    },
    async (req, reply) => {
      const { name, email, body } = req.body;
      await countAndLimit(
        limiter,
        [
          [CHAT_LIMITS.visitorEmail, email],
          [CHAT_LIMITS.visitorIp, clientIp(req)],
        ],
        reply,
      );
      const storeId = await servingStore(db, req.headers);
      await postVisitorMessage(db, { name, email, storeId }, body);
      return { status: "received" as const, message: VISITOR_THANKS };
    },
  );
};

export async function latestId(db: Db, threadId: string): Promise<number> {
  const row = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("thread_id", "=", threadId)
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}
