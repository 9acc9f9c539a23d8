import { describe, expect, it } from "vitest";
import {
  LEAD_PROMPT_DELAY_MS as DELAY,
  isQuietPath,
  leadPromptTiming,
  type PromptInput,
  LEAD_PROMPT_QUIET_MS as QUIET,
  storedTime,
} from "./prompt.ts";

const now = 1_800_000_000_000;
const base: PromptInput = { now, sessionStart: now, closedAt: null, path: "/", signedIn: false };

describe("leadPromptTiming", () => {
  it.each<[string, Partial<PromptInput>, ReturnType<typeof leadPromptTiming>]>([
    ["a session just started: in 30 s", {}, { show: false, inMs: DELAY }],
    ["no session start stored yet: counts from now", { sessionStart: null }, { show: false, inMs: DELAY }],
    ["10 s in", { sessionStart: now - 10_000 }, { show: false, inMs: DELAY - 10_000 }],
    ["30 s in", { sessionStart: now - DELAY }, { show: true }],
    ["an hour in", { sessionStart: now - 3_600_000 }, { show: true }],
    [
      "closed a day ago",
      { sessionStart: now - DELAY, closedAt: now - 86_400_000 },
      { show: false, inMs: null },
    ],
    [
      "closed just under 7 days ago",
      { sessionStart: now - DELAY, closedAt: now - QUIET + 1 },
      { show: false, inMs: null },
    ],
    ["closed 7 days ago", { sessionStart: now - DELAY, closedAt: now - QUIET }, { show: true }],
    [
      "closed 7 days less 10 s ago, 5 s into the session: the session's delay decides",
      { sessionStart: now - 5_000, closedAt: now - QUIET + 10_000 },
      { show: false, inMs: DELAY - 5_000 },
    ],
    [
      "closed in the future (clock moved back): quiet",
      { sessionStart: now - DELAY, closedAt: now + 86_400_000 },
      { show: false, inMs: null },
    ],
    ["signed in", { sessionStart: now - DELAY, signedIn: true }, { show: false, inMs: null }],
    ["on checkout", { sessionStart: now - DELAY, path: "/checkout" }, { show: false, inMs: null }],
    ["on login", { sessionStart: now - DELAY, path: "/login" }, { show: false, inMs: null }],
    [
      "on a signup offer",
      { sessionStart: now - DELAY, path: "/signup/FIVEOFF" },
      { show: false, inMs: null },
    ],
    ["on a product page", { sessionStart: now - DELAY, path: "/spirits/whiskey/x/IA-1-750" }, { show: true }],
  ])("%s", (_name, over, expected) => {
    expect(leadPromptTiming({ ...base, ...over })).toEqual(expected);
  });
});

describe("isQuietPath", () => {
  it.each([
    ["/checkout", true],
    ["/checkout2", true],
    ["/checkouts", false],
    ["/signup/FIVEOFF", true],
    ["/console/admin", true],
    ["/share", false],
  ])("%s → %s", (path, quiet) => expect(isQuietPath(path)).toBe(quiet));
});

describe("storedTime", () => {
  it.each([
    [null, null],
    ["", null],
    ["abc", null],
    ["-5", null],
    ["1800000000000", 1_800_000_000_000],
  ])("%j → %j", (value, out) => expect(storedTime(value)).toBe(out));
});
