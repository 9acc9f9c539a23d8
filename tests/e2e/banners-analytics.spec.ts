import { expect, type Page, test } from "@playwright/test";
import { apiFromPage, shot, WICKER_PARK } from "./checkout-helpers.ts";
import {
  addFromProductPage,
  expectNoSeriousA11yViolations,
  hydrated,
  productAt,
  setAddress,
  vendorOf,
} from "./storefront.ts";

async function adminSignIn(admin: Page, path: string) {
  await admin.goto(path);
  const login = admin.getByRole("form", { name: "Log in with your password" });
  await login.getByLabel("Email").fill("admin@nightcap.localhost");
  await login.getByLabel("Password").fill("nightcap-staff");
  await login.getByRole("button", { name: "Log in" }).click();
}

interface ConsoleBanner {
  id: string;
  title: string;
  impressions: number;
  clicks: number;
}

const bannerNamed = async (admin: Page, title: string) => {
  const { banners } = await apiFromPage<{ banners: ConsoleBanner[] }>(admin, "/api/console/banners");
  const found = banners.find((b) => b.title === title);
  if (!found) throw new Error(`no banner ${title}`);
  return found;
};

/** Where the grid's items sit: the banner's index among the grid's children, and the grid's column count. */
const gridLayout = (page: Page) =>
  page.locator("ul.product-grid").evaluate((ul) => {
    const items = [...ul.children];
    const banner = items.findIndex((li) => li.classList.contains("grid-banner"));
    const columns = getComputedStyle(ul).gridTemplateColumns.split(" ").filter(Boolean).length;
    const box = (el: Element | undefined) => el?.getBoundingClientRect();
    return {
      banner,
      columns,
      cards: items.filter((li) => !li.classList.contains("grid-banner")).length,
      bannerTop: box(items[banner])?.top ?? 0,
      bannerBottom: box(items[banner])?.bottom ?? 0,
      rowAboveBottom: box(items[banner - 1])?.bottom ?? 0,
      rowBelowTop: box(items[banner + 1])?.top ?? 0,
      bannerWidth: box(items[banner])?.width ?? 0,
      gridWidth: ul.getBoundingClientRect().width,
    };
  });

/**
 * Banners and analytics (issue 17): an administrator makes a banner for the beer category after row 1 on
 * /console/banners; a shopper opens /beer and finds it between the first and the second row of results, full
 * width; scrolled half into view it counts one impression, and only one however often it comes back into view;
 * a click counts once. With the placement service failing, the grid renders whole without it. The shopper's visit,
 * product view and add to cart, and a search that found nothing, reach /e by sendBeacon when the page is hidden,
 * and /console/analytics shows them. Both console pages pass axe.
 */
