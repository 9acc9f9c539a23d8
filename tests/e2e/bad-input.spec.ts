import { expect, type Page, test } from "@playwright/test";
import fc from "fast-check";
import routes from "#app/routes.ts";
import { oddUrlPart } from "../support/openapi-fuzz.ts";

/**
 * Bad input in a page's URL (issue 12 §3) answers the not-found page with HTTP 404, never the 500 screen or a raw
 * framework body; the same input to the API answers its JSON error. Then a fuzz run over the storefront's route
 * table: no page path, odd or not, answers a 5xx.
 */

const SHOTS = "test-results/screenshots";

async function expectNotFoundPage(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), `GET ${path}`).toBe(404);
  await expect(page.locator(".error-page")).toContainText("404");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Party foul.");
  await expect(page.getByText("We'll clean up. You head back in there.")).toBeVisible();
}

test.describe("a page URL that names no page", () => {
  for (const [what, path] of [
    ["a NUL in a search", "/search/a%00b"],
    ["a category name longer than the API takes", `/${"a".repeat(81)}`],
    ["a child category name longer than the API takes", `/wine/${"a".repeat(81)}`],
    ["a brand name longer than the API takes", `/brands/${"a".repeat(121)}`],
    ["a malformed percent-escape", "/search/%E0%A4%A"],
  ]) {
    test(`${what} shows the not-found page with 404`, async ({ page }) => {
      await expectNotFoundPage(page, path);
    });
  }

  test("keeps the shell around the not-found page of a malformed URL, and hydrates it", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await expectNotFoundPage(page, "/search/%E0%A4%A");
    await expect(page.getByRole("link", { name: "Wine" }).first()).toBeVisible();
    await page.waitForFunction(
      () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
    );
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Party foul.");
    expect(errors).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/desktop-404-malformed-url.png` });
    // The way back works from there.
    await page.getByRole("link", { name: "Back to the store" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Last call?");
  });

  test("the API answers the same input with its JSON error", async ({ request }) => {
    const badUrl = await request.get("/menu/product/%E0%A4%A");
    expect(badUrl.status()).toBe(400);
    expect(await badUrl.json()).toEqual({
      error: { code: "bad_request", message: "Invalid url: the path must be valid percent-encoded UTF-8" },
    });
    expect(badUrl.headers()["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");

    const nul = await request.post("/menu/search/v4", { data: { query: "a\u0000" } });
    expect(nul.status()).toBe(400);
    expect(await nul.json()).toEqual({
      error: {
        code: "bad_request",
        message: "Invalid body.query: must not contain the NUL character (U+0000)",
      },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Fuzzing the page routes

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every URL pattern of the route table (app/routes.ts): pages added later are fuzzed too. */
function patternsOf(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.index || entry.path ? [here || "/"] : [];
    return [...own, ...patternsOf(entry.children ?? [], here)];
  });
}

/** Segments that name something in the seeded catalogue, so odd input also meets pages that exist. */
const KNOWN = [
  "wine",
  "red-wine",
  "whiskey",
  "beer",
  "spirits",
  "jameson",
  "makers-mark",
  "IA-19476-750",
  "alcohol-delivery-new-york",
  "vodka",
];

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN) },
  { weight: 3, arbitrary: oddUrlPart },
  // Around the API's limits on names (80 for categories, 120 for brands) and far past them.
  { weight: 1, arbitrary: fc.constantFrom(79, 80, 81, 120, 121, 3000).map((n) => "a".repeat(n)) },
);

const query = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          "page",
          "sort",
          "category",
          "brand",
          "price",
          "volume",
          "country",
          "returnTo",
          "token",
        ),
        fc.oneof(fc.constantFrom("2", "0", "-1", "99999", "price-asc", "jameson", "under-10"), oddUrlPart),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  { nil: "" },
);

const patterns = patternsOf(routes as RouteEntry[]);
const withParams = patterns.filter((p) => /[:*]/.test(p));

const pagePath = fc
  .tuple(
    // Pages with path parameters take odd segments; the others are fuzzed through their query alone.
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...withParams) },
      { weight: 1, arbitrary: fc.constantFrom(...patterns) },
    ),
    fc.array(segment, { minLength: 1, maxLength: 3 }),
    query,
  )
  .map(([pattern, segments, search]) => {
    let next = 0;
    const filled = pattern
      .replace(/:[\w?]+/g, () => segments[next++ % segments.length])
      .replace("*", () => segments.join("/"));
    return filled + search;
  })
  // Node answers a request line over its 16 kB header limit itself (431) and drops the connection: not ours.
  .filter((path) => path.length < 8_000);

test("no page path, odd or not, answers a 5xx", async ({ request }) => {
  test.setTimeout(180_000);
  const paths = fc.sample(pagePath, { seed: 20_261_125, numRuns: 150 });
  const failures: string[] = [];
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() >= 500) failures.push(`${res.status()} ${path.slice(0, 200)}`);
  }
  expect(failures).toEqual([]);
});
