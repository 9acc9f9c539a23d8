import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("LAW_CLOCK, the journeys' clock for the law's hours", () => {
  it("is unset unless asked, and read as a zone and a time of day in tests", () => {
    expect(loadConfig({ NODE_ENV: "test" }).lawClock).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", LAW_CLOCK: "America/Chicago 15:00" }).lawClock).toEqual({
      timeZone: "America/Chicago",
      minute: 900,
    });
  });

  it.each([
    [{ NODE_ENV: "production", LAW_CLOCK: "America/Chicago 15:00" }, "LAW_CLOCK is for tests only"],
    [{ NODE_ENV: "development", LAW_CLOCK: "America/Chicago 15:00" }, "LAW_CLOCK is for tests only"],
    [{ NODE_ENV: "test", LAW_CLOCK: "America/Chicago 3pm" }, "LAW_CLOCK must be a time zone and a time"],
    [{ NODE_ENV: "test", LAW_CLOCK: "America/Chicago 24:00" }, "LAW_CLOCK must be a time zone and a time"],
    [{ NODE_ENV: "test", LAW_CLOCK: "Mars/Olympus 15:00" }, "Mars/Olympus is not a time zone"],
  ])("refuses %j at start", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
