import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./storefront.ts";

/**
 * The storefront installs as an app (issue 17, ADR 37): a web app manifest with PNG icons, a service worker that
 * controls the pages, Chromium's own installability check passing; without a connection a page answers with the
 * offline page, never a stale copy of a cart, a price or an order.
 */
test.describe("installable storefront", () => {
  test("has a manifest, icons and a service worker, and Chromium finds it installable", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const manifestResponse = await request.get(href!);
    expect(manifestResponse.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: "Nightcap", display: "standalone" });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]),
    );
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
    }

    // Chromium does not offer to install from an incognito profile (every test context is one): a profile on disk.
    const profile = mkdtempSync(path.join(tmpdir(), "nightcap-install-"));
    const browser = await chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const app = browser.pages()[0] ?? (await browser.newPage());
      await app.goto("/");
      await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await app.reload();
      expect(await app.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
        /\/sw\.js$/,
      );
      const cdp = await browser.newCDPSession(app);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const { url, errors } = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("offline, a page answers with the offline page; back online, the page itself", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    for (const path of ["/checkout", "/orders", "/search/whiskey"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
      await expect(page.getByText("as they are right now")).toBeVisible();
    }
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS_DIR ?? "test-results"}/offline.png` });
    await expectNoSeriousA11yViolations(page, "the offline page");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/search\/whiskey$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