test("a banner between result rows counts its impression once; the funnel shows the shopper", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Two-for-one lagers ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await adminSignIn(admin, "/console/banners");
  await expect(admin.getByRole("heading", { name: "Banners", level: 1 })).toBeVisible();
  const form = admin.getByRole("form", { name: "New banner" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Text (plain text)").fill("This weekend at your store: a second six-pack on us.");
  await form.getByLabel("Link (a path of ours like /beer, or https://…)").fill("/beer");
  await form.getByLabel("Category pages").check();
  await form.getByLabel("Categories (url names, comma-separated; empty: every category)").fill("beer");
  await form.getByLabel("After result row").fill("1");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(admin.getByRole("status")).toHaveText(`${title} is saved.`);
  const card = admin.getByRole("article", { name: title });
  await expect(card).toContainText("Showing · categories beer · after row 1");
  await expect(card.getByTestId("banner-impressions")).toHaveText("0");
  await shot(admin, "console-banners");
  await expectNoSeriousA11yViolations(admin, "/console/banners");

  // The shopper: a short window, so the banner starts below the fold.
  await page.setViewportSize({ width: 1280, height: 560 });
  await page.goto("/");
  await setAddress(page, WICKER_PARK);
  const mcEvents: string[] = [];
  const beacons: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/mc/events") mcEvents.push(r.postData() ?? "");
    if (path === "/e") beacons.push(r.postData() ?? "{}");
  });
  await page.goto("/beer");
  const banner = page.getByTestId("grid-banner");
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText(title);
  await expect(banner).toContainText("Sponsored");
  const layout = await gridLayout(page);
  // After the first row: as many cards before it as the grid has columns; full width; between the rows.
  expect(layout.columns).toBe(4);
  expect(layout.banner).toBe(layout.columns);
  expect(layout.bannerWidth).toBeCloseTo(layout.gridWidth, 0);
  expect(layout.bannerTop).toBeGreaterThanOrEqual(layout.rowAboveBottom);
  expect(layout.rowBelowTop).toBeGreaterThanOrEqual(layout.bannerBottom);
  // Not yet half in view: nothing counted.
  await page.waitForTimeout(500);
  expect(mcEvents).toEqual([]);
  expect((await bannerNamed(admin, title)).impressions).toBe(0);

  const counted = page.waitForResponse((r) => new URL(r.url()).pathname === "/mc/events");
  await banner.scrollIntoViewIfNeeded();
  expect((await counted).status()).toBe(200);
  await shot(page, "category-banner", false);
  await expect.poll(async () => (await bannerNamed(admin, title)).impressions).toBe(1);
  // Out of view and back, twice: still one impression for this page view.
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    await banner.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  expect(mcEvents).toHaveLength(1);
  expect((await bannerNamed(admin, title)).impressions).toBe(1);

  // On a phone the grid has two columns: the banner follows the first two cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await gridLayout(page)).banner).toBe(2);
  expect((await gridLayout(page)).columns).toBe(2);
  await banner.scrollIntoViewIfNeeded();
  await shot(page, "category-banner-phone", false);
  await page.setViewportSize({ width: 1280, height: 560 });
  expect(mcEvents).toHaveLength(1);

  // A click counts (the link is ours: the storefront follows it).
  await banner.getByRole("link").click();
  await expect.poll(async () => (await bannerNamed(admin, title)).clicks).toBe(1);

  // The placement service fails: the grid renders whole, without the banner.
  const full = await page.locator("ul.product-grid > li").count();
  await page.route("**/mc/serve?**", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/beer");
  await expect(page.locator("ul.product-grid > li").first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId("grid-banner")).toHaveCount(0);
  expect((await gridLayout(page)).cards).toBe(full - 1);
  // … or never answers: the grid waits for nobody.
  await page.unroute("**/mc/serve?**");
  await page.route("**/mc/serve?**", () => {});
  await page.goto("/beer");
  await page.waitForTimeout(2000);
  await expect(page.getByTestId("grid-banner")).toHaveCount(0);
  expect((await gridLayout(page)).cards).toBe(full - 1);
  await shot(page, "category-without-banner", false);
  await page.unroute("**/mc/serve?**");

  // The funnel's steps: a product viewed and added; a search that found nothing.
  const { store_id } = await vendorOf(request, page);
  const beer = await productAt(request, store_id, "beer");
  await addFromProductPage(page, beer);
  const nothing = `zzqx${Date.now().toString(36)}`;
  await page.goto(`/search/${nothing}`);
  await expect(page.getByRole("heading", { name: `No results for “${nothing}”` })).toBeVisible();
  await hydrated(page);
  // The tab is hidden (switched away from): what waits goes out by sendBeacon, as text/plain JSON. (Pages left
  // earlier sent theirs on pagehide: the product view and the add to cart, counted in the funnel below.)
  const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === "/e" && r.method() === "POST", {
    timeout: 10_000,
  });
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const sent = await beacon;
  expect(sent.headers()["content-type"]).toContain("text/plain");
  expect(sent.headers()["x-csrf-token"]).toBeUndefined();
  const names = (JSON.parse(sent.postData() ?? "{}").events as { type: string; event?: string }[]).map(
    (e) => e.event ?? e.type,
  );
  // (The page's own effects run before the shell's: the search is recorded just before its page view.)
  expect(names.sort()).toEqual(["Products Searched", "page"]);
  expect((await sent.response())?.status()).toBe(200);
  await page.goto("about:blank");

  const today = new Date().toISOString().slice(0, 10);
  const row = admin.getByTestId("funnel").locator(`tr[data-day="${today}"]`);
  const step = async (key: string) =>
    Number((await row.locator(`td[data-step="${key}"] .funnel-count`).textContent()) ?? "0");
  await expect
    .poll(async () => {
      await admin.goto("/console/analytics");
      return step("cart");
    })
    .toBeGreaterThanOrEqual(1);
  await expect(admin.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  expect(await step("product")).toBeGreaterThanOrEqual(await step("cart"));
  expect(await step("visit")).toBeGreaterThanOrEqual(await step("product"));
  await expect(admin.getByTestId("zero-result-searches")).toContainText(nothing);
  await shot(admin, "console-analytics");
  await expectNoSeriousA11yViolations(admin, "/console/analytics");
  await adminContext.close();
});
