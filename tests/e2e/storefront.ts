import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Product } from "#domain/catalogue/types.ts";

/** Steps the browser journeys share: where the shopper is served from, finding stock, the address and adding. */

export async function vendorOf(request: APIRequestContext, page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await request.get("/menu/vendor", { headers: { cookie } });
  return (await res.json()) as { store_id: string; shipping: boolean; banner: { _id: string } | null };
}

/** A product the given store sells and has in stock (and that `where` accepts), found the way the storefront finds them. */
export async function productAt(
  request: APIRequestContext,
  storeId: string,
  query: string,
  exclude: string[] = [],
  where: (p: Product) => boolean = () => true,
): Promise<Product> {
  const res = await request.post("/menu/search/v4", {
    data: { query, hitsPerPage: 60 },
    headers: { "x-store-id": storeId },
  });
  const { products } = (await res.json()) as { products: Product[] };
  const found = products.find(
    (p) =>
      p.seller?.store_id === storeId && p.in_stock && p.stock >= 5 && !exclude.includes(p.sku_id) && where(p),
  );
  if (!found) throw new Error(`no ${query} in stock at ${storeId}`);
  return found;
}

/**
 * Products one store has in stock, split by what another store does with them: `both` also in stock there,
 * `onlyHere` not sold there at all. Found the way the storefront finds them (search, then the product call).
 */
export async function productsAcross(
  request: APIRequestContext,
  storeId: string,
  otherStoreId: string,
  query: string,
): Promise<{ both: { here: Product; there: Product }[]; onlyHere: Product[] }> {
  const res = await request.post("/menu/search/v4", {
    data: { query, hitsPerPage: 60 },
    headers: { "x-store-id": storeId },
  });
  const here = ((await res.json()) as { products: Product[] }).products.filter(
    (p) => p.seller?.store_id === storeId && p.in_stock && p.stock >= 5,
  );
  if (here.length === 0) return { both: [], onlyHere: [] };
  const other = await request.get(`/menu/product/${here.map((p) => p.sku_id).join(",")}`, {
    headers: { "x-store-id": otherStoreId },
  });
  const there = new Map(
    ((await other.json()) as { products: Product[] }).products.map((p) => [p.sku_id, p] as const),
  );
  const both = here.flatMap((p) => {
    const t = there.get(p.sku_id);
    return t?.seller?.store_id === otherStoreId && t.in_stock && t.stock >= 5 ? [{ here: p, there: t }] : [];
  });
  const onlyHere = here.filter((p) => !there.get(p.sku_id)?.seller);
  return { both, onlyHere };
}

/**
 * Waits until the page is hydrated (React Router's route modules loaded, the network quiet): a document's scripts
 * load after its first paint (ADR 43), so what a test does right after a heading shows may come before them.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  );
  await page.waitForLoadState("networkidle");
}

/** Fills the sign-up form on the page (as it stands: hydrated or not, the caller decides) and sends it. */
export async function sendSignUpForm(
  page: Page,
  who: { first: string; last: string; email: string; birthday: string },
) {
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First name").fill(who.first);
  await form.getByLabel("Last name").fill(who.last);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Birthday").fill(who.birthday);
  await form.getByRole("button", { name: "Sign up" }).click();
}

/** Holds the page's scripts back until the returned function lets them through: the painted page is all there is. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const letThrough = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unrouteAll();
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await letThrough;
    await route.continue();
  });
  return () => release();
}

/** Holds the page's requests to `url` (a glob) until the returned function is called; then they go on. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function setAddress(page: Page, typed: string) {
  // The chip opens its dialog once the page has hydrated: the page paints before its scripts load (ADR 43, 45).
  await hydrated(page);
  await page.getByTestId("address-chip").click();
  const dialog = page.getByRole("dialog", { name: "Where should we deliver?" });
  await dialog.getByRole("combobox", { name: "Delivery address" }).fill(typed);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
}

/** Adds from the product's page and waits for the server's answer (a page loaded next reads the cart as it is). */
export async function addFromProductPage(page: Page, product: Product) {
  await page.goto(product.url);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(product.title.slice(0, 10));
  // The button adds once the page has hydrated: a click on the painted page before that does nothing.
  await hydrated(page);
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/menu/cart/v2",
    { timeout: 10_000 },
  );
  await page.getByTestId("add-to-cart").click();
  await answered;
}

function everyFrameSameOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return (
      url === "" || url === "about:blank" || url.startsWith("about:srcdoc") || new URL(url).origin === origin
    );
  });
}

/** The attribute that keeps an element out of an audit's color-contrast sample (expectNoSeriousA11yViolations). */
const OUT_OF_CONTRAST_SAMPLE = "data-a11y-contrast-not-sampled";

/**
 * Where an audit reads contrast on a sample: color-contrast, the costliest rule, only on the first `keep` of the
 * elements `selector` names and on everything else on the page; every other rule on all of them. For a list of one
 * markup repeated thousands of times: on /brands (4,400 links in one style) color-contrast took 6.9 s of axe's 8.1.
 */
export interface ContrastSample {
  selector: string;
  keep: number;
}

/** axe (WCAG 2.2 A and AA) finds nothing serious or critical on the page as it stands. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  what: string,
  contrastSample?: ContrastSample,
) {
  // A fade under way (the chat launcher stepping aside) is not a state anyone reads: audit where it settles. With
  // reduced motion the store has no transitions (one starting while axe reads would be half-drawn), then whatever
  // still animates is waited for.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const audit = () =>
    new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      // Only the violations are read: axe then reports one node per passing rule, not all of them (a fifth less time
      // on a page, and far less on /brands's 4,400 links).
      .options({ resultTypes: ["violations"] })
      // The same rules run in the page in one pass (axe.run) when every frame is the page's own: the default runs
      // them frame by frame and finishes in a page of its own, sending every node's result across (/brands: 31 s of
      // a lone browser's time against 9; the same violations and passes). A frame from another origin needs the default.
      .setLegacyMode(everyFrameSameOrigin(page));
  let violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];
  if (contrastSample) {
    const marked = await page.evaluate(
      ({ selector, keep, attribute }) => {
        const rest = [...document.querySelectorAll(selector)].slice(keep);
        for (const el of rest) el.setAttribute(attribute, "");
        return rest.length;
      },
      { ...contrastSample, attribute: OUT_OF_CONTRAST_SAMPLE },
    );
    expect(
      marked,
      `${what}: more than ${contrastSample.keep} of ${contrastSample.selector} to sample`,
    ).toBeGreaterThan(0);
    const everyOtherRule = await audit().disableRules(["color-contrast"]).analyze();
    const contrast = await audit()
      .withRules(["color-contrast"])
      .exclude(`[${OUT_OF_CONTRAST_SAMPLE}]`)
      .analyze();
    await page.evaluate((attribute) => {
      for (const el of document.querySelectorAll(`[${attribute}]`)) el.removeAttribute(attribute);
    }, OUT_OF_CONTRAST_SAMPLE);
    violations = [...everyOtherRule.violations, ...contrast.violations];
  } else {
    violations = (await audit().analyze()).violations;
  }
  await page.emulateMedia({ reducedMotion: null });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${what} has serious accessibility violations`,
  ).toEqual([]);
}
