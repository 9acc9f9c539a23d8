import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email.ts";

describe("email pattern (spec §5: local part, @, domain, TLD of 2 to 4 letters)", () => {
  it.each([
    "ann@example.com",
    "Ann.Lee+drinks@mail.example.co",
    "o'neil@example.info",
    "x@sub.domain.us",
    "  padded@example.com  ",
  ])("accepts %s", (email) => expect(isValidEmail(email)).toBe(true));

  it.each([
    ["no at sign", "ann.example.com"],
    ["no local part", "@example.com"],
    ["no domain", "ann@.com"],
    ["no TLD", "ann@example"],
    ["one-letter TLD", "ann@example.c"],
    ["five-letter TLD", "ann@example.email"],
    ["digits in TLD", "ann@example.c0m"],
    ["two at signs", "ann@b@example.com"],
    ["space inside", "ann lee@example.com"],
    ["empty", ""],
    ["too long", `${"a".repeat(250)}@example.com`],
  ])("refuses %s", (_why, email) => expect(isValidEmail(email)).toBe(false));

  it("normalises to the trimmed lower-case form used as the username", () => {
    expect(normalizeEmail("  Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
  });
});
