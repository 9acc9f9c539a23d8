import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bodyProblem,
  CHAT_BODY_MAX,
  countsAsUnread,
  EMPTY_MESSAGE,
  LONG_MESSAGE,
  normalizeBody,
  replyEmail,
  shouldEmailReply,
} from "./chat.ts";

describe("chat message bodies", () => {
  it.each([
    ["  hello  ", "hello"],
    ["a\r\nb\rc", "a\nb\nc"],
    ["bell\u0007 and\ttab", "bell and\ttab"],
    ["\n\n", ""],
  ])("normalizes %j to %j", (raw, kept) => {
    expect(normalizeBody(raw)).toBe(kept);
  });

  it.each([
    ["", EMPTY_MESSAGE],
    ["x".repeat(CHAT_BODY_MAX), null],
    ["x".repeat(CHAT_BODY_MAX + 1), LONG_MESSAGE],
    // Counted in characters, not UTF-16 units: 2000 emoji fit.
    ["🍸".repeat(CHAT_BODY_MAX), null],
  ])("a body of %#: %s", (body, problem) => {
    expect(bodyProblem(body)).toBe(problem);
  });

  it("a normalized body never starts or ends with blank space and holds no control character but tab and newline", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (raw) => {
        const body = normalizeBody(raw);
        expect(body).toBe(body.trim());
        // biome-ignore lint/suspicious/noControlCharactersInRegex: what the test looks for
        expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(body)).toBe(false);
      }),
    );
  });
});

describe("unread", () => {
  it.each([
    ["shopper", "staff", 5, 4, true],
    ["shopper", "staff", 5, 5, false],
    ["shopper", "shopper", 5, 0, false],
    ["staff", "shopper", 5, 4, true],
    ["staff", "visitor", 5, 0, true],
    ["staff", "staff", 5, 0, false],
  ] as const)("%s reading a %s message #%i with mark %i: %s", (reader, author, id, mark, unread) => {
    expect(countsAsUnread(reader, { id, author }, mark)).toBe(unread);
  });
});

describe("offline email", () => {
  it.each([
    [10, 0, 0, true],
    [10, 10, 0, false],
    [10, 12, 0, false],
    [10, 0, 10, false],
    [10, 0, 11, false],
    [10, 9, 9, true],
  ])("reply #%i, read mark %i, emailed through %i: %s", (id, read, emailed, send) => {
    expect(shouldEmailReply(id, read, emailed)).toBe(send);
  });

  it("tells every reply, and how to answer", () => {
    const mail = replyEmail(
      { name: "Sam", visitor: false },
      [
        { author: "Alex", body: "Hi" },
        { author: "Alex", body: "Still there?" },
      ],
      "https://nightcap.example",
    );
    expect(mail.subject).toBe("Nightcap support replied (2 messages)");
    expect(mail.body).toContain("Hi Sam,");
    expect(mail.body).toContain("Alex wrote:\nStill there?");
    expect(mail.body).toContain("https://nightcap.example");
    expect(replyEmail({ name: "Vi", visitor: true }, [{ author: "Alex", body: "Yes" }], null).subject).toBe(
      "Nightcap support replied",
    );
  });
});
