import { expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, shot, signUp, unique } from "./checkout-helpers.ts";
import { hydrated } from "./storefront.ts";

/**
 * Issue 32: one layout route signs the console in. A signed-out visitor of any console page lands on /login with
 * the page (path and query) as its return address, and signing in brings them back to it; a signed-in shopper still
 * gets the page's own refusal; a session that ends while the console is open goes to sign-in on the next click or
 * form post.
 */

const STAFF_EMAIL = "staff-chi-wicker-park@nightcap.localhost";

/**
 * Console pages with a query, who signs in there, and the heading the page shows them: a staff page, the driver's
 * phone page and an administrator's page in the browser; every console page, the order's included, goes through the
 * layout in app/routes/console-layout.test.ts (React Router's own server handler, without a browser).
 */
const PAGES: { path: string; email: string; heading: string }[] = [
  { path: "/console?status=done", email: STAFF_EMAIL, heading: "Orders" },
  { path: "/console/driver", email: STAFF_EMAIL, heading: "Your run" },
  { path: "/console/stock?q=gin", email: STAFF_EMAIL, heading: "Stock" },
  { path: "/console/analytics?days=7", email: ADMIN_EMAIL, heading: "Analytics" },
];

const signInAddress = (path: string) => `/login?returnTo=${encodeURIComponent(path)}`;

/** Signs in on the /login page the browser is on, with the demo console password. */
async function signInHere(page: Page, email: string) {
  const login = page.getByRole("form", { name: "Log in with your password" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("nightcap-staff");
  await login.getByRole("button", { name: "Log in" }).click();
}

/** The browser's address as a path with its query. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

test("a console page sends a signed-out visitor to sign in and back to the page, query kept", async ({
  browser,
}) => {
  for (const { path, email, heading } of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    expect(here(page), path).toBe(signInAddress(path));
    await signInHere(page, email);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    expect(here(page)).toBe(path);
    await expect(page.getByRole("navigation", { name: "Store console" })).toBeVisible();
    if (path.startsWith("/console/stock")) await shot(page, "console-stock-after-sign-in");
    await context.close();
  }
});

test("without scripts, a signed-out visitor is sent to sign in and back to the console page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const path = "/console/stock?q=gin";
  await page.goto(path);
  expect(here(page)).toBe(signInAddress(path));
  await signInHere(page, STAFF_EMAIL);
  await expect(page.getByRole("heading", { name: "Stock", level: 1 })).toBeVisible();
  expect(here(page)).toBe(path);
  await context.close();
});

test("signed in without the role, a shopper and a staff member still get the console page's own refusal", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  await signUp(page, unique("not-staff"));
  for (const [path, heading] of [
    ["/console", "Store console"],
    ["/console/admin", "Admin"],
  ]) {
    await page.goto(path);
    expect(here(page)).toBe(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("The store console is for store staff.");
  }

  // An administrators' page refuses store staff in its own words.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto("/console/enquiries");
  await signInHere(staff, STAFF_EMAIL);
  await expect(staff.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
  expect(here(staff)).toBe("/console/enquiries");
  await expect(staff.getByRole("alert")).toHaveText("Only administrators can do this.");
  await context.close();
});

test("a session that ends while the console is open goes to sign-in on the next link or form post", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/console/store");
  await signInHere(page, STAFF_EMAIL);
  await expect(page.getByRole("heading", { name: "Hours and fees", level: 1 })).toBeVisible();
  await hydrated(page);

  // A form post (the action answers 401; the layout's loader, asked again after it, sends the visitor on).
  await context.clearCookies();
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => here(page)).toBe(signInAddress("/console/store"));
  await signInHere(page, STAFF_EMAIL);
  await expect(page.getByRole("heading", { name: "Hours and fees", level: 1 })).toBeVisible();

  // A link in the console's bar (a data request for the next page).
  await context.clearCookies();
  await page.getByRole("navigation", { name: "Store console" }).getByRole("link", { name: "Driver" }).click();
  await expect.poll(() => here(page)).toBe(signInAddress("/console/driver"));
  await context.close();
});
