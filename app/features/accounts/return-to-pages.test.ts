import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { ApiFetch } from "#app/lib/api.ts";
import { action as loginAction, loader as loginLoader } from "#app/routes/login.tsx";
import { loader as signupLoader } from "#app/routes/signup.tsx";
import { createUser, signedInBrowser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

/**
 * The return address of the sign-in pages (issue #29: `/login?returnTo=/%09/host:port/path` sent a signed-in shopper
 * to another site; `%0a`, `%0d`, `%00` or U+2028 showed the 500 page). Each page's loader and action run as the
 * server runs them, calling the API (on this database) for the shopper whose cookies `browser` keeps.
 */
function contextOf(browser: TestBrowser): AppLoadContext {
  const api: ApiFetch = async (path, init = {}) => {
    const res = await browser.request(init.method ?? "GET", path, init.body, init.headers);
    const isJson = String(res.headers["content-type"] ?? "").includes("json");
    return {
      status: res.statusCode,
      ok: res.statusCode < 400,
      data: isJson && res.body ? res.json() : res.body,
      headers: res.headers as Record<string, string>,
    } as never;
  };
  return { api, nonce: "", origin: "http://localhost", pathNamesNoPage: false } as AppLoadContext;
}

/** Where a loader or action sends the shopper: the Location of the redirect it returned or threw. */
async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (!(outcome instanceof Response)) return null;
  expect(outcome.status).toBe(302);
  return outcome.headers.get("location");
}

const HOSTILE: [string, string][] = [
  ["a tab", "/%09/127.0.0.1:4101/path"],
  ["a newline", "/%0a/127.0.0.1:4101/path"],
  ["a carriage return", "/%0d/127.0.0.1:4101/path"],
  ["a NUL", "/%00/127.0.0.1:4101/path"],
  ["U+2028", "/%E2%80%A8/127.0.0.1:4101/path"],
  ["a form feed", "/%0c/127.0.0.1:4101/path"],
  ["a protocol-relative URL", "//127.0.0.1:4101/path"],
  ["a backslash", "/%5C127.0.0.1:4101/path"],
  ["a dot segment", "/.//127.0.0.1:4101/path"],
  ["a full URL", "https%3A%2F%2Fevil.example%2F"],
];

describe.each(testDatabases)("the sign-in pages' return address on %s", (kind) => {
  const s = useTestApp(kind);
  const page = (path: string) => new Request(`http://localhost${path}`);

  it.each(HOSTILE)(
    "/login with %s in returnTo sends a signed-in shopper to /account",
    async (_why, value) => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const args = { request: page(`/login?returnTo=${value}`), context: contextOf(browser), params: {} };
      expect(await redirectOf(() => loginLoader(args as never))).toBe("/account");
    },
  );

  it.each(HOSTILE)(
    "/signup with %s in returnTo sends a signed-in shopper to /account",
    async (_why, value) => {
      const browser = await signedInBrowser(s.app, await createUser(s.db));
      const args = { request: page(`/signup?returnTo=${value}`), context: contextOf(browser), params: {} };
      expect(await redirectOf(() => signupLoader(args as never))).toBe("/account");
    },
  );

  it.each(HOSTILE)("/login's form with %s in returnTo signs in and goes to /account", async (_why, value) => {
    const user = await createUser(s.db);
    const browser = new TestBrowser(s.app);
    await browser.refresh();
    const form = new URLSearchParams({
      intent: "password",
      username: user.email,
      password: TEST_PASSWORD,
      returnTo: decodeURIComponent(value),
    });
    const request = new Request("http://localhost/login", { method: "POST", body: form });
    const args = { request, context: contextOf(browser), params: {} };
    expect(await redirectOf(() => loginAction(args as never))).toBe("/account");
    expect((await browser.refresh()).user?.id).toBe(user.id);
  });

  it("an anonymous shopper's /login form carries no hostile address back", async () => {
    const browser = new TestBrowser(s.app);
    const args = {
      request: page("/login?returnTo=/%09/evil.example"),
      context: contextOf(browser),
      params: {},
    };
    // Empty: the form's sign-in lands where the account's role does (domain/accounts/landing.ts), never elsewhere.
    expect(await loginLoader(args as never)).toMatchObject({ returnTo: "" });
  });

  it("keeps a return address on this site, query included", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const to = encodeURIComponent("/console/orders?status=active");
    const args = { request: page(`/login?returnTo=${to}`), context: contextOf(browser), params: {} };
    expect(await redirectOf(() => loginLoader(args as never))).toBe("/console/orders?status=active");
  });
});
