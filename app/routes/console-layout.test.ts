import { randomUUID } from "node:crypto";
import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { routeArgs } from "#tests/support/page-api.ts";
import * as queue from "./console.tsx";
import * as admin from "./console-admin.tsx";
import * as analytics from "./console-analytics.tsx";
import * as banners from "./console-banners.tsx";
import * as chats from "./console-chats.tsx";
import * as driver from "./console-driver.tsx";
import * as enquiries from "./console-enquiries.tsx";
import * as idChecks from "./console-id-checks.tsx";
import * as layout from "./console-layout.tsx";
import * as loyalty from "./console-loyalty.tsx";
import * as order from "./console-order.tsx";
import * as stock from "./console-stock.tsx";
import * as store from "./console-store.tsx";
import * as taxes from "./console-taxes.tsx";

type PageModule = { loader: unknown; action?: unknown };

/** Each console page, its route pattern and an address on it with a query. */
const PAGES: [string, string, PageModule][] = [
  ["console", "/console?status=done", queue],
  ["console/driver", "/console/driver?from=queue", driver],
  ["console/orders/:id", `/console/orders/${randomUUID()}?tab=lines`, order],
  ["console/stock", "/console/stock?q=gin&skip=25", stock],
  ["console/store", "/console/store?store_id=st_chi-wicker-park", store],
  ["console/admin", "/console/admin?zone_store=st_chi-wicker-park", admin],
  ["console/loyalty", "/console/loyalty?email=casey%40example.com", loyalty],
  ["console/id-checks", "/console/id-checks?email=casey%40example.com", idChecks],
  ["console/enquiries", "/console/enquiries?kind=business", enquiries],
  ["console/banners", "/console/banners?from=bar", banners],
  ["console/analytics", "/console/analytics?days=7", analytics],
  ["console/chats", "/console/chats?thread=t1", chats],
  ["console/taxes", "/console/taxes?month=2026-10", taxes],
];

/**
 * The console's routes as the server runs them (React Router's static handler, which createRequestHandler calls for
 * documents and for `.data` requests): the layout above one page, both loaders run together.
 */
function handlerFor(pattern: string, page: PageModule) {
  return createStaticHandler([
    {
      id: "console-layout",
      loader: layout.loader as never,
      children: [{ id: "page", path: pattern, loader: page.loader as never, action: page.action as never }],
    },
  ]);
}

function locationOf(result: Response | StaticHandlerContext): string | null {
  if (!(result instanceof Response)) return null;
  expect(result.status).toBe(302);
  return result.headers.get("location");
}

const signInFor = (path: string) => `/login?returnTo=${encodeURIComponent(path)}`;

describe.each(testDatabases)("the console layout on %s", (kind) => {
  const s = useTestApp(kind);

  it.each(PAGES)(
    "sends a signed-out visitor of %s to sign in and back, query kept",
    async (pattern, path, page) => {
      const browser = new TestBrowser(s.app);
      const { request, context } = routeArgs(browser, path);
      const handler = handlerFor(pattern, page);
      // A document request: every loader.
      expect(locationOf(await handler.query(request, { requestContext: context as never }))).toBe(
        signInFor(path),
      );
      // A data request, as the server answers one (a page's error stays with the page); after a failed form post
      // the browser asks for the layout's loader alone.
      for (const only of [null, "console-layout"]) {
        const data = await handler.query(routeArgs(browser, path).request, {
          requestContext: context as never,
          skipLoaderErrorBubbling: true,
          filterMatchesToLoad: (m) => only === null || m.route.id === only,
        });
        expect(locationOf(data)).toBe(signInFor(path));
      }
    },
  );

  it.each(PAGES)(
    "lets a signed-in shopper through to %s, which refuses them (403)",
    async (pattern, path, page) => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const { request, context } = routeArgs(browser, path);
      const result = await handlerFor(pattern, page).query(request, { requestContext: context as never });
      if (result instanceof Response)
        throw new Error(`answered ${result.status} ${result.headers.get("location")}`);
      expect(result.statusCode).toBe(403);
      expect(result.loaderData["console-layout"]).toBeNull();
      expect((result.loaderData.page as { forbidden: string }).forbidden).toMatch(/\w/);
    },
  );

  it("sends a signed-out form post to sign in: the layout's loader runs after the action", async () => {
    const browser = new TestBrowser(s.app);
    const form = new URLSearchParams({ min_order: "20.00", delivery_fee: "3.99", eta: "30" });
    const { request, context } = routeArgs(browser, "/console/store", { method: "POST", body: form });
    const result = await handlerFor("console/store", store).query(request, {
      requestContext: context as never,
    });
    expect(locationOf(result)).toBe(signInFor("/console/store"));
  });

  it("returns to /console when the address is not a path the sign-in pages take back", () => {
    expect(layout.signInAddress(new URL("http://nightcap.test//evil.example/console"))).toBe(
      signInFor("/console"),
    );
    expect(layout.signInAddress(new URL(`http://nightcap.test/console?q=${"x".repeat(600)}`))).toBe(
      signInFor("/console"),
    );
  });
});
