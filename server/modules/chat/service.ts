import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ChatAuthorKind } from "#db/schema-chat.ts";
import { bodyProblem, normalizeBody, replyEmail, shouldEmailReply } from "#domain/chat/chat.ts";
import { badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { Staff } from "../console/index.ts";
import type { Outbox } from "../messages/index.ts";
import { EMAIL_UNREAD_REPLY } from "./jobs.ts";

/** One message as the widget, the console and the streams show it. */
export interface ChatMessage {
  id: number;
  author: ChatAuthorKind;
  authorName: string;
  body: string;
  createdAt: string;
}

/** What staff replies need beyond the database. */
export interface ChatDeps {
  db: Db;
  jobs: JobQueue;
  outbox: Outbox;
  /** Links in emails (PUBLIC_ORIGIN), when set. */
  origin: string | null;
  /** How long an unread staff reply waits before it is emailed (OFFLINE_EMAIL_DELAY_MS). */
  offlineDelayMs: number;
  now: () => Date;
}

export const THREAD_NOT_FOUND = "No chat of yours has that id.";
export const STAFF_THREAD_NOT_FOUND = "No chat of your store has that id.";
const HISTORY = 200;
export const CATCH_UP_PAGE = 500;

type Row = {
  id: number | string;
  author_kind: ChatAuthorKind;
  author_name: string;
  body: string;
  created_at: Date | string;
};
const view = (r: Row): ChatMessage => ({
  id: Number(r.id),
  author: r.author_kind,
  authorName: r.author_name,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
});
const columns = ["id", "author_kind", "author_name", "body", "created_at"] as const;

/** The thread's messages after `after`, oldest first (a stream's catch-up). */
export async function messagesAfter(db: Db, threadId: string, after: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom("chat_messages")
    .select(columns)
    .where("thread_id", "=", threadId)
    .where("id", ">", after)
    .orderBy("id")
    .limit(CATCH_UP_PAGE)
    .execute();
  return rows.map(view);
}

/** The thread's latest messages (up to 200), oldest first. */
export async function history(db: Db, threadId: string): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom("chat_messages")
    .select(columns)
    .where("thread_id", "=", threadId)
    .orderBy("id", "desc")
    .limit(HISTORY)
    .execute();
  return rows.reverse().map(view);
}

/** Messages counted unread by one side: the other side's, after the side's read mark. */
async function unreadOf(
  db: Db,
  threadId: string,
  reader: "shopper" | "staff",
  mark: number,
): Promise<number> {
  let q = db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("thread_id", "=", threadId)
    .where("id", ">", mark);
  q = reader === "shopper" ? q.where("author_kind", "=", "staff") : q.where("author_kind", "!=", "staff");
  return Number((await q.executeTakeFirstOrThrow()).n);
}

function checkedBody(raw: string): string {
  const body = normalizeBody(raw);
  const problem = bodyProblem(body);
  if (problem) throw badRequest(problem, "invalid_message");
  return body;
}

