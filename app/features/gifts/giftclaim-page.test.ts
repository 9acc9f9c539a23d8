import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import GiftClaim from "#app/routes/giftclaim.tsx";
import type { Availability } from "#domain/availability/types.ts";
import { AVAILABILITY_FAILED } from "#domain/copy.ts";
import { GIFT_MESSAGES } from "#domain/gifts/claim.ts";
import type { GiftView } from "#domain/gifts/types.ts";

/** The page's states as the server renders them from its loader's data (spec §4 Gift claim, §8). */
const gift: GiftView = {
  order_id: "o1",
  order_number: 100001,
  state: "open",
  from: "Casey",
  recipient: "Dana",
  note: "Happy birthday!",
  occasion: "Birthday",
  recipient_note: null,
  expires: "2026-12-03T10:00:00.000Z",
  claimed_at: null,
  store: { id: "st", name: "Wicker Park Bottle Shop" },
  products: [{ sku_id: "IA-1", title: "Fixture Whiskey", subtitle: null, image: "/i.svg", qty: 1 }],
  delivery_address: {
    address: "1425 N Damen Ave, Chicago, IL 60622",
    city: "Chicago",
    state: "IL",
    zip: "60622",
    unit: null,
    business_name: null,
    type: "Residential",
  },
  scheduled: null,
  eta: null,
};
const options: Availability = {
  store_id: "st",
  shipping: false,
  timezone: "America/Chicago",
  immediate_delivery: true,
  scheduling: true,
  eta: { display: "35–50 min", minutes: 35 },
  selection_text: "Delivery in 35–50 min",
  dates: [
    {
      date: "2026-11-27",
      label: "Tomorrow",
      slots: [
        { start: "2026-11-27T16:00:00.000Z", end: "2026-11-27T17:00:00.000Z", label: "10:00 AM – 11:00 AM" },
      ],
    },
  ],
};

const Stub = createRoutesStub([{ id: "gift", path: "/giftclaim/:orderId/*", Component: GiftClaim as never }]);

function render(loaderData: Record<string, unknown>): string {
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/giftclaim/o1?token=t"],
      hydrationData: { loaderData: { gift: { token: "t", date: null, ...loaderData } } },
    }),
  ).replaceAll("<!-- -->", "");
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("/giftclaim/{orderId} as rendered", () => {
  it("an open gift: the card, the ETA and the slots, the unit and notes, confirm", () => {
    const html = render({ gift, availability: { ok: true, data: options } });
    const t = text(html);
    expect(t).toContain("Dana, you've got a gift!");
    expect(t).toContain("Birthday · A gift from Casey");
    expect(t).toContain("“Happy birthday!”");
    expect(html).toContain('data-state="success"');
    expect(t).toContain("As soon as possible");
    expect(t).toContain("arrives in 35–50 min");
    expect(t).toContain("10:00 AM – 11:00 AM");
    expect(html).toContain('value="2026-11-27|2026-11-27T16:00:00.000Z"');
    expect(t).toContain("Apt, suite or floor");
    expect(t).toContain("Notes for the driver");
    expect(t).toContain("Confirm delivery");
  });

  it("availability that failed: the spec's words, word for word", () => {
    const html = render({ gift, availability: { ok: false, message: AVAILABILITY_FAILED } });
    expect(html).toContain('data-state="error"');
    expect(text(html)).toContain("Something went wrong. Please go back and try again.");
    expect(html).not.toContain('name="when"');
  });

  it("a claimed gift: when it comes, no form", () => {
    const slot = { date: "2026-11-27", start: "x", end: "y", label: "10:00 AM – 11:00 AM" };
    const t = text(
      render({ gift: { ...gift, state: "claimed", scheduled: slot, eta: slot.label }, availability: null }),
    );
    expect(t).toContain("You're all set");
    expect(t).toContain("Your gift arrives Fri, Nov 27, 10:00 AM – 11:00 AM.");
    expect(t).not.toContain("Confirm delivery");
  });

  it.each([
    ["expired", GIFT_MESSAGES.expired],
    ["cancelled", GIFT_MESSAGES.cancelled],
    ["arranged", GIFT_MESSAGES.arranged],
  ] as const)("a gift %s says so", (state, message) => {
    const t = text(render({ gift: { ...gift, state }, availability: null }));
    expect(t).toContain(message.replace(/'/g, "'"));
    expect(t).not.toContain("Confirm delivery");
  });

  it("an unknown link: a clear message", () => {
    const t = text(render({ gift: null, availability: null }));
    expect(t).toContain("That link didn't work");
    expect(t).toContain(GIFT_MESSAGES.notFound.replace(/'/g, "'"));
  });
});
