import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import type { Product } from "../../domain/catalogue/types.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../../server/modules/console/staff.ts";
import { type StorefrontProcess, startStorefront } from "../support/storefront-process.ts";
import { productAt } from "./storefront.ts";

/**
 * Pages shared between anonymous shoppers (docs/adr/0042-shared-page-cache.md), on a storefront of its own with the
 * answer caches on (the journeys' server runs without them) and two page renders at a time.
 */

const DEFAULT_STORE = "st_chi-river-north";
const NYC_ADDRESS = "350 5th Ave, New York, NY 10118";

let store: StorefrontProcess;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  store = await startStorefront({ env: { PAGE_RENDER_LIMIT: "2" } });
});

test.afterAll(async () => {
  for (const c of contexts) await c.dispose();
  await store?.stop();
});

/** A shopper of their own (a cookie jar), anonymous until told otherwise. */
async function shopper(): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: store.base });
  contexts.push(context);
  return context;
}

async function csrfOf(context: APIRequestContext): Promise<string> {
  const res = await context.get("/auth/session");
  return (await res.json()).csrfToken;
}

async function setAddress(context: APIRequestContext, address: string) {
  await context.get("/"); // the visitor's cookie
  const res = await context.post("/order/address", {
    data: { address },
    headers: { "x-csrf-token": await csrfOf(context), "x-platform": "web" },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { street: string; store_id: string };
}

async function signInAsStaff(context: APIRequestContext, storeId: string) {
  await context.get("/");
  const res = await context.post("/auth/login", {
    data: { username: demoStaffEmail(storeId), password: DEMO_STAFF_PASSWORD },
    headers: { "x-csrf-token": await csrfOf(context), "x-platform": "web" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

test("an anonymous page is rendered once, shared, and carries nobody's personal parts", async () => {
  const withAddress = await shopper();
  const saved = await setAddress(withAddress, NYC_ADDRESS);
  const first = await withAddress.get("/whiskey");
  expect(first.status()).toBe(200);
  const again = await withAddress.get("/whiskey");
  expect(again.headers()["x-page-cache"]).toBe("hit");
  const html = await again.text();
  expect(html).toContain("Whiskey");
  expect(html).not.toContain(saved.street);
  expect(html).not.toContain('name="csrf-token"');
  // The replay's policy allows exactly the scripts it carries.
  expect(again.headers()["content-security-policy"]).toContain(`'nonce-${nonceOf(html)}'`);

  // Another shopper served by the same store gets the same page; one elsewhere gets their store's.
  const neighbour = await shopper();
  await setAddress(neighbour, "20 W 34th St, New York, NY 10001");
  const shared = await neighbour.get("/whiskey");
  expect(shared.headers()["x-page-cache"]).toBe("hit");
  expect(await shared.text()).toBe(html);
  const visitor = await shopper();
  const elsewhere = await visitor.get("/whiskey");
  expect(await elsewhere.text()).not.toBe(html);

  // The personal parts come from one call, each shopper's own.
  const mine = await (await withAddress.get("/auth/shell")).json();
  expect(mine.address.street).toBe(saved.street);
  expect(mine.session.csrfToken).toEqual(expect.any(String));
  const theirs = await (await visitor.get("/auth/shell")).json();
  expect(theirs.address).toBeNull();
  expect(theirs.session.csrfToken).not.toBe(mine.session.csrfToken);
});

test("a signed-in shopper's pages are rendered for them alone", async () => {
  const staff = await shopper();
  await signInAsStaff(staff, DEFAULT_STORE);
  const res = await staff.get("/whiskey");
  expect(res.status()).toBe(200);
  expect(res.headers()["x-page-cache"]).toBeUndefined();
  expect(await res.text()).toContain('name="csrf-token"');
});

test("a price changed in the console is on the next shared page at once", async () => {
  const staff = await shopper();
  await signInAsStaff(staff, DEFAULT_STORE);
  const { items } = await (await staff.get("/api/console/stock?q=vodka&limit=1")).json();
  const item = items[0] as {
    sku_id: string;
    price_cents: number;
    package_item_price_cents: number | null;
    stock: number;
  };
  const product = (
    (
      await (
        await staff.get(`/menu/product/${item.sku_id}`, { headers: { "x-store-id": DEFAULT_STORE } })
      ).json()
    ).products as Product[]
  )[0];

  const visitor = await shopper();
  await visitor.get(product.url);
  expect((await visitor.get(product.url)).headers()["x-page-cache"]).toBe("hit");

  const newPrice = item.price_cents + 111;
  const changed = await staff.patch(`/api/console/stock/${item.sku_id}`, {
    data: { price_cents: newPrice, was: item },
    headers: { "x-csrf-token": await csrfOf(staff), "x-platform": "web" },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const after = await visitor.get(product.url);
  expect(after.headers()["x-page-cache"]).toBe("miss");
  expect(await after.text()).toContain(`$${(newPrice / 100).toFixed(2)}`);
});

test("past the render limit a page request is refused at once with the busy page", async () => {
  const visitor = await shopper();
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, i) => visitor.get(`/search/busy-${i}-${Date.now()}`)),
  );
  const statuses = answers.map((a) => a.status());
  expect(
    statuses.every((s) => s === 200 || s === 503),
    statuses.join(),
  ).toBe(true);
  const busy = answers.filter((a) => a.status() === 503);
  expect(busy.length).toBeGreaterThan(0);
  expect(busy[0].headers()["retry-after"]).toBe("5");
  expect(await busy[0].text()).toContain("We're a little busy");
});

test("in the browser a shared page fills in the shopper's address and takes their cart", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: store.base });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByTestId("address-chip").click();
  const dialog = page.getByRole("dialog", { name: "Where should we deliver?" });
  await dialog.getByRole("combobox", { name: "Delivery address" }).fill(NYC_ADDRESS);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();

  const vendor = (await (await context.request.get("/menu/vendor")).json()) as { store_id: string };
  const product = await productAt(context.request, vendor.store_id, "vodka");
  await context.request.get(product.url); // kept: the shopper's load below is a replay
  const document = await page.goto(product.url);
  expect(document?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByTestId("address-chip")).toContainText("350 5th Ave");
  await expect(page.locator('meta[name="csrf-token"]')).toHaveCount(1);
  const added = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/menu/cart/v2",
  );
  await page.getByTestId("add-to-cart").click();
  expect((await added).status()).toBe(200);
  await expect(page.getByRole("button", { name: /cart/i }).first()).toContainText("1");
  await page.screenshot({
    path: `${process.env.E2E_SCREENSHOTS_DIR ?? "test-results"}/shared-product-page.png`,
  });
  await context.close();
});
