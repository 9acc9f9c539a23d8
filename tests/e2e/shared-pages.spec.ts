import { execFileSync } from "node:child_process";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import pg from "pg";
import { SCRIPTS_COOKIE } from "#app/lib/shared-page.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "#server/modules/console/staff.ts";
import { createStoreDatabase } from "../support/seeded-store.ts";
import { type StorefrontProcess, startStorefront } from "../support/storefront-process.ts";
import { holdRequests, hydrated, productAt } from "./storefront.ts";

/**
 * Pages shared between anonymous shoppers (docs/adr/0042-shared-page-cache.md), on a storefront of its own with the
 * answer caches on (the journeys' server runs without them), two page renders at a time and a short wait for one.
 */

const DEFAULT_STORE = "st_chi-river-north";
const NYC_ADDRESS = "350 5th Ave, New York, NY 10118";

let store: StorefrontProcess;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // SHARED_PAGES_E2E_PORT: a port of the runner's own (a random one of 3900–3989 otherwise).
  const port = process.env.SHARED_PAGES_E2E_PORT ? Number(process.env.SHARED_PAGES_E2E_PORT) : undefined;
  // Two renders at a time, and a request waits at most 20 ms at the door for one: the busy page is easy to reach.
  store = await startStorefront({ env: { PAGE_RENDER_LIMIT: "2", PAGE_QUEUE_MS: "20" }, port, seeded: true });
});

test.afterAll(async () => {
  for (const c of contexts) await c.dispose();
  await store?.stop();
});

/**
 * A shopper of their own (a cookie jar), anonymous until told otherwise; `scripts`: their browser has run our
 * scripts (the cookie a hydrated page sets).
 */
async function shopper({ scripts = false } = {}): Promise<APIRequestContext> {
  const { hostname } = new URL(store.base);
  const cookies = scripts
    ? [
        {
          name: SCRIPTS_COOKIE,
          value: "1",
          domain: hostname,
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax" as const,
        },
      ]
    : [];
  const context = await playwrightRequest.newContext({
    baseURL: store.base,
    storageState: { cookies, origins: [] },
  });
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

/** A browser of its own on this storefront's home page. */
async function homeIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: store.base });
  const page = await context.newPage();
  await page.goto("/");
  return { context, page };
}

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
/** The nonce of the document's inline critical stylesheet (docs/adr/0045-critical-css.md). */
const styleNonceOf = (html: string) => /<style nonce="([^"]+)">/.exec(html)?.[1];

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
  // The replay's policy allows exactly the scripts and the inline stylesheet it carries.
  expect(again.headers()["content-security-policy"]).toContain(`'nonce-${nonceOf(html)}'`);
  expect(again.headers()["content-security-policy"]).toContain(`'nonce-${styleNonceOf(html)}'`);

  // Another shopper served by the same store gets the same page; one elsewhere gets their store's.
  const neighbour = await shopper();
  await setAddress(neighbour, "20 W 34th St, New York, NY 10001");
  const shared = await neighbour.get("/whiskey");
  expect(shared.headers()["x-page-cache"]).toBe("hit");
  expect(await shared.text()).toBe(html);
  const visitor = await shopper();
  const elsewhere = await visitor.get("/whiskey");
  expect(await elsewhere.text()).not.toBe(html);

  // A client navigation's data is shared the same way.
  await visitor.get("/whiskey.data");
  const data = await visitor.get("/whiskey.data");
  expect(data.headers()["x-page-cache"]).toBe("hit");
  const encoded = await data.text();
  expect(encoded).toContain('"personal","deferred"');
  expect(encoded).not.toContain(saved.street);

  // The personal parts come from one call, each shopper's own.
  const mine = await (await withAddress.get("/auth/shell")).json();
  expect(mine.address.street).toBe(saved.street);
  expect(mine.session.csrfToken).toEqual(expect.any(String));
  const theirs = await (await visitor.get("/auth/shell")).json();
  expect(theirs.address).toBeNull();
  expect(theirs.session.csrfToken).not.toBe(mine.session.csrfToken);
});

test("a signed-in shopper gets the shared page, their own parts from one call, and their account alone", async () => {
  const staff = await shopper();
  await signInAsStaff(staff, DEFAULT_STORE);
  const visitor = await shopper();
  await visitor.get("/whiskey");
  const res = await staff.get("/whiskey");
  expect(res.headers()["x-page-cache"]).toBe("hit");
  const html = await res.text();
  expect(html).toBe(await (await visitor.get("/whiskey")).text());
  expect(html).not.toContain(demoStaffEmail(DEFAULT_STORE));
  expect(html).not.toContain('name="csrf-token"');
  const mine = await (await staff.get("/auth/shell")).json();
  expect(mine.session.user.email).toBe(demoStaffEmail(DEFAULT_STORE));

  const account = await staff.get("/account");
  expect(account.status()).toBe(200);
  expect(account.headers()["x-page-cache"]).toBeUndefined();
  const accountHtml = await account.text();
  expect(accountHtml).toContain('name="csrf-token"');
  // Rendered for them alone, under its own policy: its inline stylesheet's nonce is that answer's.
  expect(account.headers()["content-security-policy"]).toContain(`'nonce-${styleNonceOf(accountHtml)}'`);
  expect(accountHtml).toContain(demoStaffEmail(DEFAULT_STORE));
});

