import { describe, expect, it } from "vitest";
import { formatPhone, normalizeUsMobile } from "./phone.ts";

describe("phone formatting 3-3-rest (spec §5)", () => {
  it.each([
    ["5551234567", "555-123-4567"],
    ["(555) 123-4567", "555-123-4567"],
    ["555123456789", "555-123-456789"],
    ["55512", "555-12"],
    ["555", "555"],
    ["", ""],
  ])("%j → %j", (input, output) => expect(formatPhone(input)).toBe(output));
});

describe("US mobile numbers", () => {
  it.each(["(212) 555-0134", "212-555-0134", "+1 212 555 0134", "12125550134"])(
    "keeps %j as ten digits",
    (v) => expect(normalizeUsMobile(v)).toEqual({ mobile: "2125550134", countryCode: "+1" }),
  );
  it.each(["555-0134", "012-555-0134", "212-055-0134", "22125550134", "phone"])("refuses %j", (v) =>
    expect(normalizeUsMobile(v)).toBeNull(),
  );
});
