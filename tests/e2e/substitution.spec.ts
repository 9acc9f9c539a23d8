import { expect, test } from "@playwright/test";
import type { Product } from "#domain/catalogue/types.ts";
import { sendOut, shopperWithOrder, shot, staffAcceptsOrder, trackLive } from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations } from "./storefront.ts";

/**
 * Substitutions in Chromium (issue 15): a shopper orders and watches the tracking page; the store's staff accept
 * it in the console, find the bottle short and suggest a cheaper one; the shopper's tracking page asks for their
 * OK without a reload, the review page marks itself 'Viewing' (the console sees it), the shopper tries remove,
 * reset and replace (each recorded), submits ('Done'); the console shows the answer and sends the order out with
 * the replacement, the tracking page following.
 */
test("staff propose a substitution, the shopper reviews it live and replaces the item, the order goes out with it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // Staff put its shelf at 0 below: a rum, which no other journey orders (they would find it gone at checkout), over
  // the store's $25 minimum.
  const { heading, product, storeId } = await shopperWithOrder(page, request, "subber", {
    bottle: { query: "rum", where: (p) => (p.price ?? 0) >= 3000 },
  });
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";

  // A replacement the store has in stock for less, so the swap needs no further charge.
  const related = await request.get(
    `/menu/recommendation/related/${product.sku_id}?substitution=true&store_id=${storeId}`,
  );
  // The console offers the first six.
  const cheaper = ((await related.json()) as { products: Product[] }).products
    .slice(0, 6)
    .find((p) => p.price !== null && product.price !== null && p.price < product.price);
  expect(cheaper, "a cheaper related product in stock").toBeTruthy();
  const replacement = cheaper as Product;

  await trackLive(page);
  const { context: staffContext, staff } = await staffAcceptsOrder(browser, storeId, number);

  const short = staff.getByRole("region", { name: "Short items" });
  await short.getByLabel(`1 × ${product.title}`).check();
  await short.getByLabel("On the shelf").fill("0");
  await short.getByRole("checkbox", { name: new RegExp(`${escapeRegExp(replacement.title)} ·`) }).check();
  await shot(staff, "console-short-items");
  await short.getByRole("button", { name: "Ask the customer" }).click();
  await expect(staff.getByText("The customer is asked to review the substitutions.")).toBeVisible();
  await expect(staff.locator(".console-substitutions__status")).toHaveAttribute("data-status", "Proposed");

  // The shopper's tracking page asks, live.
  const ask = page.locator(".tracking__substitutions");
  await expect(ask).toContainText("Some items are out of stock");
  await shot(page, "tracking-substitutions-asked");
  await ask.getByRole("link", { name: "Review substitutions" }).click();
  await expect(page).toHaveURL(/\/substitution\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Some items are out of stock" })).toBeVisible();
  await expect(page.locator(".substitution")).toHaveAttribute("data-status", "Viewing");
  const item = page.locator(".substitution__item").first();
  await expect(item.getByText(`Out of stock (you ordered 1)`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the substitution review");

  // The console hears that the shopper is looking (it polls every 5 s).
  await expect(staff.locator(".console-substitutions__status")).toHaveAttribute("data-status", "Viewing", {
    timeout: 15_000,
  });

  // Nothing on the shelf: removing it is what the store would do unasked, so that is where it starts.
  await expect(item.getByRole("radio", { name: "Remove" })).toBeChecked();
  const option = item.getByRole("radio", { name: new RegExp(escapeRegExp(replacement.title)) });
  await option.check();
  await expect(item.locator(".substitution__recorded")).toHaveText(`Replaced ${product.title}`);
  await item.getByRole("radio", { name: "Remove" }).check();
  await expect(item.locator(".substitution__recorded")).toHaveText(`Removed ${product.title}`);
  await expect(option).not.toBeChecked();
  await item.getByRole("button", { name: "Reset" }).click();
  await expect(item.locator(".substitution__recorded")).toHaveText(`Reset ${product.title}`);
  await option.check();
  await expect(item.locator(".substitution__recorded")).toHaveText(`Replaced ${product.title}`);
  await expect(item.getByLabel("How many")).toHaveValue("1");
  await expect(page.locator(".substitution__change")).toHaveText(/^About \$[\d.]+ back to you$/);
  await shot(page, "substitution-review");

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.locator(".substitution")).toHaveAttribute("data-status", "Done");
  await expect(page.getByText(/is finishing your order with these choices/)).toBeVisible();
  await expect(page.locator(".substitution__settled")).toContainText(`Replaced (1 × ${replacement.title})`);
  await shot(page, "substitution-done");

  await staff.reload();
  await expect(staff.locator(".console-substitutions__status")).toHaveAttribute("data-status", "Done");
  await expect(staff.locator(".console-substitutions")).toContainText(`Replaced ${product.title}`);
  await expect(staff.locator(".checkout__items").last()).toContainText(`1 × ${replacement.title}`);
  await sendOut(staff);
  await shot(staff, "console-after-substitution");
  await staffContext.close();

  await page.goto(`/tracking/${new URL(page.url()).pathname.split("/")[2]}`);
  await expect(page.locator(".tracking__status")).toHaveText("On its way");
  await expect(page.locator(".tracking").getByText(`1 × ${replacement.title}`)).toBeVisible();
  await expect(page.locator(".tracking__substitutions")).toHaveCount(0);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
