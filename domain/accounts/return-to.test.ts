import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, MAX_RETURN_TO_LENGTH, returnPathOf, safeReturnTo } from "./return-to.ts";

describe("return addresses after sign-in: a path on this site or nothing", () => {
  it.each([
    ["/account", "/account"],
    ["/", "/"],
    ["/checkout?step=2", "/checkout?step=2"],
    // Merchant sign-on is ours and kept whole (its redirect_uri is checked by /sos against the merchant's own).
    [
      "/sos?merchant_id=m1&redirect_uri=https%3A%2F%2Fmerchant.example%2Fcb&state=x",
      "/sos?merchant_id=m1&redirect_uri=https%3A%2F%2Fmerchant.example%2Fcb&state=x",
    ],
    ["/search/red%20wine#results", "/search/red%20wine#results"],
    ["/console/orders?status=active", "/console/orders?status=active"],
    ["/caf\u00e9", "/caf%C3%A9"],
    ["/a/../b", "/b"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps %j as %j", (value, kept) => {
    expect(returnPathOf(value)).toBe(kept);
  });

  it.each([
    ["nothing", ""],
    ["a full URL", "https://evil.example/path"],
    ["another scheme", "javascript:alert(1)"],
    ["a relative path", "account"],
    ["a protocol-relative URL", "//evil.example/path"],
    ["a backslash for a slash", "/\\evil.example"],
    ["a backslash later on", "/a\\b"],
    ["a tab between the slashes", "/\t/evil.example:4000/path"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a NUL", "/\u0000/evil.example"],
    ["a vertical tab", "/\u000b/evil.example"],
    ["a form feed", "/\f/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["a C1 control", "/\u0085/evil.example"],
    ["a space", "/ /evil.example"],
    ["a no-break space", "/\u00a0/evil.example"],
    ["U+2028 line separator", "/\u2028/evil.example"],
    ["U+2029 paragraph separator", "/\u2029/evil.example"],
    ["an ideographic space", "/\u3000/evil.example"],
    ["a zero-width space", "/\u200b/evil.example"],
    ["a right-to-left override", "/\u202e/evil.example"],
    ["a byte-order mark", "/\ufeff/evil.example"],
    ["a dot segment that leaves two slashes", "/.//evil.example/path"],
    ["dot-dot segments that leave two slashes", "/a/..//evil.example"],
    ["a trailing newline", "/account\n"],
    ["over the length limit", `/${"a".repeat(MAX_RETURN_TO_LENGTH)}`],
  ])("refuses %s", (_why, value) => {
    expect(returnPathOf(value)).toBeNull();
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it("refuses null and undefined, and falls back to the caller's choice", () => {
    expect(returnPathOf(null)).toBeNull();
    expect(returnPathOf(undefined)).toBeNull();
    expect(safeReturnTo(undefined, "/")).toBe("/");
  });

  it("answers only paths a browser keeps on this site, whatever it is given", () => {
    const samples = ["/", "//", "/\t/", "/./", "/../", "\\", "%2F", "/a", "?", "#", ":", "@", "\u2028"];
    for (const a of samples)
      for (const b of samples)
        for (const c of samples) {
          const kept = returnPathOf(`${a}${b}${c}`);
          if (kept === null) continue;
          // What a browser does with the Location: resolved against this site, it must stay here.
          expect(new URL(kept, "https://shop.example").origin).toBe("https://shop.example");
          expect(kept).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        }
  });
});
