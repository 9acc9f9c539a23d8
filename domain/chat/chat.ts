/**
 * Support chat's rules (server/modules/chat, docs/adr/0038-support-chat.md): what a message may be, when an unread
 * reply is emailed, and the emails' words. No I/O.
 */

export const CHAT_BODY_MAX = 2000;
export const CHAT_NAME_MAX = 80;
/** A staff reply the shopper has not read this long after it was written is emailed to them. */
export const OFFLINE_EMAIL_DELAY_MS = 2 * 60 * 1000;

export const EMPTY_MESSAGE = "Please write a message.";
export const LONG_MESSAGE = `A message can be at most ${CHAT_BODY_MAX} characters.`;
export const EMPTY_NAME = "Please enter your name.";
export const VISITOR_THANKS = "Thanks! We got your message and will reply to your email.";

// Control characters other than tab and line feed (a pasted carriage return becomes a line feed).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A message as it is kept: line ends unified, control characters dropped, outer blank space trimmed. */
export function normalizeBody(raw: string): string {
  return raw.replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
}

/** Why a message cannot be sent, or null when it can (checked on the normalized text). */
export function bodyProblem(body: string): string | null {
  if (body.length === 0) return EMPTY_MESSAGE;
  if ([...body].length > CHAT_BODY_MAX) return LONG_MESSAGE;
  return null;
}

export type ChatAuthorKind = "shopper" | "staff" | "visitor";

/** Unread for a side: the other side's messages after its read mark. */
export function countsAsUnread(
  reader: "shopper" | "staff",
  message: { id: number; author: ChatAuthorKind },
  readMark: number,
): boolean {
  if (message.id <= readMark) return false;
  return reader === "shopper" ? message.author === "staff" : message.author !== "staff";
}

/**
 * Whether the offline job emails a reply: the shopper has not read it (their mark is before it) and no email has
 * told it yet (an earlier job's email covered every unread reply up to `emailedThrough`).
 */
export function shouldEmailReply(messageId: number, shopperReadId: number, emailedThrough: number): boolean {
  return shopperReadId < messageId && emailedThrough < messageId;
}

export interface ReplyEmail {
  subject: string;
  body: string;
}

/** The email telling a shopper (or a visitor) what staff wrote while they were away. */
export function replyEmail(
  to: { name: string; visitor: boolean },
  replies: readonly { author: string; body: string }[],
  origin: string | null,
): ReplyEmail {
  const lines = replies.map((r) => `${r.author} wrote:\n${r.body}`).join("\n\n");
  const how = to.visitor
    ? "Reply to us through the chat on our site (Chat with us), leaving this email address."
    : `Read and answer in the chat: sign in${origin ? ` at ${origin}` : ""} and open "Chat with us".`;
  return {
    subject:
      replies.length === 1
        ? "Nightcap support replied"
        : `Nightcap support replied (${replies.length} messages)`,
    body: `Hi ${to.name},\n\n${lines}\n\n${how}\n\nNightcap support`,
  };
}
