import type { ApiFetch } from "#app/lib/api.ts";
import type { TestBrowser } from "./browser.ts";

/**
 * `context.api` for a route's loader or action in an HTTP test: the API called in-process with the browser's
 * cookies (and, on a state change, its CSRF token, as a page's form carries it), as server/ssr.ts does for a render.
 */
export function pageApi(browser: TestBrowser): ApiFetch {
  return async (path, init = {}) => {
    const method = init.method ?? "GET";
    const res = await browser.request(method, path, init.body, { "x-platform": "web", ...init.headers });
    const isJson = String(res.headers["content-type"] ?? "").includes("json");
    return {
      status: res.statusCode,
      ok: res.statusCode < 400,
      data: isJson && res.body ? JSON.parse(res.body) : res.body || null,
      headers: res.headers as Record<string, string>,
    } as never;
  };
}

/** A route's loader or action arguments: the request and the in-process API (the rest of the context unused). */
export function routeArgs(browser: TestBrowser, url: string, init: RequestInit = {}) {
  return {
    request: new Request(new URL(url, "http://nightcap.test"), init),
    context: { api: pageApi(browser), nonce: "", origin: "http://nightcap.test", pathNamesNoPage: false },
  };
}
