import { z } from "zod";
import { describes, instant } from "#server/openapi/answers.ts";
import type { ChatMessage, ConsoleThreadSummary, consoleThread, ShopperThread } from "./service.ts";

/** Support chat's answers (docs/adr/0056-api-contract.md): the widget's thread and the console's chats. */

export const chatMessageSchema = describes<ChatMessage>()(
  z
    .object({
      id: z.number().int().describe("Increasing within a thread: read marks and streams resume after it."),
      author: z.enum(["shopper", "staff", "visitor"]),
      authorName: z.string(),
      body: z.string(),
      createdAt: instant(),
    })
    .meta({
      id: "ChatMessage",
      description: "One chat message, as the widget, the console and the streams show it.",
    }),
);

export const shopperThreadSchema = describes<ShopperThread>()(
  z.object({
    you: z
      .object({ userId: z.string(), name: z.string(), email: z.string(), createdAt: instant() })
      .describe("Who the widget is started with."),
    thread: z
      .object({
        id: z.string(),
        storeId: z.string().nullable(),
        messages: z.array(chatMessageSchema),
        unread: z.number().int(),
      })
      .nullable()
      .describe("Null before the shopper's first message."),
  }),
);

export const unreadSchema = z.object({ unread: z.number().int().describe("Messages not read yet.") });

export const postedMessageSchema = z.object({ threadId: z.string(), message: chatMessageSchema });

export const visitorReceivedSchema = z.object({
  status: z.literal("received"),
  message: z.string().describe("The thanks the visitor is shown."),
});

export const consoleThreadSummarySchema = describes<ConsoleThreadSummary>()(
  z
    .object({
      id: z.string(),
      kind: z.enum(["shopper", "visitor"]),
      name: z.string(),
      email: z.string(),
      userId: z.string().nullable(),
      customerSince: instant().nullable().describe("The shopper's account's creation (null for a visitor)."),
      storeId: z.string().nullable(),
      lastMessageAt: instant(),
      lastMessage: chatMessageSchema.nullable(),
      unread: z.number().int(),
    })
    .meta({ id: "ChatThreadSummary", description: "A support chat as the console lists it." }),
);

export const consoleThreadsSchema = z.object({
  threads: z.array(consoleThreadSummarySchema),
  unread: z.number().int().describe("Unread messages over all the chats listed."),
});

export const consoleThreadSchema = describes<Awaited<ReturnType<typeof consoleThread>>>()(
  z.object({ thread: consoleThreadSummarySchema, messages: z.array(chatMessageSchema) }),
);

export const staffReplySchema = z.object({ message: chatMessageSchema });
