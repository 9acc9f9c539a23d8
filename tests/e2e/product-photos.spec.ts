import { expect, test } from "@playwright/test";
import { testPhoto } from "#tests/factories/photos.ts";
import { ADMIN_EMAIL, consoleSignIn, shot, signUp, unique, WICKER_PARK } from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations, productAt, setAddress, vendorOf } from "./storefront.ts";

/**
 * Product photos (issue 34 §2): an administrator uploads a photo in the console (a file too small first, refused
 * with the reason); the product's page shows it as a <picture> whose AVIF the browser loads at the page's size, with
 * the photo preloaded from <head>; search shows it on the product's card. Taken away, the drawing is back.
 */
test("an administrator gives a product its photo, and its page and card show it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await page.goto("/");
  await signUp(page, unique("photos"));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  // Gin: a bottle no other journey looks at closely.
  const product = await productAt(request, store_id, "gin");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await consoleSignIn(admin, ADMIN_EMAIL, "/console/photos");
  await expect(admin.getByRole("heading", { name: "Product photos", level: 1 })).toBeVisible();
  const upload = admin.getByRole("form", { name: "Upload a photo" });
  const send = async (file: Buffer) => {
    await upload.getByLabel("Product SKU").fill(product.sku_id);
    await upload
      .getByLabel("Photo")
      .setInputFiles({ name: "bottle.jpg", mimeType: "image/jpeg", buffer: file });
    await upload.getByRole("button", { name: "Upload photo" }).click();
  };

  await send(await testPhoto({ width: 320, height: 400 }));
  await expect(admin.getByRole("alert")).toHaveText(
    "That photo is 320×400 pixels. Its longer side must be at least 480 pixels.",
  );

  await send(await testPhoto({ width: 900, height: 1800, metadata: true }));
  await expect(admin.getByRole("status")).toContainText(`${product.title} now shows this photo.`);
  await expect(admin.getByRole("list").filter({ hasText: product.sku_id })).toContainText("900×1800");
  await expectNoSeriousA11yViolations(admin, "the product photos page");
  await shot(admin, "console-photo-uploaded");

  await page.goto(product.url);
  const picture = page.locator(".product__media picture");
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /-480\.avif 1x, .*-960\.avif 2x$/,
  );
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("alt", product.title);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.currentSrc : "")))
    .toMatch(new RegExp(`/images/photos/${product.sku_id}/[0-9a-f]{16}-480\\.avif$`));
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBe(480);
  // The largest paint's file is asked for from <head>, before any script, in the format the browser takes.
  await expect(page.locator('head link[rel="preload"][as="image"][type="image/avif"]')).toHaveAttribute(
    "imagesrcset",
    /-480\.avif 1x/,
  );
  await shot(page, "product-page-photo", false);

  await page.goto(`/search?q=${encodeURIComponent(product.title)}`);
  const card = page.locator(".product-card").filter({ hasText: product.title }).first();
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /-240\.avif 1x, .*-480\.avif 2x$/,
  );

  // Taken away: the drawing is back on the page.
  await admin.getByRole("button", { name: `Remove the photo of ${product.title}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`${product.sku_id} shows its drawing again.`);
  await adminContext.close();
  await page.goto(product.url);
  await expect(page.locator(".product__media img")).toHaveAttribute(
    "src",
    `/images/products/${product.sku_id}.svg`,
  );
});
