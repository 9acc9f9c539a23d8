import { describe, expect, it } from "vitest";
import { StreamHub } from "./stream-hub.ts";

function recorder() {
  const seen: string[] = [];
  return {
    seen,
    subscriber: (name: string) => ({
      notice: (n: { id: number }) => seen.push(`${name}:${n.id}`),
      resync: () => seen.push(`${name}:resync`),
    }),
  };
}

describe("StreamHub", () => {
  it("hands a notice only to the streams of its topic, and resyncs every stream", () => {
    const hub = new StreamHub("order_id");
    const { seen, subscriber } = recorder();
    hub.subscribe("a", subscriber("a1"));
    hub.subscribe("a", subscriber("a2"));
    hub.subscribe("b", subscriber("b1"));
    hub.publish({ order_id: "a", id: 7 });
    hub.publish({ order_id: "c", id: 8 });
    hub.resync();
    expect(seen).toEqual(["a1:7", "a2:7", "a1:resync", "a2:resync", "b1:resync"]);
    expect(hub.size).toBe(3);
  });

  it("forgets a stream once it unsubscribes, and its topic once the last one has", () => {
    const hub = new StreamHub("thread_id");
    const { seen, subscriber } = recorder();
    const leave = hub.subscribe("t", subscriber("s"));
    leave();
    leave();
    hub.publish({ thread_id: "t", id: 1 });
    expect(seen).toEqual([]);
    expect(hub.size).toBe(0);
  });

  it.each([
    ['{"order_id":"o1","id":3}', { order_id: "o1", id: 3 }],
    ['{"order_id":"o1","id":3,"extra":true}', { order_id: "o1", id: 3 }],
    ['{"thread_id":"o1","id":3}', null],
    ['{"order_id":1,"id":3}', null],
    ['{"order_id":"o1","id":"3"}', null],
    ["not json", null],
  ])("reads the payload %s as %j", (payload, notice) => {
    expect(new StreamHub("order_id").parse(payload)).toEqual(notice);
  });
});
