import { describe, expect, it } from "vitest";
import { checkMerchant } from "./merchant.ts";

const ok = { id: "acme-liquors", name: "Acme Liquors", redirectUrls: ["https://acme.example/sos/return"] };

describe("checkMerchant", () => {
  it("accepts a merchant with an https return address, or http on this machine", () => {
    expect(checkMerchant(ok)).toEqual([]);
    expect(
      checkMerchant({ ...ok, redirectUrls: ["http://localhost:4000/cb", "http://127.0.0.1/cb"] }),
    ).toEqual([]);
  });

  it.each([
    [{ id: "Acme" }, "id"],
    [{ id: "-acme" }, "id"],
    [{ id: "a" }, "id"],
    [{ id: "acme_liquors" }, "id"],
    [{ name: " A " }, "name"],
    [{ name: "x".repeat(81) }, "name"],
    [{ redirectUrls: [] }, "redirectUrls"],
    [{ redirectUrls: ["not a url"] }, "redirectUrls"],
    [{ redirectUrls: ["http://acme.example/cb"] }, "redirectUrls"],
    [{ redirectUrls: ["ftp://acme.example/cb"] }, "redirectUrls"],
    [{ redirectUrls: ["https://user:pw@acme.example/cb"] }, "redirectUrls"],
    [{ redirectUrls: ["https://acme.example/cb#x"] }, "redirectUrls"],
    [{ redirectUrls: Array.from({ length: 11 }, (_, i) => `https://acme.example/${i}`) }, "redirectUrls"],
  ])("refuses %j (%s)", (change, field) => {
    const problems = checkMerchant({ ...ok, ...change });
    expect(problems.map((p) => p.field)).toContain(field);
  });
});
