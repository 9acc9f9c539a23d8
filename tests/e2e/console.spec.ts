import { expect, test } from "@playwright/test";
import {
  shopperWithOrder,
  shot,
  signUp,
  staffSignIn,
  typeCard,
  unique,
  WICKER_PARK,
} from "./checkout-helpers.ts";
import { addFromProductPage, hydrated, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * The store console (issue 15, first increment): a shopper places an order; the store's staff, in another browser
 * on a phone-sized screen, sign in with the demo staff account, find it in the queue and accept it; a second
 * staff page still showing "Accept" is told the order moved; the shopper's order page shows it being prepared.
 */
test("staff accept a shopper's order from the console; a stale second accept is told; the shopper sees it in progress", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { orderPath, heading, storeId } = await shopperWithOrder(page, request, "casey");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  // ASAP while the store is open, else its first slot: either way the store accepts it from the console.
  await expect(page.getByText(/^(Placed: waiting for the store|Scheduled)/)).toBeVisible();

  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const staffContext = await browser.newContext(phone);
  const staff = await staffContext.newPage();
  await staffSignIn(staff, storeId);
  await expect(staff.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  // The list reloads its data every 5 s. An order page slower than that to load (CI's busiest minutes) is not
  // started over by the list's reload: here its data takes 6 s, and the one request for it is answered.
  await hydrated(staff);
  const orderData: { url: string; failed: boolean }[] = [];
  let answerOrder = () => {};
  const orderHeld = new Promise<void>((resolve) => {
    answerOrder = resolve;
  });
  await staff.route(/\/console\/orders\/[^/]+\.data/, async (route) => {
    const asked = { url: route.request().url(), failed: false };
    orderData.push(asked);
    await orderHeld;
    await route.continue().catch(() => {
      asked.failed = true;
    });
  });
  staff.on("requestfailed", (request) => {
    for (const asked of orderData) if (asked.url === request.url()) asked.failed = true;
  });
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await staff.waitForTimeout(6_000);
  answerOrder();
  await expect(staff.getByRole("heading", { name: `Order #${number}` })).toBeVisible();
  expect(orderData.filter((asked) => asked.failed)).toEqual([]);
  await staff.unrouteAll();
  await shot(staff, "console-order-phone");

  // A second staff page on the same order, opened before the first accepts.
  const stale = await staffContext.newPage();
  await stale.goto(new URL(staff.url()).pathname);
  await expect(stale.getByRole("button", { name: "Accept" })).toBeVisible();

  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await expect(staff.getByText("Being prepared", { exact: true })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Send out" })).toBeVisible();
  await expect(staff.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await shot(staff, "console-accepted-phone");

  await stale.getByRole("button", { name: "Accept" }).click();
  await expect(stale.getByRole("alert")).toHaveText("An order that is in progress cannot be accepted.");
  // …and then sees where the order is now.
  await expect(stale.getByText("Being prepared", { exact: true })).toBeVisible();
  await expect(stale.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await shot(stale, "console-stale-accept");

  await page.goto(orderPath);
  await expect(page.getByText("Being prepared")).toBeVisible();
  await staffContext.close();
});

/** Issue 29: a staff account signing in at /login with nowhere in particular to go lands on the console. */
test("staff signing in at /login land on the console", async ({ page }) => {
  await page.goto("/login");
  const login = page.getByRole("form", { name: "Log in with your password" });
  await login.getByLabel("Email").fill("staff-chi-wicker-park@nightcap.localhost");
  await login.getByLabel("Password").fill("nightcap-staff");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  // Signed in already, /login sends them on the same way.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

/**
 * Issue 29: a slot order may be accepted early (the store picks ahead), but sending it out more than an hour before
 * its slot takes staff's word: the console says when it goes out and offers "Send out anyway".
 */
test("sending a slot order out hours early asks staff to confirm, saying when it goes out", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await signUp(page, unique("early"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  await addFromProductPage(page, await productAt(request, store_id, "whiskey"));
  await page.goto("/checkout");
  await hydrated(page);
  // A slot starting three hours from now or later: sending it out now would bring it hours early.
  const select = page.getByLabel("Delivery time");
  const values = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const later = values.find(
    (v) => v.includes("|") && Date.parse(v.split("|")[1]) - Date.now() > 3 * 60 * 60_000,
  );
  expect(later, "a slot three hours ahead").toBeTruthy();
  await select.selectOption(later ?? "");
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";

  const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, store_id);
  // The queue says it is a slot order, by its slot; never ASAP.
  const row = staff.locator(".console-queue__item").filter({ hasText: `#${number}` });
  await expect(row).toContainText(/Slot \w{3}, \w{3} \d+, \d+:\d\d [AP]M – \d+:\d\d [AP]M/);
  await expect(row).not.toContainText("ASAP");
  await row.getByRole("link").click();
  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await staff.getByRole("button", { name: "Send out", exact: true }).click();
  await expect(staff.getByRole("alert")).toContainText("This order's slot is");
  await expect(staff.getByRole("alert")).toContainText("it goes out from");
  await expect(staff.getByText("Being prepared", { exact: true })).toBeVisible();
  await shot(staff, "console-send-out-early");
  // The page reloads its data every 5 s (a request begun now is that poll); the question outlives the reload, which
  // React Router's own action answer does not.
  const poll = await staff.waitForRequest((r) => r.url().includes(".data") && r.method() === "GET");
  await poll.response();
  await staff.waitForTimeout(1_000); // the reloaded data rendered
  await expect(staff.getByRole("alert")).toContainText("This order's slot is");
  await staff.getByRole("button", { name: "Send out anyway" }).click();
  await expect(staff.getByText("Send out: done.")).toBeVisible();
  await expect(staff.getByText("On its way", { exact: true })).toBeVisible();
  await staffContext.close();
});
