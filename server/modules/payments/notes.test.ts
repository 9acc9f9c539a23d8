import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { paymentNotes, SANDBOX_IN_PRODUCTION } from "./index.ts";

describe("what the start-up log says about payments", () => {
  it("warns a store on a real database in production that the sandbox charges nobody", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/store",
      SESSION_SECRET: "x".repeat(40),
    });
    expect(paymentNotes(config)).toEqual([{ level: "warn", message: SANDBOX_IN_PRODUCTION }]);
  });

  it("says plainly that the embedded default takes test cards", () => {
    expect(paymentNotes(loadConfig({ NODE_ENV: "production" }))[0]).toMatchObject({ level: "info" });
  });
});
