import { describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { routeArgs } from "#tests/support/page-api.ts";
import { action, loader } from "./login.tsx";

/** Where /login's form sends an account once signed in, and where /login sends an account already signed in. */
describe.each(testDatabases)("signing in at /login on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  async function signIn(role: "customer" | "store_staff" | "admin", returnTo: string) {
    const user = await createUser(s.db, {
      role,
      ...(role === "store_staff" ? { store_id: "d-manhattan" } : {}),
    });
    const browser = new TestBrowser(s.app);
    const form = new URLSearchParams({
      intent: "password",
      username: user.email,
      password: TEST_PASSWORD,
      returnTo,
    });
    const args = routeArgs(browser, "/login", { method: "POST", body: form });
    const answer = (await action({ ...args, params: {} } as never)) as Response;
    return { browser, landed: answer.headers.get("Location") };
  }

  it("store staff and administrators land on the console, shoppers on their account", async () => {
    expect((await signIn("store_staff", "")).landed).toBe("/console");
    expect((await signIn("admin", "")).landed).toBe("/console");
    expect((await signIn("customer", "")).landed).toBe("/account");
  });

  it("a page that sent them wins, and a foreign address is not one", async () => {
    expect((await signIn("store_staff", "/console/orders/o1")).landed).toBe("/console/orders/o1");
    expect((await signIn("customer", "/checkout")).landed).toBe("/checkout");
    expect((await signIn("store_staff", "https://evil.example/")).landed).toBe("/console");
  });

  it("an account already signed in that opens /login is sent where it lands", async () => {
    const { browser } = await signIn("store_staff", "");
    const thrown = await loader({ ...routeArgs(browser, "/login"), params: {} } as never).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/console");
  });
});
