import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_DELIVERY_ATTEMPTS } from "#domain/messages/delivery.ts";
import { type Db, openDb } from "#server/platform/db.ts";
import { JobQueue } from "#server/platform/jobs.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { startSmsProvider } from "#tests/support/sms-provider.ts";
import { startSmtpServer } from "#tests/support/smtp-server.ts";
import { listMessages, type OutgoingMessage, openOutbox, startDelivery, type Transports } from "./index.ts";
import { NO_EMAIL_TRANSPORT, transportsFor } from "./transports/index.ts";
import { mailboxTransport } from "./transports/mailbox.ts";
import { smtpTransport } from "./transports/smtp.ts";
import { twilioTransport } from "./transports/twilio.ts";

const FROM = "Nightcap <hello@nightcap.test>";
const email = (recipient: string, n = 1): OutgoingMessage => ({
  channel: "email",
  recipient,
  template: "login-code",
  subject: `Your Nightcap code: ${100000 + n}`,
  body: `Your Nightcap login code is ${100000 + n}.`,
});
const text = (recipient: string): OutgoingMessage => ({
  channel: "sms",
  recipient,
  template: "customer-pin",
  body: "123456 is your Nightcap PIN.",
});

describe.each(testDatabases)("message delivery on %s", (kind) => {
  let t: TestDb;
  const running: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterEach(async () => {
    // Each test's workers stop before the next test, whose transports differ.
    while (running.length) await running.pop()!();
  });
  afterAll(async () => t.close());

  /** A job queue on `db` (an instance of the store) with fast polling and back-off, delivering through `transports`. */
  async function instance(transports: Transports | null, db: Db = t.db) {
    const jobs = await JobQueue.open(db, {
      pollingIntervalSeconds: 0.5,
      retry: { delaySeconds: 1, backoff: false },
    });
    running.push(() => jobs.stop());
    const outbox = await openOutbox(jobs);
    if (transports) await startDelivery(jobs, db, transports);
    return { jobs, outbox };
  }

  async function settled(id: number, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const row = await t.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      if (row.status === "sent" || row.status === "failed" || Date.now() > until) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const enqueue = (outbox: Awaited<ReturnType<typeof instance>>["outbox"], message: OutgoingMessage) =>
    t.db.transaction().execute((tx) => outbox.enqueue(tx, message));

  it("sends nothing for a change that rolls back: no message, no job", async () => {
    const smtp = await startSmtpServer();
    try {
      const { outbox } = await instance({
        email: smtpTransport({ url: smtp.url, from: FROM }),
        sms: mailboxTransport(null),
      });
      const recipient = `rollback-${kind}@example.com`;
      await expect(
        t.db.transaction().execute(async (tx) => {
          await outbox.enqueue(tx, email(recipient));
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      const kept = await enqueue(outbox, email(`after-${kind}@example.com`));
      expect((await settled(kept)).status).toBe("sent");
      expect(await listMessages(t.db, { recipient })).toEqual([]);
      expect(smtp.received.map((m) => m.to)).toEqual([[`after-${kind}@example.com`]]);
    } finally {
      await smtp.close();
    }
  });

  it("delivers over SMTP once the server, refusing for now (451), accepts; the message goes out once", async () => {
    const smtp = await startSmtpServer((n) => (n <= 2 ? 451 : null));
    try {
      const { outbox } = await instance({
        email: smtpTransport({ url: smtp.url, from: FROM }),
        sms: mailboxTransport(null),
      });
      const recipient = `retry-${kind}@example.com`;
      const id = await enqueue(outbox, email(recipient, 7));
      const row = await settled(id);
      expect(row).toMatchObject({ status: "sent", attempts: 3, transport: "smtp" });
      expect(row.last_error).toMatch(/451/);
      expect(row.sent_at).not.toBeNull();
      expect(smtp.offered()).toBe(3);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({
        to: [recipient],
        subject: "Your Nightcap code: 100007",
        messageId: `<outbox-${id}@nightcap.test>`,
      });
      expect(smtp.received[0].raw).toContain("Your Nightcap login code is 100007.");
      // Its job is done: nothing goes out again.
      await new Promise((r) => setTimeout(r, 2000));
      expect(smtp.offered()).toBe(3);
    } finally {
      await smtp.close();
    }
  });

  it("records a permanent refusal (550) as failed with the reason, and does not retry it", async () => {
    const smtp = await startSmtpServer(() => 550);
    try {
      const { outbox } = await instance({
        email: smtpTransport({ url: smtp.url, from: FROM }),
        sms: mailboxTransport(null),
      });
      const id = await enqueue(outbox, email(`nobody-${kind}@example.com`));
      const row = await settled(id);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row.last_error).toMatch(/^SMTP: 550/);
      await new Promise((r) => setTimeout(r, 2500));
      expect(smtp.offered()).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it("gives up after the last try when the server stays unreachable, saying why", async () => {
    // A port nothing listens on: connection refused on every try.
    const closed = await startSmtpServer();
    await closed.close();
    const { outbox } = await instance({
      email: smtpTransport({ url: closed.url, from: FROM }),
      sms: mailboxTransport(null),
    });
    const id = await enqueue(outbox, email(`unreachable-${kind}@example.com`));
    // A try a second over MAX_DELIVERY_ATTEMPTS tries (the tests' retry timing).
    const row = await settled(id, 30_000);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
  }, 60_000);

  it("texts through the SMS provider: retried after 429, refused for good on a bad number (400)", async () => {
    const provider = await startSmsProvider((n) => (n === 1 ? 429 : n === 2 ? 201 : 400));
    try {
      const sms = twilioTransport({
        accountSid: "AC123",
        authToken: "tok",
        from: "+15550001111",
        apiUrl: provider.url,
      });
      const { outbox } = await instance({ email: mailboxTransport(null), sms });
      const first = await settled(await enqueue(outbox, text("+15551234567")));
      expect(first).toMatchObject({ status: "sent", attempts: 2, transport: "twilio" });
      expect(first.provider_message_id).toMatch(/^SM/);
      expect(provider.received).toEqual([
        {
          accountSid: "AC123",
          authorization: `Basic ${Buffer.from("AC123:tok").toString("base64")}`,
          to: "+15551234567",
          from: "+15550001111",
          body: "123456 is your Nightcap PIN.",
        },
      ]);
      const bad = await settled(await enqueue(outbox, text("+1555")));
      expect(bad).toMatchObject({ status: "failed", attempts: 1 });
      expect(bad.last_error).toBe("SMS provider answered 400: Refused with 400 (21211)");
    } finally {
      await provider.close();
    }
  });

  it("keeps messages in the local mailbox when no provider is configured, and fails them where there must be one", async () => {
    const local = transportsFor({ email: { kind: "mailbox" }, sms: { kind: "mailbox" } }, null);
    const { outbox, jobs } = await instance(local);
    const kept = await settled(await enqueue(outbox, email(`local-${kind}@example.com`)));
    expect(kept).toMatchObject({ status: "sent", transport: "mailbox", attempts: 1 });
    await jobs.stop();

    const nowhere = transportsFor({ email: { kind: "none" }, sms: { kind: "none" } }, null);
    const second = await instance(nowhere);
    const lost = await settled(await enqueue(second.outbox, email(`nowhere-${kind}@example.com`)));
    expect(lost).toMatchObject({ status: "failed", attempts: 1, last_error: NO_EMAIL_TRANSPORT });
  });

  it("delivers each message exactly once with several instances working one database", async () => {
    const smtp = await startSmtpServer();
    const second = kind === "postgres" ? await openDb({ kind: "postgres", url: t.url! }) : null;
    try {
      const transports = { email: smtpTransport({ url: smtp.url, from: FROM }), sms: mailboxTransport(null) };
      const a = await instance(transports);
      await instance(transports, second?.db ?? t.db);
      await instance(transports);
      const ids: number[] = [];
      for (let n = 0; n < 30; n++)
        ids.push(await enqueue(a.outbox, email(`many-${n}-${kind}@example.com`, n)));
      const rows = await Promise.all(ids.map((id) => settled(id, 40_000)));
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => "sent"));
      expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
      const delivered = smtp.received.map((m) => m.messageId).sort();
      expect(delivered).toEqual(ids.map((id) => `<outbox-${id}@nightcap.test>`).sort());
    } finally {
      while (running.length) await running.pop()!();
      await second?.db.destroy();
      await smtp.close();
    }
  }, 60_000);
});
