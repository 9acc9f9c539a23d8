import { describe, expect, it } from "vitest";
import { type ChatMessage, mergeMessages } from "./messages.ts";

const m = (id: number, body = `m${id}`): ChatMessage => ({
  id,
  author: "shopper",
  authorName: "Sam",
  body,
  createdAt: "2026-11-26T12:00:00.000Z",
});

describe("mergeMessages", () => {
  it.each([
    [[], [m(1)], [1]],
    [[m(1), m(2)], [m(2)], [1, 2]],
    [[m(1), m(3)], [m(2)], [1, 2, 3]],
    [[m(2)], [m(1), m(2), m(3)], [1, 2, 3]],
  ])("merges %j and %j by id, in id order", (current, more, ids) => {
    expect(mergeMessages(current, more).map((x) => x.id)).toEqual(ids);
  });

  it("the later copy of a message wins", () => {
    expect(mergeMessages([m(1, "old")], [m(1, "new")])[0].body).toBe("new");
  });
});
