import { describe, expect, it } from "vitest";
import { type Coverage, coverageMessage, notServedMessage } from "./address.ts";

const ADDRESS = "55 Water St, Brooklyn, NY 11201";
const brooklyn = { id: "b", name: "Nightcap Brooklyn Heights" };
const chelsea = { id: "c", name: "Nightcap Chelsea" };
const cellar = { id: "s", name: "Nightcap Cellar" };

describe("coverageMessage: what the sender reads of the recipient's address before paying", () => {
  it.each<[string, Coverage, string]>([
    [
      "one store's zone",
      { kind: "delivered", stores: [brooklyn] },
      `${brooklyn.name} delivers to ${ADDRESS}.`,
    ],
    [
      "two zones: the nearest store is named",
      { kind: "delivered", stores: [brooklyn, chelsea] },
      `${brooklyn.name} delivers to ${ADDRESS}.`,
    ],
    [
      "outside every zone, a store ships",
      { kind: "shipped", store: cellar },
      `${ADDRESS} is outside our delivery zones: ${cellar.name} ships it.`,
    ],
    ["outside every zone, nobody ships", { kind: "none" }, notServedMessage(ADDRESS)],
  ])("%s", (_, coverage, message) => {
    expect(coverageMessage(ADDRESS, coverage)).toBe(message);
  });

  it("refuses an address nobody serves by naming it and saying what to do", () => {
    expect(notServedMessage(ADDRESS)).toBe(
      `We can't deliver or ship to ${ADDRESS}. Choose another address for the gift.`,
    );
  });
});
