import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { CONTENT_PAGES } from "../../app/features/content/pages.server.ts";
import {
  ADMIN_EMAIL,
  consoleSignIn,
  shopperPlacesOrder,
  signUp,
  unique,
  WICKER_PARK,
} from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * WCAG 2.2 AA across the storefront and the console (issue 17): axe finds nothing serious or critical on every page
 * a visitor, a shopper with an order, the store's staff and an administrator can open, each as it first renders.
 * And a shopper can find a bottle, add it and reach checkout with the keyboard alone.
 */

async function audit(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
}

async function signInToConsole(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await consoleSignIn(page, email);
  return { context, page };
}

test("every page a visitor can open", async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.goto("/");
  const { store_id } = await vendorOf(request, page);
  const product = await productAt(request, store_id, "whiskey");
  await audit(page, [
    "/",
    "/brands",
    "/search",
    "/search/whiskey",
    "/wine",
    "/wine/red-wine",
    new URL(product.url, "http://x").pathname,
    "/login",
    "/signup",
    "/signup/FIVEOFF",
    "/forgot-password",
    "/sos?merchant_id=demo",
    "/a-page-that-is-not-here",
    ...Object.keys(CONTENT_PAGES),
  ]);
});

test("every page of a shopper with an order, and the console's pages", async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const { orderPath, storeId } = await shopperPlacesOrder(page, request, "a11y");
  const orderId = orderPath.split("/").at(-1)!;
  await expectNoSeriousA11yViolations(page, orderPath);
  await audit(page, [
    "/account",
    "/account/cards",
    "/account/promos",
    "/account/favourites",
    "/loyalty",
    "/contact-preferences",
    "/orders",
    "/tracking",
    `/tracking/${orderId}`,
    "/checkout",
    "/checkout2",
  ]);

  const staff = await signInToConsole(browser, `staff-${storeId.replace(/^st_/, "")}@nightcap.localhost`);
  await expect(staff.page.getByRole("heading", { level: 1 })).toBeVisible();
  await audit(staff.page, [
    "/console",
    `/console/orders/${orderId}`,
    "/console/driver",
    "/console/stock",
    "/console/store",
    "/console/chats",
  ]);
  await staff.context.close();

  const admin = await signInToConsole(browser, ADMIN_EMAIL);
  await expect(admin.page.getByRole("heading", { level: 1 })).toBeVisible();
  await audit(admin.page, ["/console/admin", "/console/loyalty", "/console/enquiries"]);
  await admin.context.close();
});

/** Presses Tab until `target` has the focus (as a keyboard user would reach it), failing after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

test("with the keyboard alone: search, open a bottle, add it, open the cart, check out and pay", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await signUp(page, unique("keyboard"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  const product = await productAt(request, store_id, "whiskey");
  await page.goto("/");

  await tabTo(page, page.getByRole("combobox", { name: /search/i }).first());
  await page.keyboard.type(product.title);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\//);

  await tabTo(page, page.getByRole("link", { name: product.title }).first(), 200);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();

  await tabTo(page, page.getByTestId("add-to-cart"), 120);
  const added = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/menu/cart/v2" && r.request().method() === "POST",
  );
  await page.keyboard.press("Enter");
  await added;

  const drawer = page.getByRole("dialog");
  if (!(await drawer.isVisible())) {
    await tabTo(page, page.getByRole("button", { name: /cart/i }).first(), 120);
    await page.keyboard.press("Enter");
  }
  await expect(drawer).toBeVisible();
  await tabTo(
    page,
    drawer
      .getByRole("link", { name: "Checkout" })
      .or(drawer.getByRole("button", { name: "Checkout" }))
      .first(),
    80,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);

  // Checkout: the delivery time (the first the store offers, when nothing is chosen), the card in the provider's
  // frame, and the order placed, every step from the keyboard.
  const time = page.getByLabel("Delivery time");
  await tabTo(page, time, 80);
  // A slot an hour or more away (a sooner one may close while the card is typed), with the arrow keys.
  const startsSoon = (v: string) => v.includes("|") && Date.parse(v.split("|")[1]) - Date.now() < 60 * 60_000;
  for (let i = 0; i < 6 && ((await time.inputValue()) === "" || startsSoon(await time.inputValue())); i++)
    await page.keyboard.press("ArrowDown");
  expect(await time.inputValue()).not.toBe("");
  const card = page.frameLocator('iframe[title="Card details"]');
  await tabTo(page, card.getByLabel("Card number"), 80);
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1230");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await tabTo(page, page.getByRole("button", { name: /Place order/ }), 80);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
});
