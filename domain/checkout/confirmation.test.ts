import { describe, expect, it } from "vitest";
import {
  confirmationGreeting,
  confirmationHeading,
  confirmationSignOff,
  confirmationSubject,
  deliveryTimeText,
  orderNumbersText,
  placedNotice,
} from "./confirmation.ts";

describe("a placed checkout's wording, for one order and for several", () => {
  it.each([
    [[], ""],
    [[100001], "#100001"],
    [[100001, 100002], "#100001 and #100002"],
    [[100001, 100002, 100003], "#100001, #100002 and #100003"],
    [[7, 8, 9, 10], "#7, #8, #9 and #10"],
  ])("orderNumbersText(%j) is %j", (numbers, text) => {
    expect(orderNumbersText(numbers)).toBe(text);
  });

  it.each([
    [[100001], "Your Nightcap order #100001 is placed"],
    [[100001, 100002], "Your Nightcap orders #100001 and #100002 are placed"],
    [[1, 2, 3], "Your Nightcap orders #1, #2 and #3 are placed"],
  ])("the email's subject for %j", (numbers, subject) => {
    expect(confirmationSubject(numbers)).toBe(subject);
  });

  it.each([
    [1, "Thanks, Ana! We've sent your order to the store."],
    [2, "Thanks, Ana! We've sent your 2 orders to their stores."],
    [3, "Thanks, Ana! We've sent your 3 orders to their stores."],
  ])("the email's greeting for %i order(s)", (orders, text) => {
    expect(confirmationGreeting("Ana", orders)).toBe(text);
  });

  it.each([
    [1, "You'll hear from us when it's on its way."],
    [2, "You'll hear from us as each one is on its way."],
  ])("the email's sign-off for %i order(s)", (orders, text) => {
    expect(confirmationSignOff(orders)).toBe(text);
  });

  it.each([
    [1, "Thank you! Your order is placed. We've emailed you a confirmation."],
    [2, "Thank you! Your 2 orders are placed. We've emailed you a confirmation."],
  ])("the page's notice for %i order(s)", (orders, text) => {
    expect(placedNotice(orders)).toBe(text);
  });

  it.each([
    [[100001], "Order #100001"],
    [[100001, 100002], "Orders #100001 and #100002"],
  ])("the page's heading for %j", (numbers, text) => {
    expect(confirmationHeading(numbers)).toBe(text);
  });
});

describe("deliveryTimeText", () => {
  const slot = {
    date: "2026-11-21",
    start: "2026-11-22T02:00:00Z",
    end: "2026-11-22T03:00:00Z",
    label: "8:00 PM – 9:00 PM",
  };
  it.each([
    [{ shipping: false, scheduled: null, eta: "35 min" }, "Arriving in about 35 min"],
    [{ shipping: false, scheduled: null, eta: null }, "As soon as possible"],
    [{ shipping: false, scheduled: slot, eta: slot.label }, "Scheduled for Sat, Nov 21, 8:00 PM – 9:00 PM"],
    [{ shipping: false, scheduled: { byRecipient: true as const }, eta: null }, "When the recipient chooses"],
    [{ shipping: true, scheduled: null, eta: null }, "Ships to you"],
  ])("%j reads %j", (order, text) => {
    expect(deliveryTimeText(order)).toBe(text);
  });
});
