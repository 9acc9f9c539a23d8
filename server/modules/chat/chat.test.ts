import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_BODY_MAX, LONG_MESSAGE } from "#domain/chat/chat.ts";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/platform/db.ts";
import { jobSchemaFor } from "#server/platform/jobs.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { dropSockets, listenForStreams, SseReader } from "#tests/support/sse.ts";
import { Outbox } from "../messages/index.ts";
import { type ChatMessage, emailUnreadReply } from "./index.ts";

const MANHATTAN = { "x-store-id": "d-manhattan" };
const BROOKLYN = { "x-store-id": "d-brooklyn" };

describe.each(testDatabases)("support chat on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });
  let base = "";
  const open: Array<() => void> = [];
  beforeAll(async () => {
    base = await listenForStreams(s.app);
  });
  afterAll(() => {
    for (const abort of open) abort();
    dropSockets(s.app);
  });
  const stream = async (path: string, headers: Record<string, string>) => {
    const opened = await SseReader.open(`${base}${path}`, headers);
    open.push(opened.abort);
    return opened;
  };
  const shopper = async (over: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(s.db, over);
    return { user, browser: await signedInBrowser(s.app, user) };
  };
  const write = async (b: TestBrowser, body: string, headers: Record<string, string> = MANHATTAN) => {
    const res = await b.post("/api/chat/thread/messages", { body }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ threadId: string; message: ChatMessage }>();
  };
  const reply = async (staff: TestBrowser, threadId: string, body: string) => {
    const res = await staff.post(`/api/console/chats/${threadId}/messages`, { body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ message: ChatMessage }>().message;
  };
  const jobsFor = async (messageId: number) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
    const table = sql.table(`${jobSchemaFor(rows[0].schema)}.job`);
    const found = await sql<{ start_after: Date }>`
      select start_after from ${table} where name = 'chat-email-unread-reply'
      and (data->>'messageId')::bigint = ${messageId}`.execute(s.db);
    return found.rows;
  };

  it("starts the widget with the user's id, name, email and createdAt; the first message starts their thread", async () => {
    const { user, browser } = await shopper({ firstname: "Robin", lastname: "Reed" });
    const before = (await browser.get("/api/chat/thread")).json();
    expect(before.thread).toBeNull();
    expect(before.you).toMatchObject({ userId: user.id, name: "Robin Reed", email: user.email });
    expect(Number.isNaN(Date.parse(before.you.createdAt))).toBe(false);

    const first = await write(browser, "  Do you have ice?  ");
    expect(first.message).toMatchObject({ author: "shopper", authorName: "Robin", body: "Do you have ice?" });
    const second = await write(browser, "Cubed, please.");
    expect(second.threadId).toBe(first.threadId);
    const after = (await browser.get("/api/chat/thread")).json();
    expect(after.thread).toMatchObject({ id: first.threadId, storeId: "d-manhattan", unread: 0 });
    expect(after.thread.messages.map((m: ChatMessage) => m.body)).toEqual([
      "Do you have ice?",
      "Cubed, please.",
    ]);
  });

  it("keeps threads to their owner and their store: another user's is not theirs, another store's staff get 404, admins see all", async () => {
    const a = await shopper();
    const b = await shopper();
    const { threadId } = await write(a.browser, "Hello from A");
    // B has no thread: nothing of A's is readable through B's calls.
    expect((await b.browser.get("/api/chat/thread")).json().thread).toBeNull();
    expect((await b.browser.get("/api/chat/thread/events")).statusCode).toBe(404);
    expect((await b.browser.post("/api/chat/thread/read", { lastId: 1e9 })).statusCode).toBe(404);
    // A shopper is not staff.
    const asShopper = await b.browser.get(`/api/console/chats/${threadId}`);
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json().error.code).toBe("staff_only");
    expect((await b.browser.get("/api/console/chats")).statusCode).toBe(403);

    const { staff: brooklyn } = await staffOf(s, "d-brooklyn");
    const foreign = await brooklyn.get(`/api/console/chats/${threadId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("chat_not_found");
    expect((await brooklyn.post(`/api/console/chats/${threadId}/messages`, { body: "Hi" })).statusCode).toBe(
      404,
    );
    expect((await brooklyn.get(`/api/console/chats/${threadId}/events`)).statusCode).toBe(404);
    const brooklynList = (await brooklyn.get("/api/console/chats")).json();
    expect(brooklynList.threads.map((t: { id: string }) => t.id)).not.toContain(threadId);
    expect((await brooklyn.get("/api/console/chats?store_id=d-manhattan")).statusCode).toBe(403);

    const { staff: manhattan } = await staffOf(s, "d-manhattan");
    expect((await manhattan.get(`/api/console/chats/${threadId}`)).statusCode).toBe(200);
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    expect((await admin.get(`/api/console/chats/${threadId}`)).statusCode).toBe(200);
    const all = (await admin.get("/api/console/chats")).json();
    expect(all.threads.map((t: { id: string }) => t.id)).toContain(threadId);
    const onlyBrooklyn = (await admin.get("/api/console/chats?store_id=d-brooklyn")).json();
    expect(onlyBrooklyn.threads.map((t: { id: string }) => t.id)).not.toContain(threadId);
  });

  it("counts unread messages on each side, newest activity first, and read marks move only forward", async () => {
    const { browser, user } = await shopper({ firstname: "Una" });
    const { threadId } = await write(browser, "One");
    await write(browser, "Two");
    const { staff } = await staffOf(s, "d-manhattan");
    const listed = (await staff.get("/api/console/chats")).json();
    expect(listed.threads[0]).toMatchObject({
      id: threadId,
      kind: "shopper",
      name: "Una Shopper",
      email: user.email,
      userId: user.id,
      unread: 2,
      lastMessage: { body: "Two" },
    });
    const opened = (await staff.get(`/api/console/chats/${threadId}`)).json();
    expect(opened.messages.map((m: ChatMessage) => m.body)).toEqual(["One", "Two"]);
    const lastId = opened.messages[1].id;
    expect((await staff.post(`/api/console/chats/${threadId}/read`, { lastId: lastId - 1 })).json()).toEqual({
      unread: 1,
    });
    expect((await staff.post(`/api/console/chats/${threadId}/read`, { lastId })).json()).toEqual({
      unread: 0,
    });
    // Back is ignored.
    expect((await staff.post(`/api/console/chats/${threadId}/read`, { lastId: 0 })).json()).toEqual({
      unread: 0,
    });

    await reply(staff, threadId, "Hi Una");
    const r2 = await reply(staff, threadId, "Anything else?");
    expect((await browser.get("/api/chat/unread")).json()).toEqual({ unread: 2 });
    expect((await browser.get("/api/chat/thread")).json().thread.unread).toBe(2);
    // A mark past the last message reads everything, and no more.
    expect((await browser.post("/api/chat/thread/read", { lastId: r2.id + 1000 })).json()).toEqual({
      unread: 0,
    });
    await reply(staff, threadId, "Bye");
    expect((await browser.get("/api/chat/unread")).json()).toEqual({ unread: 1 });
    // Staff's own replies are not unread for staff.
    expect((await staff.get(`/api/console/chats/${threadId}`)).json().thread.unread).toBe(0);
    // The shopper writing again reads what came before and puts the thread first.
    await write(browser, "Thanks");
    expect((await browser.get("/api/chat/unread")).json()).toEqual({ unread: 0 });
    const { threads } = (await staff.get("/api/console/chats")).json();
    expect(threads[0]).toMatchObject({ id: threadId, unread: 1 });
  });

  it("an anonymous visitor leaves a message with an email; staff see it and their reply is emailed at once", async () => {
    const visitor = new TestBrowser(s.app);
    await visitor.refresh();
    const email = `visitor-${Date.now()}@example.com`;
    const res = await visitor.post(
      "/api/chat/visitor",
      { name: "Vic Visitor", email: ` ${email.toUpperCase()} `, body: "Do you deliver to Hoboken?" },
      MANHATTAN,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: "received",
      message: expect.stringContaining("reply to your email"),
    });
    const { staff } = await staffOf(s, "d-manhattan");
    const thread = (await staff.get("/api/console/chats"))
      .json()
      .threads.find((t: { email: string }) => t.email === email);
    expect(thread).toMatchObject({ kind: "visitor", name: "Vic Visitor", userId: null, unread: 1 });
    const answer = await reply(staff, thread.id, "Not yet, sorry!");
    const [mail] = await readOutbox(s.app, email);
    expect(mail).toMatchObject({ channel: "email", template: "chat-reply" });
    expect(mail.body).toContain("Hi Vic Visitor,");
    expect(mail.body).toContain("Not yet, sorry!");
    // No delayed job: the email went at once.
    expect(await jobsFor(answer.id)).toEqual([]);
  });

  it("validates messages and visitor details", async () => {
    const { browser } = await shopper();
    for (const body of ["", "   \n ", "x".repeat(CHAT_BODY_MAX + 1)]) {
      const res = await browser.post("/api/chat/thread/messages", { body }, MANHATTAN);
      expect(res.statusCode, body).toBe(400);
    }
    expect(
      (await browser.post("/api/chat/thread/messages", { body: "x".repeat(CHAT_BODY_MAX + 1) })).json().error
        .message,
    ).toBe(LONG_MESSAGE);
    expect((await browser.post("/api/chat/thread/messages", { text: "hi" })).statusCode).toBe(400);
    expect(
      (await browser.post("/api/chat/thread/messages", { body: "x".repeat(CHAT_BODY_MAX) })).statusCode,
    ).toBe(200);

    const visitor = new TestBrowser(s.app);
    await visitor.refresh();
    const cases = [
      { name: "Vi", email: "not-an-email", body: "Hi" },
      { name: " ", email: "vi@example.com", body: "Hi" },
      { name: "Vi", email: "vi@example.com", body: "" },
      { email: "vi@example.com", body: "Hi" },
    ];
    for (const c of cases)
      expect((await visitor.post("/api/chat/visitor", c)).statusCode, JSON.stringify(c)).toBe(400);
    // Anonymous shoppers cannot use the signed-in calls; a post without the CSRF token is refused.
    expect((await visitor.get("/api/chat/thread")).statusCode).toBe(401);
    expect((await visitor.post("/api/chat/thread/messages", { body: "Hi" })).statusCode).toBe(401);
    const noToken = await s.app.inject({
      method: "POST",
      url: "/api/chat/visitor",
      headers: { cookie: visitor.cookie },
      payload: { name: "Vi", email: "vi@example.com", body: "Hi" },
    });
    expect(noToken.statusCode).toBe(403);
  });

  it("rate-limits messages: per shopper, and visitors per email", async () => {
    const { browser } = await shopper();
    const answers = [];
    for (let i = 0; i < 21; i++)
      answers.push(
        (await browser.post("/api/chat/thread/messages", { body: `m${i}` }, MANHATTAN)).statusCode,
      );
    expect(answers.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    const visitor = new TestBrowser(s.app);
    await visitor.refresh();
    const email = `flood-${Date.now()}@example.com`;
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await visitor.post("/api/chat/visitor", { name: "F", email, body: `m${i}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("emails a reply the shopper has not read after the delay, once; not one they have read", async () => {
    const { browser, user } = await shopper({ firstname: "Olive" });
    const { threadId } = await write(browser, "Is the shop open?");
    const { staff } = await staffOf(s, "d-manhattan");
    const started = Date.now();
    const first = await reply(staff, threadId, "Yes, until 2 am.");
    const second = await reply(staff, threadId, "Anything to add?");
    const [job] = await jobsFor(first.id);
    // Queued to run two minutes later (the read mark decides then).
    expect(new Date(job.start_after).getTime() - started).toBeGreaterThan(110_000);
    expect(new Date(job.start_after).getTime() - started).toBeLessThan(130_000);

    const deps = { db: s.db, outbox: new Outbox(fakeJobs()), origin: "https://nightcap.example" };
    // Two runs of the same job at once, then the second reply's job: one email, telling both replies.
    const outcomes = await Promise.all([emailUnreadReply(deps, first.id), emailUnreadReply(deps, first.id)]);
    expect(outcomes.sort()).toEqual(["sent", "told"]);
    expect(await emailUnreadReply(deps, second.id)).toBe("told");
    const mails = await readOutbox(s.app, user.email);
    const chatMails = mails.filter((m) => m.template === "chat-reply");
    expect(chatMails).toHaveLength(1);
    expect(chatMails[0].body).toContain("Yes, until 2 am.");
    expect(chatMails[0].body).toContain("Anything to add?");
    expect(chatMails[0].body).toContain("https://nightcap.example");

    // Read in time: no email.
    const third = await reply(staff, threadId, "Read this one");
    await browser.post("/api/chat/thread/read", { lastId: third.id });
    expect(await emailUnreadReply(deps, third.id)).toBe("read");
    expect((await readOutbox(s.app, user.email)).filter((m) => m.template === "chat-reply")).toHaveLength(1);
  });

  it("runs the offline job on the queue: made due, this instance's worker emails the unread reply", async () => {
    const { browser, user } = await shopper({ firstname: "Quinn" });
    const { threadId } = await write(browser, "Open late?");
    const { staff } = await staffOf(s, "d-manhattan");
    const answer = await reply(staff, threadId, "Until 2 am tonight.");
    expect(await jobsFor(answer.id)).toHaveLength(1);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
    await sql`update ${sql.table(`${jobSchemaFor(rows[0].schema)}.job`)} set start_after = now()
      where name = 'chat-email-unread-reply' and (data->>'messageId')::bigint = ${answer.id}`.execute(s.db);
    await expect
      .poll(
        async () => (await readOutbox(s.app, user.email)).filter((m) => m.template === "chat-reply").length,
        {
          timeout: 15_000,
          interval: 250,
        },
      )
      .toBe(1);
    const [mail] = (await readOutbox(s.app, user.email)).filter((m) => m.template === "chat-reply");
    expect(mail.body).toContain("Until 2 am tonight.");
  });

  it("streams new messages live to the shopper and to staff, and resumes after Last-Event-ID", async () => {
    const { browser } = await shopper();
    const { threadId, message: hello } = await write(browser, "Hello?");
    const { staff } = await staffOf(s, "d-manhattan");
    const mine = await stream("/api/chat/thread/events", { cookie: browser.cookie });
    expect(mine.status).toBe(200);
    expect(mine.contentType).toMatch(/^text\/event-stream/);
    const theirs = await stream(`/api/console/chats/${threadId}/events?after=0`, { cookie: staff.cookie });
    // Staff asked from the start: the history first.
    const replayed = await theirs.reader.next();
    expect(replayed.id).toBe(String(hello.id));

    const answer = await reply(staff, threadId, "Hi! How can we help?");
    const live = await mine.reader.next();
    expect(live.id).toBe(String(answer.id));
    expect(JSON.parse(live.data)).toMatchObject({ author: "staff", body: "Hi! How can we help?" });
    expect(JSON.parse((await theirs.reader.next()).data)).toMatchObject({ body: "Hi! How can we help?" });
    mine.abort();

    // Away: two messages; a reconnect with Last-Event-ID gets them in order, then live ones, nothing twice.
    const m1 = await reply(staff, threadId, "Still there?");
    const m2 = await write(browser, "Yes, sorry");
    const again = await stream("/api/chat/thread/events", {
      cookie: browser.cookie,
      "last-event-id": String(answer.id),
    });
    const missed = [await again.reader.next(), await again.reader.next()];
    expect(missed.map((m) => m.id)).toEqual([String(m1.id), String(m2.message.id)]);
    const m3 = await reply(staff, threadId, "Great");
    expect((await again.reader.next()).id).toBe(String(m3.id));
    await new Promise((r) => setTimeout(r, 200));
    expect(again.reader.pending).toBe(0);

    // Signed out: 401; another shopper with no thread: 404 before any stream opens.
    expect((await stream("/api/chat/thread/events", {})).status).toBe(401);
    const other = await shopper();
    expect((await stream("/api/chat/thread/events", { cookie: other.browser.cookie })).status).toBe(404);
  });

  it.runIf(kind === "postgres")(
    "loses nothing when the instance's LISTEN connection drops: it reconnects and streams re-read what they missed",
    async () => {
      const { browser } = await shopper();
      const { threadId } = await write(browser, "Hello");
      const { staff } = await staffOf(s, "d-manhattan");
      const opened = await stream("/api/chat/thread/events", { cookie: browser.cookie });
      expect(opened.status).toBe(200);
      const { rows } = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen chat_messages_' || current_schema()`.execute(
        s.db,
      );
      expect(rows[0].n).toBe(1);
      // Written while no one listens: its notice is lost; the re-read after reconnecting finds the row.
      const lost = await reply(staff, threadId, "Written while the listener was down");
      const got = await opened.reader.next(8000);
      expect(got.id).toBe(String(lost.id));
      const next = await reply(staff, threadId, "And after");
      expect((await opened.reader.next()).id).toBe(String(next.id));
    },
  );

  it.runIf(kind === "postgres")("posts from parallel requests keep one thread per shopper", async () => {
    const { browser } = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        browser.post("/api/chat/thread/messages", { body: `p${i}` }, MANHATTAN),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().threadId)).size).toBe(1);
    const thread = (await browser.get("/api/chat/thread")).json().thread;
    expect(thread.messages).toHaveLength(8);
  });

  it("a shopper placed in Brooklyn reaches Brooklyn's staff", async () => {
    const { browser } = await shopper();
    const { threadId } = await write(browser, "From Brooklyn", BROOKLYN);
    const { staff } = await staffOf(s, "d-brooklyn");
    expect((await staff.get(`/api/console/chats/${threadId}`)).json().thread.storeId).toBe("d-brooklyn");
  });
});

