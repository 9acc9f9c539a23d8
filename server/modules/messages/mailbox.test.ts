import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MailboxMessage } from "#domain/messages/types.ts";
import { loadConfig } from "#server/config.ts";
import { serverKey } from "#server/platform/secrets.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { deliveryNotes } from "./index.ts";

const shopper = (email: string) => ({ firstname: "Ann", lastname: "Lee", email, birthday: "1990-04-17" });

async function mailbox(browser: TestBrowser, recipient: string, key?: string) {
  return browser.get(
    `/api/mailbox?recipient=${encodeURIComponent(recipient)}`,
    key ? { "x-mailbox-key": key } : {},
  );
}

/** Polls the mailbox until the newest message to `recipient` is delivered (the worker runs in the app). */
async function delivered(browser: TestBrowser, recipient: string, key?: string): Promise<MailboxMessage> {
  const until = Date.now() + 15_000;
  for (;;) {
    const [newest] = (await mailbox(browser, recipient, key)).json<MailboxMessage[]>();
    if (newest?.status === "sent" || Date.now() > until) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDatabases)("the local mailbox on %s", (kind) => {
  describe("on the embedded default in production (npm start), with no provider", () => {
    const s = useTestApp(kind, { env: { NODE_ENV: "production" }, workers: true });

    it("lets a newcomer sign up: the code is kept in the mailbox, readable with the start-up log's key", async () => {
      const key = (await serverKey(s.db, "mailbox")).toString("base64url");
      const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
      const browser = new TestBrowser(s.app);
      const signup = await browser.post("/auth/signup", shopper(email));
      expect(signup.statusCode).toBe(200);

      const message = await delivered(browser, email, key);
      expect(message).toMatchObject({
        channel: "email",
        recipient: email,
        template: "signup-code",
        status: "sent",
        transport: "mailbox",
        attempts: 1,
      });
      const code = /\b(\d{6})\b/.exec(message.body)?.[1];
      const done = await browser.post("/auth/loginV2Step2", { oid: signup.json().oid, code });
      expect(done.statusCode).toBe(200);
      expect(done.json().user.email).toBe(email);

      const notes = await deliveryNotes(
        s.db,
        loadConfig({ NODE_ENV: "production" }),
        "http://localhost:3000",
      );
      expect(notes).toEqual([
        {
          level: "info",
          message: `Emails and texts are not sent (no provider configured): sign-up codes and every other message are kept in the local mailbox at http://localhost:3000/mailbox?key=${key} and printed in this log.`,
        },
      ]);
    });

    it("is the not-found answer without the key, or with another", async () => {
      const browser = new TestBrowser(s.app);
      for (const key of [undefined, "not-the-key", "x".repeat(43)]) {
        const res = await mailbox(browser, "anyone@example.com", key);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe("not_found");
      }
    });
  });

  describe("in production on a real database (DATABASE_URL) with no SMTP", () => {
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db.internal/nightcap",
      PUBLIC_ORIGIN: "https://shop.example",
    };
    const s = useTestApp(kind, { env, workers: true });

    it("is never reachable, and a message fails saying no email transport is configured", async () => {
      const key = (await serverKey(s.db, "mailbox")).toString("base64url");
      const browser = new TestBrowser(s.app);
      expect((await mailbox(browser, "anyone@example.com", key)).statusCode).toBe(404);

      const email = `real-${randomUUID().slice(0, 8)}@example.com`;
      expect((await browser.post("/auth/signup", shopper(email))).statusCode).toBe(200);
      const until = Date.now() + 15_000;
      let row = await s.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", email)
        .executeTakeFirstOrThrow();
      while (row.status !== "failed" && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        row = await s.db
          .selectFrom("outbox")
          .selectAll()
          .where("recipient", "=", email)
          .executeTakeFirstOrThrow();
      }
      expect(row).toMatchObject({
        status: "failed",
        last_error: "No email transport is configured: set SMTP_URL.",
      });

      const notes = await deliveryNotes(s.db, loadConfig(env), "https://nightcap.example");
      expect(notes.map((n) => n.level)).toEqual(["warn", "warn"]);
      expect(notes[0].message).toBe(
        "No SMTP_URL: emails cannot be delivered, so shoppers cannot receive sign-up and sign-in codes. Set SMTP_URL.",
      );
      expect(notes.some((n) => n.message.includes("mailbox"))).toBe(false);
    });
  });

  describe("in development and tests", () => {
    const s = useTestApp(kind);

    it("is open, newest first, filtered by recipient", async () => {
      const browser = new TestBrowser(s.app);
      const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
      await browser.post("/auth/signup", shopper(email));
      await browser.post("/auth/signup", shopper(email));
      const messages = (await mailbox(browser, email.toUpperCase())).json<MailboxMessage[]>();
      expect(messages.map((m) => m.template)).toEqual(["signup-code", "signup-code"]);
      expect(messages[0].id).toBeGreaterThan(messages[1].id);
      // No worker in this app: they wait in the queue.
      expect(messages.map((m) => m.status)).toEqual(["queued", "queued"]);
    });
  });
});
