import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAddress, parseAddress } from "./address.ts";

describe("parseAddress", () => {
  it.each([
    [
      "350 5th Ave, New York, NY 10118",
      {
        street: "350 5th Ave",
        street_number: "350",
        route: "5th Ave",
        unit: null,
        city: "New York",
        state: "NY",
        zip: "10118",
      },
    ],
    [
      "350 5th Ave Apt 4B, New York, NY 10118-0110",
      {
        street: "350 5th Ave Apt 4B",
        street_number: "350",
        route: "5th Ave",
        unit: "4B",
        city: "New York",
        state: "NY",
        zip: "10118",
      },
    ],
    [
      "350 5th Ave, #12, Brooklyn, New York 11201",
      {
        street: "350 5th Ave",
        street_number: "350",
        route: "5th Ave",
        unit: "12",
        city: "Brooklyn",
        state: "NY",
        zip: "11201",
      },
    ],
    [
      "1 Infinite Loop, Cupertino CA",
      {
        street: "1 Infinite Loop",
        street_number: "1",
        route: "Infinite Loop",
        unit: null,
        city: "Cupertino",
        state: "CA",
        zip: null,
      },
    ],
    [
      "233 S Wacker Dr, Chicago, Illinois, USA",
      {
        street: "233 S Wacker Dr",
        street_number: "233",
        route: "S Wacker Dr",
        unit: null,
        city: "Chicago",
        state: "IL",
        zip: null,
      },
    ],
    [
      "  100   Main   St ,  Austin , tx 78701 ",
      {
        street: "100 Main St",
        street_number: "100",
        route: "Main St",
        unit: null,
        city: "Austin",
        state: "TX",
        zip: "78701",
      },
    ],
    [
      "10118",
      { street: "", street_number: null, route: null, unit: null, city: null, state: null, zip: "10118" },
    ],
    [
      "Chicago, IL",
      { street: "", street_number: null, route: null, unit: null, city: "Chicago", state: "IL", zip: null },
    ],
    [
      "Broadway, New York, NY",
      {
        street: "Broadway",
        street_number: null,
        route: "Broadway",
        unit: null,
        city: "New York",
        state: "NY",
        zip: null,
      },
    ],
    [
      "12-34 31st Ave, Queens, NY 11106",
      {
        street: "12-34 31st Ave",
        street_number: "12-34",
        route: "31st Ave",
        unit: null,
        city: "Queens",
        state: "NY",
        zip: "11106",
      },
    ],
    ["", { street: "", street_number: null, route: null, unit: null, city: null, state: null, zip: null }],
  ])("%s", (input, expected) => {
    expect(parseAddress(input)).toEqual(expected);
  });

  it("formats back to the one-line form", () => {
    const parts = parseAddress("350 5th Ave, New York, NY 10118");
    expect(formatAddress(parts)).toBe("350 5th Ave, New York, NY 10118");
  });

  it("never throws and keeps the first comma part as the street line", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const parts = parseAddress(text);
        expect(typeof parts.street).toBe("string");
        if (parts.zip !== null) expect(parts.zip).toMatch(/^\d{5}$/);
      }),
    );
  });
});
