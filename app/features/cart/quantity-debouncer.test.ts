import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QUANTITY_DEBOUNCE_MS } from "#domain/cart/constants.ts";
import { createQuantityDebouncer } from "./quantity-debouncer.ts";

describe("quantity debouncer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends once, QUANTITY_DEBOUNCE_MS after the last change, with the last quantity", () => {
    const send = vi.fn();
    const d = createQuantityDebouncer(send);
    d.schedule("line-1", 2);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    d.schedule("line-1", 3);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    d.schedule("line-1", 4);
    expect(d.isPending("line-1")).toBe(true);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("line-1", 4);
    expect(d.isPending("line-1")).toBe(false);
  });

  it("keeps lines apart: a change to one line never cancels another's", () => {
    const send = vi.fn();
    const d = createQuantityDebouncer(send);
    d.schedule("a", 2);
    d.schedule("b", 5);
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS);
    expect(send.mock.calls).toEqual([
      ["a", 2],
      ["b", 5],
    ]);
  });

  it("cancels pending changes", () => {
    const send = vi.fn();
    const d = createQuantityDebouncer(send);
    d.schedule("a", 2);
    d.schedule("b", 3);
    expect(d.pending()).toEqual(
      new Map([
        ["a", 2],
        ["b", 3],
      ]),
    );
    d.cancel("a");
    d.cancelAll();
    vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS * 2);
    expect(send).not.toHaveBeenCalled();
  });
});
