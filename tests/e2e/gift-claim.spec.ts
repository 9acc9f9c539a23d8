import { expect, test } from "@playwright/test";
import { shot, signUp, typeCard, unique, WICKER_PARK } from "./checkout-helpers.ts";
import {
  addFromProductPage,
  expectNoSeriousA11yViolations,
  productAt,
  setAddress,
  vendorOf,
} from "./storefront.ts";

const PHONE = { width: 390, height: 844 };

/**
 * The gift claim in Chromium (issue 15): a shopper sends a gift and lets the recipient schedule it; the recipient,
 * in a browser of their own on a phone, opens the link from their email (the local mailbox), reads the card, tries
 * "as soon as possible" then picks a slot instead (the ETA clears), adds a unit and a note, confirms, and is offered
 * the app; the sender's order then shows it scheduled for that slot. A used link shows it claimed; a wrong token is
 * a clear not-found message.
 */
test("a gift's recipient opens the emailed link on a phone, picks a slot and confirms; the sender sees it scheduled", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The sender: a gift, the recipient to choose the time.
  await page.goto("/");
  const sender = unique("sender");
  await signUp(page, sender);
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  await addFromProductPage(page, await productAt(request, store_id, "whiskey"));
  await page.goto("/checkout");
  await page.getByLabel("This is a gift").check();
  await expect(page.getByLabel("Delivery time")).toHaveValue("recipient");
  const dana = unique("dana");
  await page.getByLabel("Recipient's name").fill("Dana");
  await page.getByLabel("Recipient's email").fill(dana);
  await page.getByLabel("Occasion").selectOption("Birthday");
  await page.getByLabel("Gift note").fill("Happy birthday, Dana!");
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Gift: waiting for the recipient")).toBeVisible();
  const orderPath = new URL(page.url()).pathname;

  // The recipient, elsewhere, on a phone: the link from their email.
  const recipientContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await recipientContext.newPage();
  await phone.goto(`/mailbox?recipient=${encodeURIComponent(dana)}`);
  const email = (await phone.locator(".outbox__message .outbox__body").first().textContent()) ?? "";
  const link = /https?:\/\/\S+\/giftclaim\/[\w-]+\?token=[\w-]+/.exec(email)?.[0];
  expect(link, email).toBeTruthy();
  const url = new URL(link ?? "");

  // Server-rendered: the card and the times are in the HTML before any script runs.
  const html = await (await request.get(url.pathname + url.search)).text();
  expect(html).toMatch(/Dana(<!-- -->)?, you(&#x27;|')ve got a gift!/);
  expect(html).toContain("When should it arrive?");

  await phone.goto(url.pathname + url.search);
  await expect(phone.getByRole("heading", { name: "Dana, you've got a gift!" })).toBeVisible();
  await expect(phone.getByText("A gift from Casey")).toBeVisible();
  await expect(phone.getByText("“Happy birthday, Dana!”")).toBeVisible();
  await expectNoSeriousA11yViolations(phone, "the gift claim page");
  await expect(phone.locator(".gift-claim__availability")).toHaveAttribute("data-state", "success");
  await shot(phone, "gift-claim-open");

  const asap = phone.getByRole("radio", { name: /As soon as possible/ });
  const dates = phone.getByRole("navigation", { name: "Delivery date" }).getByRole("link");
  if ((await dates.count()) > 1) await dates.nth(1).click();
  const chosenDate = (await phone.locator('.gift-claim__dates [aria-current="page"]').textContent()) ?? "";
  if (await asap.isVisible()) {
    await asap.check();
    await expect(asap).toBeChecked();
  }
  const slot = phone.locator(".gift-claim__slot-list").getByRole("radio").first();
  const slotLabel = (await phone.locator(".gift-claim__slot-list .gift-option").first().textContent()) ?? "";
  await slot.check();
  await expect(slot).toBeChecked();
  // Spec §4: choosing a slot clears the ETA.
  if (await asap.isVisible()) await expect(asap).not.toBeChecked();
  await phone.getByLabel("Apt, suite or floor").fill("3R");
  await phone.getByLabel("Notes for the driver").fill("Buzzer is broken, please call");
  await shot(phone, "gift-claim-chosen");
  await phone.getByRole("button", { name: "Confirm delivery" }).click();

  await expect(phone.getByRole("heading", { name: "You're all set" })).toBeVisible();
  await expect(phone.getByRole("status")).toContainText(`Your gift arrives`);
  await expect(phone.getByRole("status")).toContainText(slotLabel.trim());
  const modal = phone.getByRole("dialog", { name: "Get the Nightcap app" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
    "href",
    /^https:\/\/apps\.apple\.com\//,
  );
  await shot(phone, "gift-claim-app-modal", false);
  await modal.getByRole("button", { name: "Not now" }).click();
  await expect(modal).toBeHidden();
  await shot(phone, "gift-claim-done");

  // The link again: claimed, nothing more to choose. A wrong token: a clear message.
  await phone.reload();
  await expect(phone.getByRole("heading", { name: "You're all set" })).toBeVisible();
  await expect(phone.getByRole("button", { name: "Confirm delivery" })).toHaveCount(0);
  await phone.goto(`${url.pathname}?token=${"x".repeat(32)}`);
  await expect(phone.getByRole("heading", { name: "That link didn't work" })).toBeVisible();
  await expect(phone.getByText("Check that you opened the whole link from your message.")).toBeVisible();
  await shot(phone, "gift-claim-unknown");
  await recipientContext.close();

  // The sender: their order is scheduled for the recipient's slot, no longer waiting for them.
  await page.goto(orderPath);
  await expect(page.getByText("Gift: waiting for the recipient")).toHaveCount(0);
  await expect(page.getByText(`Scheduled · ${slotLabel.trim()}`)).toBeVisible();
  await expect(page.getByText(/^Arriving /)).toContainText(slotLabel.trim());
  await expect(page.getByText(/can claim it until/)).toHaveCount(0);
  await shot(page, "gift-claim-sender-order");
  const mailbox = await page.context().newPage();
  await mailbox.goto(`/mailbox?recipient=${encodeURIComponent(sender)}`);
  await expect(mailbox.getByText("Dana claimed your gift").first()).toBeVisible();
  await mailbox.close();
  expect(chosenDate).not.toBe("");
});