test("a personal page's document is a frame shared by browsers that run our scripts, its data never", async () => {
  const staff = await shopper({ scripts: true });
  await signInAsStaff(staff, DEFAULT_STORE);
  const other = await shopper({ scripts: true });
  await other.get("/");
  await staff.get("/orders");
  const frame = await staff.get("/orders");
  expect(frame.headers()["x-page-cache"]).toBe("hit");
  const html = await frame.text();
  expect(html).toContain("Your orders");
  expect(html).toContain("Loading…");
  expect(html).not.toContain(demoStaffEmail(DEFAULT_STORE));
  expect(html).not.toContain('name="csrf-token"');
  expect(await (await other.get("/orders")).text()).toBe(html);

  // A client navigation's data is the shopper's own, never shared; a browser without scripts gets the whole page.
  const data = await staff.get("/account.data");
  expect(data.headers()["x-page-cache"]).toBeUndefined();
  expect(await data.text()).toContain(demoStaffEmail(DEFAULT_STORE));
  const noScripts = await shopper();
  await signInAsStaff(noScripts, DEFAULT_STORE);
  const whole = await noScripts.get("/account");
  expect(whole.headers()["x-page-cache"]).toBeUndefined();
  expect(await whole.text()).toContain(demoStaffEmail(DEFAULT_STORE));
});

