import { describe, expect, it } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import type { AddressResult, AddressSuggestion, Vendor } from "#domain/geo/api.ts";
import { createDeliveryFixture, ZIP_POINTS } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { forgetShelf } from "../catalogue/index.ts";
import { ADDRESS_COOKIE } from "./address-cookie.ts";
import { ADDRESS_NOT_FOUND } from "./address-service.ts";

/**
 * The clock availability reads in these tests: 3:00 pm in New York, so the always-open fixture stores have slots
 * left today whenever the tests run (at 10:20 pm the first slot would already be tomorrow's).
 */
const NOW = new Date("2026-11-24T20:00:00Z");

describe.each(testDatabases)("address, vendor and availability API on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, now: () => NOW });

  const setAddress = (address: string, cookie?: string) =>
    s.app.inject({
      method: "POST",
      url: "/order/address",
      payload: { address },
      headers: cookie ? { cookie } : {},
    });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === ADDRESS_COOKIE);
    return c ? `${c.name}=${c.value}` : undefined;
  };

  describe("GET /menu/vendor", () => {
    it.each([
      [
        "inside the Chelsea zone",
        ZIP_POINTS.chelsea10001,
        { store_id: "d-manhattan", shipping: false, banner: null },
      ],
      [
        "inside the Brooklyn zone",
        ZIP_POINTS.brooklyn11201,
        { store_id: "d-brooklyn", shipping: false, banner: null },
      ],
      [
        "outside every zone",
        ZIP_POINTS.chicago60601,
        { store_id: "d-shipping", shipping: true, banner: { _id: "out_of_zone" } },
      ],
    ])("%s", async (_name, point, expected) => {
      const res = await s.app.inject({
        method: "GET",
        url: `/menu/vendor?lat=${point.lat}&lng=${point.lng}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Vendor>()).toMatchObject(expected);
    });

    it("reads lat/lng headers and falls back to the default store without a position", async () => {
      const byHeader = await s.app.inject({
        method: "GET",
        url: "/menu/vendor",
        headers: { lat: "40.694", lng: "-73.9903" },
      });
      expect(byHeader.json<Vendor>().store_id).toBe("d-brooklyn");
      const none = await s.app.inject({ method: "GET", url: "/menu/vendor" });
      expect(none.json<Vendor>()).toMatchObject({ store_id: "d-manhattan", banner: null });
      expect(none.json<Vendor>().store).toMatchObject({
        min_order_cents: 2000,
        delivery_fee_cents: 399,
        eta_minutes: 30,
      });
    });

    it("rejects a bad position with 400", async () => {
      const res = await s.app.inject({ method: "GET", url: "/menu/vendor?lat=91&lng=0" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: "bad_request" } });
    });
  });

  describe("POST /order/address", () => {
    it("parses, geocodes from the ZIP, finds the vendor and keeps the address in a cookie for a year", async () => {
      const res = await setAddress("350 5th Ave Apt 4, New York, NY 10001");
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<AddressResult>();
      expect(body).toMatchObject({
        address: "350 5th Ave Apt 4, New York, NY 10001",
        street: "350 5th Ave Apt 4",
        street_number: "350",
        route: "5th Ave",
        unit: "4",
        city: "New York",
        state: "NY",
        zip: "10001",
        lat: ZIP_POINTS.chelsea10001.lat,
        lng: ZIP_POINTS.chelsea10001.lng,
        store_id: "d-manhattan",
        shipping: false,
        hasStoreIdChanged: false,
        store_change: null,
        vendor: { store_id: "d-manhattan", banner: null },
      });
      expect(body.availability).toMatchObject({
        store_id: "d-manhattan",
        immediate_delivery: true,
        scheduling: true,
      });
      const cookie = res.cookies.find((c) => c.name === ADDRESS_COOKIE);
      expect(cookie).toMatchObject({ path: "/", maxAge: 31536000, httpOnly: true, sameSite: "Lax" });
      const saved = await s.app.inject({
        method: "GET",
        url: "/order/address",
        headers: { cookie: cookieOf(res)! },
      });
      expect(saved.json()).toMatchObject({ address: { zip: "10001", store_id: "d-manhattan" } });
    });

    it("says when the store changed and from which to which", async () => {
      const first = await setAddress("350 5th Ave, New York, NY 10001");
      const second = await setAddress("100 Montague St, Brooklyn, NY 11201", cookieOf(first));
      expect(second.json<AddressResult>()).toMatchObject({
        store_id: "d-brooklyn",
        hasStoreIdChanged: true,
        store_change: {
          from: { id: "d-manhattan", name: "Nightcap Chelsea", shipping: false },
          to: { id: "d-brooklyn", name: "Nightcap Brooklyn Heights", shipping: false },
        },
      });
      const same = await setAddress("200 Montague St, Brooklyn, NY 11201", cookieOf(second));
      expect(same.json<AddressResult>().hasStoreIdChanged).toBe(false);
    });

    it("gives an out-of-zone address the shipping store", async () => {
      const res = await setAddress("233 S Wacker Dr, Chicago, IL 60601");
      expect(res.json<AddressResult>()).toMatchObject({
        store_id: "d-shipping",
        shipping: true,
        vendor: { banner: { _id: "out_of_zone" } },
        availability: {
          shipping: true,
          immediate_delivery: false,
          selection_text: "Ships in 2–5 business days",
        },
      });
    });

    it("geocodes a city and state without a ZIP", async () => {
      const res = await setAddress("1 Main St, Chicago, IL");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AddressResult>()).toMatchObject({
        city: "Chicago",
        state: "IL",
        store_id: "d-shipping",
      });
    });

    it.each([
      ["an unknown ZIP", "1 Nowhere Rd, Atlantis, ZZ 00000", 400, ADDRESS_NOT_FOUND],
      ["a street alone", "350 5th Ave", 400, ADDRESS_NOT_FOUND],
      ["too short", "ab", 400, /must be a street address/],
      ["too long", `1 ${"x".repeat(300)}`, 400, /at most 200/],
    ])("rejects %s", async (_name, address, status, message) => {
      const res = await setAddress(address);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
      expect(res.cookies.find((c) => c.name === ADDRESS_COOKIE)).toBeUndefined();
    });

    it("ignores a tampered address cookie", async () => {
      const res = await setAddress("350 5th Ave, New York, NY 10001", `${ADDRESS_COOKIE}=%7Bnot-json`);
      expect(res.statusCode).toBe(200);
      expect(res.json<AddressResult>().hasStoreIdChanged).toBe(false);
    });
  });

  describe("the saved address positions later requests", () => {
    it("a request without lat/lng sees the store of the cookie's address", async () => {
      const set = await setAddress("100 Montague St, Brooklyn, NY 11201");
      const vendor = await s.app.inject({
        method: "GET",
        url: "/menu/vendor",
        headers: { cookie: cookieOf(set)! },
      });
      expect(vendor.json<Vendor>().store_id).toBe("d-brooklyn");
      const product = await s.app.inject({
        method: "GET",
        url: "/menu/product/IA-9001-750",
        headers: { cookie: cookieOf(set)! },
      });
      expect(
        product.json<{ products: { price: number; seller: { store_id: string } }[] }>().products[0],
      ).toMatchObject({
        price: 3199,
        seller: { store_id: "d-brooklyn" },
      });
      // Explicit headers win over the cookie.
      const explicit = await s.app.inject({
        method: "GET",
        url: "/menu/vendor",
        headers: {
          cookie: cookieOf(set)!,
          lat: String(ZIP_POINTS.chelsea10001.lat),
          lng: String(ZIP_POINTS.chelsea10001.lng),
        },
      });
      expect(explicit.json<Vendor>().store_id).toBe("d-manhattan");
    });
  });

  describe("GET /order/address/suggestions", () => {
    const suggest = async (q: string) => {
      const res = await s.app.inject({
        method: "GET",
        url: `/order/address/suggestions?q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ suggestions: AddressSuggestion[] }>().suggestions;
    };

    it("completes a ZIP", async () => {
      expect(await suggest("350 5th Ave, 10001")).toEqual([
        { address: "350 5th Ave, New York, NY 10001", city: "New York", state: "NY", zip: "10001" },
      ]);
      const prefixed = await suggest("350 5th Ave, 1000");
      expect(prefixed.length).toBeGreaterThan(1);
      expect(prefixed.every((s) => s.zip.startsWith("1000") && s.address.startsWith("350 5th Ave, "))).toBe(
        true,
      );
    });

    it("completes a city, narrowed by state", async () => {
      const list = await suggest("100 Montague St, Brookly");
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((s) => s.city === "Brooklyn" && s.state === "NY")).toBe(true);
      const inNy = await suggest("1 Main St, Brooklyn, NY");
      expect(inNy.every((s) => s.state === "NY" && s.city === "Brooklyn")).toBe(true);
      expect(inNy[0].address).toMatch(/^1 Main St, Brooklyn, NY \d{5}$/);
    });

    it("answers nothing for too little text, and 400 for too much", async () => {
      expect(await suggest("3")).toEqual([]);
      const res = await s.app.inject({
        method: "GET",
        url: `/order/address/suggestions?q=${"x".repeat(201)}`,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe("GET /menu/availability", () => {
    it("answers immediate delivery, ETA, selection text and a week of slots for an in-zone position", async () => {
      const res = await s.app.inject({
        method: "GET",
        url: `/menu/availability?lat=${ZIP_POINTS.brooklyn11201.lat}&lng=${ZIP_POINTS.brooklyn11201.lng}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json<Availability>();
      expect(a).toMatchObject({
        store_id: "d-brooklyn",
        shipping: false,
        timezone: "America/New_York",
        immediate_delivery: true,
        scheduling: true,
        eta: { display: "40–55 min", minutes: 40 },
        selection_text: "Delivery in 40–55 min",
      });
      expect(a.dates.length).toBeGreaterThanOrEqual(6);
      expect(a.dates[0].label).toBe("Today");
      for (const slot of a.dates.flatMap((d) => d.slots)) {
        expect(Date.parse(slot.end)).toBeGreaterThan(Date.parse(slot.start));
        expect(Date.parse(slot.start)).toBeGreaterThan(NOW.getTime());
      }
    });

    it("answers shipping for an out-of-zone position", async () => {
      const res = await s.app.inject({
        method: "GET",
        url: "/menu/availability",
        headers: { lat: String(ZIP_POINTS.chicago60601.lat), lng: String(ZIP_POINTS.chicago60601.lng) },
      });
      expect(res.json<Availability>()).toMatchObject({
        shipping: true,
        dates: [],
        eta: { display: "2–5 business days" },
      });
    });

    it.each([["?lat=abc&lng=1"], ["?lat=40.7"], ["?lat=200&lng=0"]])(
      "answers the availability failure text for %s",
      async (query) => {
        const res = await s.app.inject({ method: "GET", url: `/menu/availability${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: "availability_failed",
            message: "Something went wrong. Please go back and try again.",
          },
        });
      },
    );

    it("answers an unknown store in x-store-id with the failure text and a 400, not a 503 (found by fuzzing)", async () => {
      const res = await s.app.inject({
        method: "GET",
        url: "/menu/availability",
        headers: { "x-store-id": "no-such-store" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "availability_failed",
          message: "Something went wrong. Please go back and try again.",
        },
      });
    });

    it("is documented as it answers: each failure's status in the API document names its code and text", async () => {
      const doc = (await s.app.inject({ method: "GET", url: "/openapi.json" })).json();
      const responses: Record<string, { description: string }> =
        doc.paths["/menu/availability"].get.responses;
      for (const request of [
        { url: "/menu/availability?lat=abc&lng=1" },
        { url: "/menu/availability", headers: { lat: "91", lng: "0" } },
        { url: "/menu/availability", headers: { "x-store-id": "no-such-store" } },
      ]) {
        const res = await s.app.inject({ method: "GET", ...request });
        const { code, message } = res.json().error;
        const documented = responses[String(res.statusCode)]?.description ?? "";
        expect(documented, `${res.statusCode} for ${JSON.stringify(request)}`).toContain(`\`${code}\``);
        expect(documented).toContain(message);
      }
    });

    it("answers the failure text when a store's hours do not read", async () => {
      await s.db
        .updateTable("stores")
        .set({ hours: JSON.stringify({ funday: [["1", "2"]] }) })
        .where("id", "=", "d-brooklyn")
        .execute();
      // As the console's edit does (its notice reaches every instance): the kept store list is read again.
      forgetShelf(s.db, "store");
      try {
        const res = await s.app.inject({
          method: "GET",
          url: "/menu/availability",
          headers: { "x-store-id": "d-brooklyn" },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          error: { message: "Something went wrong. Please go back and try again." },
        });
      } finally {
        const always = Object.fromEntries(
          ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["00:00", "24:00"]]]),
        );
        await s.db
          .updateTable("stores")
          .set({ hours: JSON.stringify(always) })
          .where("id", "=", "d-brooklyn")
          .execute();
        forgetShelf(s.db, "store");
      }
    });
  });
});
