import { describe, expect, it } from "vitest";
import { landingAfterSignIn } from "./landing.ts";

describe("where a sign-in lands", () => {
  it.each([
    ["a shopper, from nowhere in particular", "customer", null, "/account"],
    ["store staff, from nowhere in particular", "store_staff", null, "/console"],
    ["an administrator, from nowhere in particular", "admin", null, "/console"],
    ["a shopper sent from checkout", "customer", "/checkout", "/checkout"],
    [
      "store staff sent from an order's console page",
      "store_staff",
      "/console/orders/o1",
      "/console/orders/o1",
    ],
    ["store staff sent from their account", "store_staff", "/account", "/account"],
  ] as const)("%s → %s", (_name, role, returnTo, landing) => {
    expect(landingAfterSignIn(role, returnTo)).toBe(landing);
  });
});