/** The outbox only needs `send` of the job queue (the delivery job); the test reads the outbox rows. */
function fakeJobs(): never {
  return { send: async () => null } as never;
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  "support chat across two app instances (one PostgreSQL)",
  () => {
    let t: TestDb;
    let a: App;
    let b: App;
    let closeB: () => Promise<void>;
    beforeAll(async () => {
      t = await openTestDb("postgres");
      await createDeliveryFixture(t.db);
      const config = loadConfig({ NODE_ENV: "test" });
      a = await buildApp({ config, db: t.db, logger: false });
      const second = await openDb({ kind: "postgres", url: t.url! });
      b = await buildApp({ config, db: second.db, logger: false });
      closeB = () => second.db.destroy();
    });
    afterAll(async () => {
      dropSockets(b);
      await b?.close();
      await closeB?.();
      await a?.close();
      await t?.close();
    });

    it("a staff reply written through instance A reaches the shopper's stream on instance B", async () => {
      const shopper = await signedInBrowser(a, await createUser(t.db));
      const first = await shopper.post("/api/chat/thread/messages", { body: "Anyone there?" }, MANHATTAN);
      expect(first.statusCode, first.body).toBe(200);
      const { threadId } = first.json<{ threadId: string }>();
      const opened = await SseReader.open(`${await listenForStreams(b)}/api/chat/thread/events`, {
        cookie: shopper.cookie,
      });
      expect(opened.status).toBe(200);
      const { staff } = await staffOf({ app: a, db: t.db }, "d-manhattan");
      const sent = await staff.post(`/api/console/chats/${threadId}/messages`, { body: "Here!" });
      expect(sent.statusCode, sent.body).toBe(200);
      const live = await opened.reader.next();
      expect(JSON.parse(live.data)).toMatchObject({ author: "staff", body: "Here!" });
      opened.abort();
    });
  },
);
