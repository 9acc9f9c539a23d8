import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN_EMAIL,
  chooseDeliveryTime,
  consoleSignIn,
  deliverOrder,
  shot,
  signUp,
  typeCard,
  unique,
  WICKER_PARK,
} from "./checkout-helpers.ts";
import {
  addFromProductPage,
  expectNoSeriousA11yViolations,
  hydrated,
  productAt,
  setAddress,
  vendorOf,
} from "./storefront.ts";

/** Signs in at /console as the demo administrator (README, "Trying it"). */
async function adminSignIn(admin: Page) {
  await consoleSignIn(admin, ADMIN_EMAIL);
  await expect(admin.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
}

/**
 * Recommendations that learn (issue 17): a new shopper orders a whiskey and a wine together; the store delivers
 * it; the co-purchase table is rebuilt (the hourly job's work, asked for now by an administrator). Back on home,
 * the returning shopper sees 'Buy it again' with both; the whiskey's page shows the wine under 'Frequently
 * bought together'; the shopper hearts the whiskey and finds it in /account/favourites, and un-hearts it there. A
 * visitor's heart asks them to log in.
 */
test("a returning shopper buys again, sees what goes together, and keeps favourites", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await signUp(page, unique("regular"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  const whiskey = await productAt(request, store_id, "whiskey");
  const wine = await productAt(request, store_id, "wine", [whiskey.sku_id]);

  // A new shopper: no 'Buy it again' yet.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop by category" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Buy it again" })).toHaveCount(0);
  // Nothing to buy again yet: the general call's row (spec §6), asked for when scrolled near (the page's scripts
  // watch for that once they run: under CI's load the scroll came first once, and the row never showed).
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(
    page.getByRole("region", { name: "Popular near you" }).getByRole("link").first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Buy it again" })).toHaveCount(0);

  await addFromProductPage(page, whiskey);
  await addFromProductPage(page, wine);
  await page.goto("/checkout");
  await chooseDeliveryTime(page);
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await deliverOrder(staff, store_id, number);
  await staffContext.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminSignIn(admin);
  const refreshed = await admin.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
    const res = await fetch("/api/console/recommendations/refresh", {
      method: "POST",
      headers: { "x-csrf-token": token },
      credentials: "same-origin",
    });
    return { status: res.status, body: await res.json() };
  });
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  expect(refreshed.body.pairs).toBeGreaterThanOrEqual(2);
  await adminContext.close();

  // Home: the returning shopper's 'Buy it again', loaded after the page shows.
  await page.goto("/");
  const again = page.getByRole("region", { name: "Buy it again" });
  await expect(again).toBeVisible();
  await expect(again.getByRole("link", { name: new RegExp(literally(whiskey.title)) })).toBeVisible();
  await expect(again.getByRole("link", { name: new RegExp(literally(wine.title)) })).toBeVisible();
  await again.scrollIntoViewIfNeeded();
  await shot(page, "home-buy-it-again", false);

  // The whiskey's page: the wine under 'Frequently bought together', server-rendered with the page.
  await page.goto(whiskey.url);
  const together = page.getByRole("region", { name: "Frequently bought together" });
  await expect(together.getByRole("link", { name: new RegExp(literally(wine.title)) })).toBeVisible();
  await together.scrollIntoViewIfNeeded();
  await shot(page, "product-frequently-bought-together", false);

  // Heart the whiskey on its page; it is in the favourites list, linked from the account page.
  const heart = page.getByRole("button", { name: `Favourite: ${whiskey.title}` }).first();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "product-hearted", false);
  await page.goto("/account");
  await page.getByRole("link", { name: "Favourites" }).click();
  await expect(page).toHaveURL(/\/account\/favourites$/);
  await expect(page.getByRole("heading", { name: "Favourites", level: 1 })).toBeVisible();
  const list = page.getByRole("region", { name: "Your favourites" });
  await expect(list.getByRole("link", { name: new RegExp(literally(whiskey.title)) })).toBeVisible();
  await expect(list.getByRole("button", { name: `Favourite: ${whiskey.title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shot(page, "account-favourites");
  await expectNoSeriousA11yViolations(page, "the favourites page");
  // Un-hearted from the list, it leaves it (and stays gone after a reload).
  await list.getByRole("button", { name: `Favourite: ${whiskey.title}` }).click();
  await expect(page.getByText("No favourites yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No favourites yet.")).toBeVisible();

  // A visitor gets the general row on home, and a heart that asks them to log in.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const asked: string[] = [];
  visitor.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/menu/recommendation/")) asked.push(new URL(r.url()).pathname);
  });
  await visitor.goto("/");
  await hydrated(visitor);
  await visitor.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const popular = visitor.getByRole("region", { name: "Popular near you" });
  await expect(popular.getByRole("link").first()).toBeVisible();
  await popular.scrollIntoViewIfNeeded();
  await shot(visitor, "home-popular-visitor", false);
  expect(asked).toEqual(["/menu/recommendation/generic"]);
  await expect(visitor.getByRole("heading", { name: "Buy it again" })).toHaveCount(0);
  await visitor.goto(whiskey.url);
  await visitor
    .getByRole("button", { name: `Log in to save ${whiskey.title} to your favourites` })
    .first()
    .click();
  await expect(visitor.getByRole("dialog")).toBeVisible();
  await shot(visitor, "visitor-heart-login", false);
  // On a phone, the hearts sit on the cards' corners without covering the title or the price.
  await visitor.keyboard.press("Escape");
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto("/wine/red-wine");
  await expect(visitor.locator(".product-grid .product-card__heart").first()).toBeVisible();
  await shot(visitor, "category-hearts-phone", false);
  await visitorContext.close();
});

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
