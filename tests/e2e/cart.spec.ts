import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { QUANTITY_DEBOUNCE_MS, SPLIT_MODAL_STEP_MS } from "../../domain/cart/constants.ts";
import type { Product } from "../../domain/catalogue/types.ts";
import { addFromProductPage, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * The cart journey of issue 3: an in-zone address → browse → add from two stores → split-cart modal → confirm →
 * a quick burst of quantity changes (one request) → engrave → an out-of-zone address gets the shipping store
 * with shipping auto-selected → remove everything → the drawer closes.
 */

const RIVER_NORTH = { typed: "1 N State St, Chicago, IL 606", zip: "60602", street: "1 N State St" };
const WICKER_PARK = { typed: "1425 N Damen Ave, Chicago, IL 60622" };
const ANCHORAGE = { typed: "500 W 6th Ave, Anchorage, AK 99501" };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 800 }],
  ["mobile", { width: 390, height: 844 }],
] as const;

for (const [device, viewport] of VIEWPORTS) {
  test.describe(device, () => {
    test.use({ viewport });
    test("set an address, fill a split cart, engrave, ship, and empty it", ({ page, request }) =>
      journey(page, request, device));
  });
}

/** Screenshots for a person to look at (E2E_SCREENSHOTS_DIR), after the drawer's slide-in has settled. */
async function shot(page: Page, device: string, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${device}.png` });
}

async function journey(page: Page, request: APIRequestContext, device: string) {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));

  // First visit: the prompt asks for an address; suggestions complete the ZIP.
  await page.goto("/");
  const prompt = page.getByRole("region", { name: "Delivery in about 30 minutes. Where to?" });
  await expect(prompt).toBeVisible();
  await shot(page, device, "first-visit");
  const field = prompt.getByRole("combobox", { name: "Delivery address" });
  await field.fill(RIVER_NORTH.typed);
  const suggestion = prompt.getByRole("option", { name: new RegExp(`${RIVER_NORTH.zip}$`) });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(field).toHaveValue(`1 N State St, Chicago, IL ${RIVER_NORTH.zip}`);
  const addressEvent = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        window.addEventListener("delivery-address-set", (e) => resolve((e as CustomEvent).detail.zip), {
          once: true,
        }),
      ),
  );
  await prompt.getByRole("button", { name: "Save address" }).click();
  expect(await addressEvent).toBe(RIVER_NORTH.zip);
  await expect(page.getByTestId("address-chip")).toContainText(RIVER_NORTH.street);
  await expect(prompt).toBeHidden();
  const first = await vendorOf(request, page);
  expect(first).toMatchObject({ shipping: false, banner: null });

  // Browse and add from the first store.
  const whiskey = await productAt(request, first.store_id, "whiskey");
  await addFromProductPage(page, whiskey);
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await drawer.getByRole("button", { name: "Close cart" }).first().click();

  // A new address served by another store: the notice says what changed.
  await setAddress(page, WICKER_PARK.typed);
  const second = await vendorOf(request, page);
  expect(second.store_id).not.toBe(first.store_id);
  await expect(page.getByTestId("store-changed-notice")).toContainText("Your store changed from");
  await shot(page, device, "store-changed");

  // Adding from the second store asks first; confirming splits the cart and the modal closes in two steps.
  const vodka = await productAt(request, second.store_id, "vodka", [whiskey.sku_id]);
  await addFromProductPage(page, vodka);
  const modal = page.getByTestId("split-modal");
  await expect(modal).toHaveAttribute("data-phase", "open");
  await expect(modal.getByRole("heading", { name: "Split your cart?" })).toBeVisible();
  await shot(page, device, "split-modal");
  await modal.getByRole("button", { name: "Add and split cart" }).click();
  await expect(modal).toHaveAttribute("data-phase", "closing-panel");
  await expect(modal).toHaveAttribute("data-phase", "closing-backdrop", { timeout: SPLIT_MODAL_STEP_MS * 4 });
  await expect(modal).toBeHidden({ timeout: SPLIT_MODAL_STEP_MS * 4 });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("split-flag")).toBeVisible();
  await expect(drawer.getByTestId("cart-line")).toHaveCount(2);

  // A burst of quantity changes shows at once and sends one request after the debounce.
  const patches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH" && new URL(r.url()).pathname === "/menu/cart/v2")
      patches.push(r.postData() ?? "");
  });
  const vodkaLine = drawer.locator(`[data-testid="cart-line"][data-sku="${vodka.sku_id}"]`);
  const more = vodkaLine.getByRole("button", { name: `One more ${vodka.title}` });
  await more.click();
  await more.click();
  await more.click();
  await expect(vodkaLine.getByTestId("line-qty")).toHaveText("4");
  expect(patches).toHaveLength(0);
  await page.waitForTimeout(QUANTITY_DEBOUNCE_MS * 3);
  expect(patches).toHaveLength(1);
  expect(JSON.parse(patches[0])).toMatchObject({ skus: [{ qty: 4 }] });
  await expect(vodkaLine.getByTestId("line-qty")).toHaveText("4");
  await expect(vodkaLine.getByTestId("line-subtotal")).toHaveText(
    `$${((vodka.price! * 4) / 100).toFixed(2)}`,
  );
  await shot(page, device, "cart-drawer");
  await drawer.getByRole("button", { name: "Close cart" }).first().click();

  // Engrave an _ETCH bottle with a preview.
  const etchSku = await findEtchSku(request, second.store_id);
  const etchRes = await request.get(`/menu/product/${etchSku}`, {
    headers: { "x-store-id": second.store_id },
  });
  const etch = ((await etchRes.json()) as { products: Product[] }).products[0];
  await page.goto(etch.url);
  await page.getByLabel("Line 1").fill("Happy <b>40th</b>");
  await page.getByLabel("Line 2").fill("Love, Sam");
  await expect(page.getByTestId("engraving-preview")).toContainText("Happy b40th/b");
  await expect(page.getByTestId("engraving-preview")).toContainText("Love, Sam");
  await page.getByTestId("engraving-preview").scrollIntoViewIfNeeded();
  await shot(page, device, "engraving");
  await page.getByTestId("add-to-cart").click();
  await expect(drawer.getByTestId("line-engraving")).toHaveText("Engraved: Happy b40th/b / Love, Sam");
  await drawer.getByRole("button", { name: "Close cart" }).first().click();

  // Out of every zone: the shipping store serves, and the first shipping option is chosen.
  await setAddress(page, ANCHORAGE.typed);
  const shipping = await vendorOf(request, page);
  expect(shipping).toMatchObject({ shipping: true, banner: { _id: "out_of_zone" } });
  const wine = await productAt(request, shipping.store_id, "wine");
  await addFromProductPage(page, wine);
  await expect(drawer).toBeVisible();
  const options = drawer.getByTestId("shipping-options");
  await expect(options.getByRole("radio").first()).toBeChecked();
  await options.scrollIntoViewIfNeeded();
  await shot(page, device, "shipping");

  // Remove everything: the split clears when one store remains, and the empty cart closes the drawer.
  const lines = drawer.getByTestId("cart-line");
  while ((await lines.count()) > 0) {
    const before = await lines.count();
    await lines
      .first()
      .getByRole("button", { name: /^Remove / })
      .last()
      .click();
    if (before > 1) await expect(lines).toHaveCount(before - 1);
    if (before === 2) await expect(drawer.getByTestId("split-flag")).toBeHidden();
    if (before === 1) break;
  }
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  expect(errors).toEqual([]);
}

async function findEtchSku(request: APIRequestContext, storeId: string): Promise<string> {
  for (const query of ["jack daniels", "makers mark", "crown royal", "hennessy", "patron", "casamigos"]) {
    const res = await request.post("/menu/search/v4", {
      data: { query },
      headers: { "x-store-id": storeId },
    });
    const { products } = (await res.json()) as { products: Product[] };
    for (const p of products) {
      if (!p.etch_sku) continue;
      const etch = await request.get(`/menu/product/${p.etch_sku}`, { headers: { "x-store-id": storeId } });
      const [e] = ((await etch.json()) as { products: Product[] }).products;
      if (e?.seller?.store_id === storeId && e.in_stock) return e.sku_id;
    }
  }
  throw new Error(`no engravable product at ${storeId}`);
}

test("failed cart calls log, clear loading and leave the cart as it was (spec §8)", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  const pageErrors: string[] = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));

  await page.goto("/");
  // The browser context shares its cookies with page.request: set an address and fill the cart through the API,
  // with the CSRF token the page holds.
  const { csrfToken } = (await (await page.request.get("/auth/session")).json()) as { csrfToken: string };
  const headers = { "x-csrf-token": csrfToken };
  const set = await page.request.post("/order/address", {
    data: { address: "1 N State St, Chicago, IL 60602" },
    headers,
  });
  expect(set.ok()).toBe(true);
  const { store_id } = (await set.json()) as { store_id: string };
  const product = await productAt(page.request, store_id, "gin");
  const added = await page.request.post("/menu/cart/v2", {
    data: { skus: [{ sku: product.sku_id, qty: 2, store_id }] },
    headers,
  });
  expect(added.ok()).toBe(true);

  // A failed removal logs 'Failed to remove item' and keeps the line.
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.route("**/menu/cart/v2", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "x" } } })
      : route.fallback(),
  );
  await page.getByTestId("cart-button").click();
  const drawer = page.getByTestId("cart-drawer");
  await drawer
    .getByRole("button", { name: `Remove ${product.title}` })
    .last()
    .click();
  await expect.poll(() => logged.some((l) => l.startsWith("Failed to remove item"))).toBe(true);
  await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  await expect(drawer.locator(".cart-drawer__body")).toHaveAttribute("aria-busy", "false");

  // A failed restore logs and leaves the (empty) cart; the page keeps working.
  await page.unroute("**/menu/cart/v2");
  await page.route("**/menu/cart/v2", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 503, body: "down" }) : route.fallback(),
  );
  await page.reload();
  await expect.poll(() => logged.some((l) => l.startsWith("Failed to restore cart"))).toBe(true);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await expect(
    page
      .getByTestId("add-to-cart")
      .or(page.getByRole("heading", { level: 1 }))
      .first(),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});
