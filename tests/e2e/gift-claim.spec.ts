import { expect, test } from "@playwright/test";
import { shot, signUp, typeCard, unique, WICKER_PARK } from "./checkout-helpers.ts";
import {
  addFromProductPage,
  expectNoSeriousA11yViolations,
  productAt,
  productsAcross,
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
  // This gift goes to the sender's own address (the header's); the journey below sends one to the recipient's.
  await page.getByLabel(/^My address/).check();
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

/** In Austin: the South Congress store's zone, far from the sender's (Wicker Park, Chicago). */
const RECIPIENT_ADDRESS = "1100 S Lamar Blvd, Austin, TX 78704";
const RECIPIENT_STORE = "st_atx-south-congress";

/**
 * A gift to the recipient's own address (issue 29, ADR 53): the sender, in Chicago, gives an Austin address; checkout
 * says which store delivers there, prices the bottle at that store and names what it lacks, before paying; the order
 * goes to that store and address while the sender's own address and what the gift left out stay theirs. The
 * recipient claims it on their phone, correcting the unit and adding a note.
 */
test("a gift to the recipient's address: priced at the store there before paying, claimed by the recipient with their unit", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto("/");
  const sender = unique("sender");
  await signUp(page, sender);
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  // A bottle both stores sell (at their own prices), and, when the seed has one, one the Austin store does not.
  const { both } = await productsAcross(request, store_id, RECIPIENT_STORE, "whiskey");
  const [{ here: bottle, there: bottleThere }] = both;
  let leftOut: Awaited<ReturnType<typeof productsAcross>>["onlyHere"][number] | undefined;
  for (const query of ["beer", "wine", "vodka", "tequila"]) {
    leftOut = (await productsAcross(request, store_id, RECIPIENT_STORE, query)).onlyHere[0];
    if (leftOut) break;
  }
  await addFromProductPage(page, bottle);
  if (leftOut) await addFromProductPage(page, leftOut);

  await page.goto("/checkout");
  await page.getByLabel("This is a gift").check();
  await expect(page.getByRole("radio", { name: "The recipient's address" })).toBeChecked();
  // Nothing to pay for until the server has priced it there.
  await expect(page.getByRole("button", { name: /Place order/ })).toBeDisabled();
  await expect(page.getByText("Check the recipient's address to see the total there.")).toBeVisible();
  const dana = unique("dana");
  await page.getByLabel("Recipient's name").fill("Dana");
  await page.getByLabel("Recipient's email").fill(dana);
  await page.getByLabel("Recipient's address", { exact: true }).fill(RECIPIENT_ADDRESS);
  await page.getByLabel("Recipient's apt, suite or floor").fill("Apt 5");
  await page.getByLabel("Occasion").selectOption("Anniversary");
  await page.getByLabel("Gift note").fill("Happy anniversary, you two!");
  await page.getByRole("button", { name: "Check address" }).click();
  const status = page.locator("#giftAddressStatus");
  await expect(status).toContainText(/delivers to 1100 S Lamar Blvd, Austin, TX 78704\./);
  if (leftOut) await expect(status).toContainText(`Not available from`);
  if (leftOut) await expect(status).toContainText(leftOut.title);
  // The summary is the Austin store's: its price for the bottle, without what it lacks.
  const items = page.locator(".checkout__items");
  await expect(items).toContainText(bottle.title);
  await expect(items).toContainText(`$${((bottleThere.price ?? 0) / 100).toFixed(2)}`);
  if (leftOut) await expect(items).not.toContainText(leftOut.title);
  await expect(page.getByLabel("Delivery time")).toHaveValue("recipient");
  await expect(page.getByRole("button", { name: /Place order/ })).toBeEnabled();
  await typeCard(page, "4242 4242 4242 4242");
  await page.screenshot({ path: "docs/screenshots/gift-checkout.png", fullPage: true });
  await shot(page, "gift-checkout-recipient-address");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Gift: waiting for the recipient")).toBeVisible();
  await expect(page.getByRole("heading", { name: "A gift for Dana" })).toBeVisible();
  await expect(page.getByText("1100 S Lamar Blvd, Austin, TX 78704, Apt 5")).toBeVisible();
  const orderPath = new URL(page.url()).pathname;

  // The sender's own address is as it was, and what the gift left out is still in their cart.
  expect((await vendorOf(request, page)).store_id).toBe(store_id);
  await expect(page.getByTestId("address-chip")).toContainText("1425 N Damen Ave");
  if (leftOut) {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const cart = await (await request.get("/menu/cart/v2", { headers: { cookie } })).json();
    expect(cart.products.map((p: { sku_id: string; store_id: string }) => [p.sku_id, p.store_id])).toEqual([
      [leftOut.sku_id, store_id],
    ]);
  }

  // The recipient, on a phone: the email reads well and its link opens the gift, delivering to their address.
  const recipientContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await recipientContext.newPage();
  await phone.goto(`/mailbox?recipient=${encodeURIComponent(dana)}`);
  await expect(phone.locator(".outbox__message").first()).toContainText("Casey sent you an anniversary gift");
  const email = (await phone.locator(".outbox__message .outbox__body").first().textContent()) ?? "";
  const link = /https?:\/\/\S+\/giftclaim\/[\w-]+\?token=[\w-]+/.exec(email)?.[0];
  expect(link, email).toBeTruthy();
  const url = new URL(link ?? "");
  await phone.goto(url.pathname + url.search);
  await expect(phone.getByRole("heading", { name: "Dana, you've got a gift!" })).toBeVisible();
  await expect(phone.getByText("Delivering to 1100 S Lamar Blvd, Austin, TX 78704 (Apt 5)")).toBeVisible();
  await expect(phone.locator(".gift-claim__availability")).toHaveAttribute("data-state", "success");
  const asap = phone.getByRole("radio", { name: /As soon as possible/ });
  if (await asap.isVisible()) await asap.check();
  else await phone.locator(".gift-claim__slot-list").getByRole("radio").first().check();
  await phone.getByLabel("Apt, suite or floor").fill("Apt 7");
  await phone.getByLabel("Notes for the driver").fill("Blue door at the back");
  await phone.getByRole("button", { name: "Confirm delivery" }).click();
  await expect(phone.getByRole("heading", { name: "You're all set" })).toBeVisible();
  await expect(phone.getByText("Delivering to 1100 S Lamar Blvd, Austin, TX 78704 (Apt 7)")).toBeVisible();
  await recipientContext.close();

  // The sender's order: the recipient's unit and note, no longer waiting for them.
  await page.goto(orderPath);
  await expect(page.getByText("Gift: waiting for the recipient")).toHaveCount(0);
  await expect(page.getByText("1100 S Lamar Blvd, Austin, TX 78704, Apt 7")).toBeVisible();
  await expect(page.getByText(/From the recipient: Blue door at the back/)).toBeVisible();
});
