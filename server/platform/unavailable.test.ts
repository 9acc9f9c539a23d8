import { describe, expect, it } from "vitest";
import { isDependencyDown } from "./unavailable.ts";

describe("a dependency that cannot be reached", () => {
  it.each([
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" }, true],
    [{ code: "57P01", message: "terminating connection due to administrator command" }, true],
    [{ code: "57P03", message: "the database system is starting up" }, true],
    [{ code: "08006", message: "connection failure" }, true],
    [new Error("Connection terminated unexpectedly"), true],
    [new Error("timeout exceeded when trying to connect"), true],
    [new Error("Connection is closed."), true],
    [{ message: "wrapped", cause: { code: "ECONNRESET" } }, true],
    [{ code: "23505", message: "duplicate key value violates unique constraint" }, false],
    [{ code: "40P01", message: "deadlock detected" }, false],
    [new Error("Something else"), false],
    [null, false],
  ])("%o → %s", (err, expected) => {
    expect(isDependencyDown(err)).toBe(expected);
  });
});
