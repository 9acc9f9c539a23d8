import { describe, expect, it } from "vitest";
import { pollGiveawayConfig, readConfig } from "./giveaway-config.ts";

function asks(answers: (unknown | Error)[]) {
  const calls: number[] = [];
  const slept: number[] = [];
  let i = 0;
  const fetchConfig = async () => {
    calls.push(i);
    const a = answers[Math.min(i++, answers.length - 1)];
    if (a instanceof Error) throw a;
    return a;
  };
  const sleep = async (ms: number) => {
    slept.push(ms);
  };
  return { fetchConfig, sleep, calls, slept };
}

describe("polling the giveaway configuration (spec §4, §9)", () => {
  it("takes the first answer", async () => {
    const t = asks([{ isActive: true, entriesMultiplier: 3 }]);
    expect(await pollGiveawayConfig(t.fetchConfig, { sleep: t.sleep })).toEqual({
      isActive: true,
      entriesMultiplier: 3,
    });
    expect(t.calls).toHaveLength(1);
    expect(t.slept).toEqual([]);
  });

  it("asks again a second apart after failures", async () => {
    const down = new Error("down");
    const t = asks([down, down, { isActive: true, entriesMultiplier: 7 }]);
    expect(await pollGiveawayConfig(t.fetchConfig, { sleep: t.sleep })).toEqual({
      isActive: true,
      entriesMultiplier: 7,
    });
    expect(t.calls).toHaveLength(3);
    expect(t.slept).toEqual([1000, 1000]);
  });

  it("after 5 retries keeps the defaults (inactive, 50)", async () => {
    const t = asks([new Error("down")]);
    expect(await pollGiveawayConfig(t.fetchConfig, { sleep: t.sleep })).toEqual({
      isActive: false,
      entriesMultiplier: 50,
    });
    expect(t.calls).toHaveLength(6);
    expect(t.slept).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it("an answer that is not a configuration counts as a failure", async () => {
    const t = asks(["<html>", null, { isActive: true }]);
    expect(await pollGiveawayConfig(t.fetchConfig, { sleep: t.sleep })).toEqual({
      isActive: false,
      entriesMultiplier: 50,
    });
    expect(t.calls).toHaveLength(6);
  });

  it.each([
    [
      { isActive: true, entriesMultiplier: "NaN" },
      { isActive: false, entriesMultiplier: 50 },
    ],
    [
      { isActive: true, entriesMultiplier: 0 },
      { isActive: false, entriesMultiplier: 50 },
    ],
    [
      { isActive: true, entriesMultiplier: -1 },
      { isActive: false, entriesMultiplier: 50 },
    ],
    [
      { isActive: "yes", entriesMultiplier: 2 },
      { isActive: false, entriesMultiplier: 2 },
    ],
    [
      { isActive: true, entriesMultiplier: 2 },
      { isActive: true, entriesMultiplier: 2 },
    ],
  ])("reads %o by the rule of spec §5", (body, expected) => {
    expect(readConfig(body)).toEqual(expected);
  });
});
