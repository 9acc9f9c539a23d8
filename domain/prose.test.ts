import { describe, expect, it } from "vitest";
import { prose } from "./prose.ts";

describe("prose: one full stop after a name that ends in its own", () => {
  it.each([
    ["Williamsburg Bottle Co.", "Not sold by Williamsburg Bottle Co."],
    ["River North Liquors", "Not sold by River North Liquors."],
    ["Nightcap Cellar (ships nationwide)", "Not sold by Nightcap Cellar (ships nationwide)."],
    ["Nightcap Delivery, Inc.", "Not sold by Nightcap Delivery, Inc."],
    ["Wait...", "Not sold by Wait..."],
  ])("at the end: %s", (name, text) => {
    expect(prose`Not sold by ${name}.`).toBe(text);
  });

  it.each([
    ["Williamsburg Bottle Co.", "Only 2 left at Williamsburg Bottle Co. Please review your order."],
    ["River North Liquors", "Only 2 left at River North Liquors. Please review your order."],
  ])("before the next sentence: %s", (name, text) => {
    expect(prose`Only ${2} left at ${name}. Please review your order.`).toBe(text);
  });

  it.each([
    [
      prose`from ${"Williamsburg Bottle Co."}: ${"Maker's Mark"}.`,
      "from Williamsburg Bottle Co.: Maker's Mark.",
    ],
    [prose`(${"Williamsburg Bottle Co."})`, "(Williamsburg Bottle Co.)"],
    [prose`${"12."}5%`, "12.5%"],
    [prose`${"Co."}`, "Co."],
    [prose`Nothing to see here.`, "Nothing to see here."],
  ])("anything else stays as written: %s", (built, text) => {
    expect(built).toBe(text);
  });
});