async function insertMessage(
  tx: Transaction<Database>,
  threadId: string,
  author: { kind: ChatAuthorKind; id: string | null; name: string },
  body: string,
): Promise<ChatMessage> {
  const row = await tx
    .insertInto("chat_messages")
    .values({
      thread_id: threadId,
      author_kind: author.kind,
      author_id: author.id,
      author_name: author.name,
      body,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  const message = view(row);
  // The writer has read everything up to its own message.
  const mark = author.kind === "staff" ? "staff_read_id" : "shopper_read_id";
  await tx
    .updateTable("chat_threads")
    .set({ last_message_at: sql`now()`, [mark]: sql`greatest(${sql.ref(mark)}, ${message.id})` })
    .where("id", "=", threadId)
    .execute();
  return message;
}

// ——— The shopper's side ———

export interface ShopperThread {
  /** Who the widget is started with (spec §7 chat widget): the user's id, name, email and createdAt. */
  you: { userId: string; name: string; email: string; createdAt: string };
  thread: { id: string; storeId: string | null; messages: ChatMessage[]; unread: number } | null;
}

/** An account's name, email and creation (a shopper's, or the staff member writing). */
async function shopper(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "firstname", "lastname", "email", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

export async function shopperThread(db: Db, userId: string): Promise<ShopperThread> {
  const user = await shopper(db, userId);
  const you = {
    userId: user.id,
    name: `${user.firstname} ${user.lastname}`.trim(),
    email: user.email,
    createdAt: new Date(user.created_at).toISOString(),
  };
  const t = await db
    .selectFrom("chat_threads")
    .select(["id", "store_id", "shopper_read_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!t) return { you, thread: null };
  return {
    you,
    thread: {
      id: t.id,
      storeId: t.store_id,
      messages: await history(db, t.id),
      unread: await unreadOf(db, t.id, "shopper", Number(t.shopper_read_id)),
    },
  };
}

/** The shopper's thread id, or 404 `chat_not_found` when they have none. */
export async function shopperThreadId(db: Db, userId: string): Promise<string> {
  const t = await db.selectFrom("chat_threads").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (!t) throw notFound(THREAD_NOT_FOUND, "chat_not_found");
  return t.id;
}

/** A shopper's message: their thread is started on the first (for the store serving them), kept after. */
export async function postShopperMessage(
  db: Db,
  userId: string,
  storeId: string | null,
  raw: string,
): Promise<{ threadId: string; message: ChatMessage }> {
  const body = checkedBody(raw);
  const user = await shopper(db, userId);
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto("chat_threads")
      .values({ id: randomUUID(), user_id: userId, store_id: storeId })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const thread = await tx
      .selectFrom("chat_threads")
      .select("id")
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const message = await insertMessage(
      tx,
      thread.id,
      { kind: "shopper", id: userId, name: user.firstname },
      body,
    );
    return { threadId: thread.id, message };
  });
}

/** Marks the shopper's thread read up to `lastId` (never back, never past its last message). */
export async function markShopperRead(db: Db, userId: string, lastId: number): Promise<{ unread: number }> {
  const id = await shopperThreadId(db, userId);
  return markRead(db, id, "shopper", lastId);
}

async function markRead(db: Db, threadId: string, side: "shopper" | "staff", lastId: number) {
  const mark = side === "staff" ? "staff_read_id" : "shopper_read_id";
  const row = await db
    .updateTable("chat_threads")
    .set({
      [mark]: sql`greatest(${sql.ref(mark)}, least(${lastId}::bigint,
        (select coalesce(max(id), 0) from chat_messages where thread_id = ${threadId})))`,
    })
    .where("id", "=", threadId)
    .returning(mark)
    .executeTakeFirstOrThrow();
  return { unread: await unreadOf(db, threadId, side, Number((row as Record<string, unknown>)[mark])) };
}

export async function shopperUnread(db: Db, userId: string): Promise<{ unread: number }> {
  const t = await db
    .selectFrom("chat_threads")
    .select(["id", "shopper_read_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { unread: t ? await unreadOf(db, t.id, "shopper", Number(t.shopper_read_id)) : 0 };
}

// ——— Anonymous visitors ———

/** An anonymous visitor's message: a thread of its own, answered by email. */
export async function postVisitorMessage(
  db: Db,
  visitor: { name: string; email: string; storeId: string | null },
  raw: string,
): Promise<{ threadId: string }> {
  const body = checkedBody(raw);
  return db.transaction().execute(async (tx) => {
    const id = randomUUID();
    await tx
      .insertInto("chat_threads")
      .values({ id, visitor_name: visitor.name, visitor_email: visitor.email, store_id: visitor.storeId })
      .execute();
    await insertMessage(tx, id, { kind: "visitor", id: null, name: visitor.name }, body);
    return { threadId: id };
  });
}

// ——— Staff ———

export interface ConsoleThreadSummary {
  id: string;
  kind: "shopper" | "visitor";
  name: string;
  email: string;
  userId: string | null;
  /** The shopper's account's creation (null for a visitor). */
  customerSince: string | null;
  storeId: string | null;
  lastMessageAt: string;
  lastMessage: ChatMessage | null;
  unread: number;
}

/**
 * Threads with what the console lists of each, in one statement: who wrote, the last message (a lateral read of
 * the newest row by the (thread_id, id) index) and staff's unread count.
 */
function threadsQuery(db: Db) {
  return db
    .selectFrom("chat_threads as t")
    .leftJoin("users as u", "u.id", "t.user_id")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("chat_messages as m")
          .select(["m.id", "m.author_kind", "m.author_name", "m.body", "m.created_at"])
          .whereRef("m.thread_id", "=", "t.id")
          .orderBy("m.id", "desc")
          .limit(1)
          .as("last"),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      "t.id",
      "t.user_id",
      "t.visitor_name",
      "t.visitor_email",
      "t.store_id",
      "t.staff_read_id",
      "t.last_message_at",
      "u.firstname",
      "u.lastname",
      "u.email",
      "u.created_at as user_created_at",
      "last.id as last_id",
      "last.author_kind as last_author_kind",
      "last.author_name as last_author_name",
      "last.body as last_body",
      "last.created_at as last_created_at",
      eb
        .selectFrom("chat_messages as n")
        .select((e) => e.fn.countAll<string>().as("n"))
        .whereRef("n.thread_id", "=", "t.id")
        .whereRef("n.id", ">", "t.staff_read_id")
        .where("n.author_kind", "!=", "staff")
        .as("unread"),
    ]);
}
type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadsQuery>["executeTakeFirstOrThrow"]>>;

function summary(t: ThreadRow): ConsoleThreadSummary {
  return {
    id: t.id,
    kind: t.user_id ? "shopper" : "visitor",
    name: t.user_id ? `${t.firstname ?? ""} ${t.lastname ?? ""}`.trim() : (t.visitor_name ?? ""),
    email: (t.user_id ? t.email : t.visitor_email) ?? "",
    userId: t.user_id,
    customerSince: t.user_created_at ? new Date(t.user_created_at).toISOString() : null,
    storeId: t.store_id,
    lastMessageAt: new Date(t.last_message_at).toISOString(),
    lastMessage:
      t.last_id == null || t.last_author_kind == null || t.last_created_at == null
        ? null
        : view({
            id: t.last_id,
            author_kind: t.last_author_kind,
            author_name: t.last_author_name ?? "",
            body: t.last_body ?? "",
            created_at: t.last_created_at,
          }),
    unread: Number(t.unread ?? 0),
  };
}

/** The chats staff answer, newest activity first: one store's (storeScope), or every store's for administrators. */
export async function consoleThreads(
  db: Db,
  storeId: string | undefined,
): Promise<{ threads: ConsoleThreadSummary[]; unread: number }> {
  let q = threadsQuery(db).orderBy("t.last_message_at", "desc").limit(100);
  if (storeId !== undefined) q = q.where("t.store_id", "=", storeId);
  const threads = (await q.execute()).map(summary);
  return { threads, unread: threads.reduce((n, t) => n + t.unread, 0) };
}

/** A thread staff may answer: another store's (or a storeless one, for store staff) is 404. */
export async function staffThreadRow(db: Db, staff: Staff, threadId: string): Promise<ThreadRow> {
  const t = await threadsQuery(db).where("t.id", "=", threadId).executeTakeFirst();
  if (!t || (staff.role !== "admin" && (t.store_id === null || t.store_id !== staff.storeId)))
    throw notFound(STAFF_THREAD_NOT_FOUND, "chat_not_found");
  return t;
}

export async function consoleThread(db: Db, staff: Staff, threadId: string) {
  const t = await staffThreadRow(db, staff, threadId);
  return { thread: summary(t), messages: await history(db, t.id) };
}

export async function markStaffRead(db: Db, staff: Staff, threadId: string, lastId: number) {
  await staffThreadRow(db, staff, threadId);
  return markRead(db, threadId, "staff", lastId);
}

/**
 * A staff reply. To a visitor it is emailed at once (they have no widget to read it in); to a shopper, a job
 * waits OFFLINE_EMAIL_DELAY_MS and emails it only if the shopper has not read it by then (no presence kept in
 * memory: the read mark in the database decides, whichever instance runs the job).
 */
export async function staffReply(
  deps: ChatDeps,
  staff: Staff,
  threadId: string,
  raw: string,
): Promise<{ message: ChatMessage }> {
  const body = checkedBody(raw);
  await staffThreadRow(deps.db, staff, threadId);
  const writer = await shopper(deps.db, staff.userId);
  return deps.db.transaction().execute(async (tx) => {
    const t = await tx
      .selectFrom("chat_threads")
      .selectAll()
      .where("id", "=", threadId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const message = await insertMessage(
      tx,
      threadId,
      { kind: "staff", id: staff.userId, name: writer.firstname },
      body,
    );
    if (t.user_id === null) {
      const mail = replyEmail(
        { name: t.visitor_name ?? "", visitor: true },
        [{ author: message.authorName, body }],
        deps.origin,
      );
      await deps.outbox.enqueue(tx, {
        channel: "email",
        recipient: t.visitor_email ?? "",
        template: "chat-reply",
        subject: mail.subject,
        body: mail.body,
      });
      await tx
        .updateTable("chat_threads")
        .set({ emailed_through: message.id })
        .where("id", "=", threadId)
        .execute();
    } else {
      await deps.jobs.send(
        EMAIL_UNREAD_REPLY,
        { messageId: message.id },
        { tx, startAfter: new Date(deps.now().getTime() + deps.offlineDelayMs) },
      );
    }
    return { message };
  });
}

/**
 * The offline job: emails the shopper every staff reply they have not read and no email has told yet, if the
 * reply the job is for is still unread. Locks the thread: two runs of one job (or jobs of two replies) send one
 * email per reply at most.
 */
export async function emailUnreadReply(
  deps: Pick<ChatDeps, "db" | "outbox" | "origin">,
  messageId: number,
): Promise<"sent" | "read" | "told" | "gone"> {
  return deps.db.transaction().execute(async (tx) => {
    const m = await tx
      .selectFrom("chat_messages")
      .select("thread_id")
      .where("id", "=", messageId)
      .executeTakeFirst();
    if (!m) return "gone";
    const t = await tx
      .selectFrom("chat_threads as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select(["t.id", "t.shopper_read_id", "t.emailed_through", "u.email", "u.firstname"])
      .where("t.id", "=", m.thread_id)
      .forUpdate("t")
      .executeTakeFirst();
    if (!t) return "gone";
    const read = Number(t.shopper_read_id);
    const told = Number(t.emailed_through);
    if (!shouldEmailReply(messageId, read, told)) return read >= messageId ? "read" : "told";
    const replies = await tx
      .selectFrom("chat_messages")
      .select(["id", "author_name", "body"])
      .where("thread_id", "=", t.id)
      .where("author_kind", "=", "staff")
      .where("id", ">", Math.max(read, told))
      .orderBy("id")
      .execute();
    const mail = replyEmail(
      { name: t.firstname, visitor: false },
      replies.map((r) => ({ author: r.author_name, body: r.body })),
      deps.origin,
    );
    await deps.outbox.enqueue(tx, {
      channel: "email",
      recipient: t.email,
      template: "chat-reply",
      subject: mail.subject,
      body: mail.body,
    });
    const through = Math.max(...replies.map((r) => Number(r.id)));
    await tx.updateTable("chat_threads").set({ emailed_through: through }).where("id", "=", t.id).execute();
    return "sent";
  });
}