test("in the browser a personal frame fills in the shopper's orders and account, and sends a visitor to log in", async ({
  browser,
}) => {
  const { context, page } = await homeIn(browser);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === SCRIPTS_COOKIE)).toBe(true);
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Forders$/);

  await signInAsStaff(context.request, DEFAULT_STORE);
  await context.request.get("/account"); // the jar holds the scripts cookie: this renders the frame
  const document = await page.goto("/account");
  expect(document?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Demo staff");
  await expect(page.getByText(demoStaffEmail(DEFAULT_STORE))).toBeVisible();
  await expect(page.locator('meta[name="csrf-token"]')).toHaveCount(1);
  await page.screenshot({
    path: `${process.env.E2E_SCREENSHOTS_DIR ?? "test-results"}/personal-frame-account.png`,
  });
  // The frame alone (the data held back): the page's heading and a status while the browser loads the orders.
  const release = await holdRequests(page, "**/order/history*");
  await context.request.get("/tracking");
  await page.goto("/tracking");
  await expect(page.getByRole("heading", { name: "Track your orders" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Loading…");
  await page.screenshot({
    path: `${process.env.E2E_SCREENSHOTS_DIR ?? "test-results"}/personal-frame-loading.png`,
  });
  release();
  await expect(page.getByRole("status")).toBeHidden();
  await expect(page.getByText(/You have no orders on their way\.|active orders?/)).toBeVisible();
  await context.close();
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

/** A counter's value in the instance's metrics (nightcap_… name and labels as the exposition writes them). */
async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${store.base}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

test("past the render limit a page request waits at the door, then gets the busy page without reaching the app", async () => {
  const visitor = await shopper();
  await visitor.get("/"); // the visitor's cookie: every search below is personal to the door's cache
  const rendered = 'nightcap_http_request_duration_seconds_count{method="GET",route="/*",status="2xx"}';
  const refusedInside = 'nightcap_http_request_duration_seconds_count{method="GET",route="/*",status="5xx"}';
  const before = { rendered: await metric(rendered), refusedInside: await metric(refusedInside) };
  const shedBefore = await metric("nightcap_pages_shed_total");
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => visitor.get(`/search/busy-${i}-${Date.now()}`)),
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
  // Every refusal was made at the door: counted there, and none of them reached the app's pipeline (its hooks,
  // session and database), which counted exactly the pages it rendered.
  expect(await metric("nightcap_pages_shed_total")).toBe(shedBefore + busy.length);
  expect(await metric(rendered)).toBe(before.rendered + (40 - busy.length));
  expect(await metric(refusedInside)).toBe(before.refusedInside);
});

test("in the browser a shared page fills in the shopper's address and takes their cart", async ({
  browser,
}) => {
  const { context, page } = await homeIn(browser);
  // The address chip opens its dialog once the page has hydrated (its scripts load after the first paint).
  await hydrated(page);
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

test("a shared page's address chip reads the shopper's street from its first paint, before its scripts run", async ({
  browser,
}) => {
  const { context, page } = await homeIn(browser);
  await hydrated(page);
  await page.getByTestId("address-chip").click();
  const dialog = page.getByRole("dialog", { name: "Where should we deliver?" });
  await dialog.getByRole("combobox", { name: "Delivery address" }).fill(NYC_ADDRESS);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("address-chip")).toHaveText("350 5th Ave");
  // This file's server renders two pages at a time: the page's own requests (route discovery, revalidation) end
  // before the next document is asked for, so that it is not refused as busy.
  await page.waitForLoadState("networkidle");

  // The next documents' scripts are held: what shows is the shared page as painted.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  for (const path of ["/whiskey", "/"]) {
    const document = await page.goto(path, { waitUntil: "commit" });
    expect(document?.status(), path).toBe(200);
    expect(document?.headers()["x-page-cache"], path).toMatch(/^(hit|miss|stale)$/);
    await expect(page.getByTestId("address-chip"), path).toHaveText("350 5th Ave");
  }
  release();
  await hydrated(page);
  await expect(page.getByTestId("address-chip")).toHaveText("350 5th Ave");
  await context.close();
});

test.describe("two instances on one PostgreSQL", () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, "needs TEST_DATABASE_URL");
  const database = `nightcap_pages_${process.pid}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${database}` }).href : "";
  const instances: StorefrontProcess[] = [];
  let password = "";
  const email = `pages-staff-${process.pid}@nightcap.localhost`;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await createStoreDatabase(serverUrl!, database);
    const env = { DATABASE_URL: databaseUrl };
    instances.push(await startStorefront({ env, port: 3990 }));
    instances.push(await startStorefront({ env, port: 3991 }));
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/staff.ts", "add", "--email", email, "--store", DEFAULT_STORE],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
    );
    password = /password is (\S+)/.exec(out)?.[1] ?? "";
    expect(password, out).not.toBe("");
  });

  test.afterAll(async () => {
    // Emptied: a repeated run (`--repeat-each`) runs beforeAll again in this worker and must meet its own instances.
    for (const i of instances.splice(0)) await i.stop();
    await psql(`drop database if exists ${database} with (force)`);
  });

  test("a price changed through one instance is on the other's next shared page at once", async () => {
    const [a, b] = instances;
    const staff = await playwrightRequest.newContext({ baseURL: a.base });
    contexts.push(staff);
    await staff.get("/");
    const login = await staff.post("/auth/login", {
      data: { username: email, password },
      headers: { "x-csrf-token": await csrfOf(staff), "x-platform": "web" },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { items } = await (await staff.get("/api/console/stock?q=gin&limit=1")).json();
    const item = items[0] as { sku_id: string; price_cents: number };
    const products = (await (await staff.get(`/menu/product/${item.sku_id}`)).json()).products as Product[];

    const visitor = await playwrightRequest.newContext({ baseURL: b.base });
    contexts.push(visitor);
    await visitor.get(products[0].url);
    expect((await visitor.get(products[0].url)).headers()["x-page-cache"]).toBe("hit");

    const newPrice = item.price_cents + 222;
    const changed = await staff.patch(`/api/console/stock/${item.sku_id}`, {
      data: { price_cents: newPrice, was: item },
      headers: { "x-csrf-token": await csrfOf(staff), "x-platform": "web" },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    // The other instance hears the change at commit (pg_notify): its next page is a fresh render.
    await expect(async () => {
      const after = await visitor.get(products[0].url);
      expect(after.headers()["x-page-cache"]).toBe("miss");
      expect(await after.text()).toContain(`$${(newPrice / 100).toFixed(2)}`);
    }).toPass({ timeout: 2_000 });
  });

  async function psql(sql: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
});

test("a page paints with its own rules inline and loads the whole stylesheet as it hydrates, within its policy", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: store.base });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  const answer = await page.goto("/whiskey");
  const html = (await answer?.text()) ?? "";
  expect(answer?.headers()["content-security-policy"]).toContain(`'nonce-${styleNonceOf(html)}'`);
  // The only stylesheet link in the document is the one for browsers without JavaScript.
  expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  expect(html).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/app-[^"]+\.css"\/><\/noscript>/);
  await hydrated(page);
  // React inserts the link as it hydrates; the sheet arrives after, so wait for its rules (a slow machine lags).
  const sheetRules = () =>
    page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>(
        'head > link[rel="stylesheet"][href^="/assets/app-"]',
      );
      return link?.sheet?.cssRules.length ?? 0;
    });
  await expect.poll(sheetRules).toBeGreaterThan(0);
  expect(refused).toEqual([]);
  await context.close();
});
