import { describe, expect, it } from "vitest";
import { NO_SCANNER_TOKEN } from "../copy.ts";
import { verificationStatusOf } from "./status.ts";

const expires_at = "2026-11-26T12:15:00.000Z";

describe("verificationStatusOf: spec §4 Age verification", () => {
  const table: [
    string,
    Record<string, unknown> | null | undefined,
    ReturnType<typeof verificationStatusOf>,
  ][] = [
    ["success gives 1", { result: "success", id: "av_1", expires_at }, { status: 1 }],
    [
      "failed gives 2",
      { result: "failed", id: "av_1", reason: "under_age", message: "Under 21." },
      { status: 2 },
    ],
    [
      "unknown with a scanner token gives 0 (the scanner opens)",
      { result: "unknown", id: "av_1", token: "tok_abc", expires_at },
      { status: 0 },
    ],
    [
      "unknown without a token gives 3 and 'No scanner token available'",
      { result: "unknown", message: "No scanner token available" },
      { status: 3, error: NO_SCANNER_TOKEN },
    ],
    [
      "unknown with an empty token is no token: 3",
      { result: "unknown", token: "" },
      { status: 3, error: NO_SCANNER_TOKEN },
    ],
    [
      "unknown with another message still names the spec's error",
      { result: "unknown", message: "Scanner switched off" },
      { status: 3, error: NO_SCANNER_TOKEN },
    ],
    ["not_required: not required", { result: "not_required" }, { status: null }],
    ["pending (a result, not a cart answer): not required", { result: "pending" }, { status: null }],
    ["an unknown result: not required", { result: "SUCCESS" }, { status: null }],
    ["no result: not required", {}, { status: null }],
    ["no answer: not required", null, { status: null }],
    ["undefined: not required", undefined, { status: null }],
  ];
  it.each(table)("%s", (_name, answer, expected) => {
    expect(verificationStatusOf(answer)).toEqual(expected);
  });

  it("'No scanner token available' is the spec's text word for word", () => {
    expect(NO_SCANNER_TOKEN).toBe("No scanner token available");
  });
});
