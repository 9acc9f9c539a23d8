import { randomBytes } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type Request,
  test,
} from "@playwright/test";
import { SCANNER_COPY } from "#app/features/age/scanner-copy.ts";
import type { Availability } from "#domain/availability/types.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import { cardNumbersIn } from "#domain/payments/card-number.ts";
import { aamvaText, licenceBarcodePng } from "../factories/licences.ts";
import { firstDeliveryTime } from "../support/shopping.ts";
import {
  addFromProductPage,
  hydrated,
  productAt,
  sendSignUpForm,
  setAddress,
  vendorOf,
} from "./storefront.ts";

/** Steps the checkout journeys share: a new shopper, the card typed into the provider's frame, the time, the watch. */

export const WICKER_PARK = "1425 N Damen Ave, Chicago, IL 60622";
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** An email no earlier run used. */
export const unique = (name: string) => `${name}.${randomBytes(3).toString("hex")}@example.com`;

/**
 * A screenshot for a person to look at, when E2E_SCREENSHOTS_DIR is set: the full page, or only the viewport
 * (while a dialog is open: its backdrop covers only the viewport).
 */
export async function shot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * Each journey's shopper comes from an address of their own, as real shoppers do: the server allows ten sign-ups per
 * address in 15 minutes, and the whole suite signs up more than ten from this one machine (the loopback proxy is
 * trusted in tests: docs/adr/0050).
 */
async function fromAnAddressOfTheirOwn(page: Page) {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
}

/** The 6-digit code the local mailbox holds for `email` (the outbox's job may send it a moment after asked). */
async function codeFromMailbox(request: APIRequestContext, email: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/mailbox?recipient=${encodeURIComponent(email)}`);
        const messages = (await res.json()) as { body: string }[];
        code = /\b(\d{6})\b/.exec(messages[0]?.body ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 30_000, message: `the sign-up code for ${email} in the local mailbox` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * A new shopper, Casey Buyer (21+), signed in in `page`'s browser: signed up through the API with the emailed code,
 * as the page's own scripts would, and the page opened at `then`. For journeys whose point comes after sign-up;
 * those about signing up itself use signUpInBrowser.
 */
export async function signUp(page: Page, email: string, then = "/") {
  await fromAnAddressOfTheirOwn(page);
  const api = page.request;
  // The CSRF token is bound to the visitor's cookie, which the first page of ours gives.
  if (!page.url().startsWith("http")) await page.goto("/");
  const { csrfToken } = (await (await api.get("/auth/session")).json()) as { csrfToken: string | null };
  if (!csrfToken) throw new Error("signUp: no CSRF token for this browser: open a page of ours first");
  const headers = { "x-csrf-token": csrfToken };
  const sent = await api.post("/auth/signup", {
    headers,
    data: { firstname: "Casey", lastname: "Buyer", email, birthday: "1990-05-17" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { oid } = (await sent.json()) as { oid: string };
  const code = await codeFromMailbox(api, email);
  const signedIn = await api.post("/auth/loginV2Step2", { headers, data: { oid, code } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(then);
  await expect(page.getByLabel("Account menu for Casey")).toBeVisible();
}

/** Signs up as Casey Buyer (21+) on the sign-up page with the emailed code; `path` may carry an offer. */
export async function signUpInBrowser(page: Page, email: string, path = "/signup") {
  await fromAnAddressOfTheirOwn(page);
  await page.goto(path);
  await sendSignUpForm(page, { first: "Casey", last: "Buyer", email, birthday: "1990-05-17" });
  // The code's email goes out through the outbox's job: on a busy machine it may land a moment after the page asks.
  const mailbox = await page.context().newPage();
  let body = "";
  await expect
    .poll(
      async () => {
        await mailbox.goto(`/mailbox?recipient=${encodeURIComponent(email)}`);
        const first = mailbox.locator(".outbox__message .outbox__body").first();
        body = (await first.textContent({ timeout: 1_000 }).catch(() => null)) ?? "";
        return body;
      },
      { timeout: 30_000, message: `the sign-up code for ${email} in the local mailbox` },
    )
    .toMatch(/\b\d{6}\b/);
  await mailbox.close();
  const code = /\b(\d{6})\b/.exec(body)?.[1] ?? "";
  const codeForm = page.getByRole("form", { name: "Enter your code" });
  await codeForm.getByLabel("6-digit code").fill(code);
  await codeForm.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Account menu for Casey")).toBeVisible();
}

/**
 * Every request the browser context sends to our own API (the store's origin, the provider's /sandbox-pay pages
 * left out: they are the only place a card number may go), kept to be read at the end with cardNumbersSent.
 */
export function watchApiRequests(page: Page, origin = test.info().project.use.baseURL): Request[] {
  const ours = new URL(origin ?? "http://127.0.0.1").origin;
  const seen: Request[] = [];
  page.context().on("request", (req) => {
    const url = new URL(req.url());
    if (url.origin === ours && !url.pathname.startsWith("/sandbox-pay/")) seen.push(req);
  });
  return seen;
}

/** The Luhn-valid 13–19 digit numbers any of the requests carried in its address or body, each named. */
export function cardNumbersSent(requests: readonly Request[]): string[] {
  return requests.flatMap((r) =>
    cardNumbersIn(`${r.url()} ${r.postData() ?? ""}`).map((n) => `${r.method()} ${r.url()}: ${n}`),
  );
}

/**
 * Keeps the time checkout chose (ASAP when the store is open), else a slot offered: the first that starts an hour or
 * more from now. A slot starting sooner may close (it must start the store's ETA from now) while the journey types
 * the card, and checkout then rightly refuses it. ASAP may lapse the same way near closing time (the store must
 * still be open when the order arrives): with no slot starting within two hours, the store is about to close, and a
 * slot is chosen instead (a journey failed so at 9:25 pm in Chicago, ASAP offered, then refused a minute later).
 */
export async function chooseDeliveryTime(page: Page) {
  // A choice made on the painted page before it hydrates is put back to the form's own state when it does (the
  // early-click script holds buttons only: docs/adr/0047-early-clicks.md).
  await hydrated(page);
  const select = page.getByLabel("Delivery time");
  const startsIn = (value: string) => Date.parse(value.split("|")[1]) - Date.now();
  const startsSoon = (value: string) => value.includes("|") && startsIn(value) < 60 * 60_000;
  const chosen = await select.inputValue();
  const values = await select
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const slots = values.filter((v) => v.includes("|"));
  const closingSoon = chosen === "asap" && !slots.some((v) => startsIn(v) < 2 * 60 * 60_000);
  if (chosen === "" || startsSoon(chosen) || closingSoon)
    await select.selectOption(slots.find((v) => !startsSoon(v)) ?? slots[0] ?? chosen);
}

/** Types a card into the sandbox provider's own frame (our page never holds the number). */
export async function typeCard(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel("Card number").fill(number);
  await card.getByLabel("Expiry (MM / YY)").fill("1230");
  await card.getByLabel("Security code").fill("123");
}

/** What the API answers from the page's own session (its cookies), as the storefront's scripts would read it. */
export async function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { credentials: "include", headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  }, path) as Promise<T>;
}

export const orderHistory = (page: Page) =>
  apiFromPage<{ count: number; orders: Order[] }>(page, "/order/history");

/**
 * Nicotine or tobacco in the cart: the shopper (Casey Buyer, born 1990) scans their own licence at checkout, a
 * PNG uploaded into the scanner (ADR 24); checkout then shows them verified.
 */
export async function verifyAgeAtCheckout(page: Page) {
  const section = page.getByRole("region", { name: "Age verification" });
  await section.getByRole("button", { name: "Scan your ID" }).click();
  const dialog = page.getByRole("dialog", { name: SCANNER_COPY.title });
  const expiry = `${new Date().getUTCFullYear() + 3}-01-31`;
  const png = await licenceBarcodePng(
    aamvaText({
      firstName: "Casey",
      lastName: "Buyer",
      dateOfBirth: "1990-05-17",
      expiry,
      documentNumber: `B${randomBytes(5).toString("hex").toUpperCase()}`,
      jurisdiction: "IL",
    }),
  );
  await dialog
    .getByLabel(SCANNER_COPY.uploadLabel)
    .setInputFiles({ name: "licence-back.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("status")).toHaveText(SCANNER_COPY.verified);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(section.getByRole("status")).toContainText("Your age is verified.");
}

/**
 * A new shopper (Casey Buyer, Wicker Park) orders a bottle (the first whiskey in stock, unless `bottle` says which) with 4242 and lands on the order's page; answers the order page's path, its heading ("Order #…") and the
 * product.
 */
export async function shopperPlacesOrder(
  page: Page,
  request: APIRequestContext,
  name: string,
  opts: {
    /** Runs once the store serving the shopper is known, before anything is added to the cart. */
    storeKnown?: (storeId: string) => Promise<void>;
    /** Runs on the checkout page before the order is placed. */
    atCheckout?: (page: Page) => Promise<void>;
    /**
     * Which bottle: the first in stock that a search finds and `where` accepts. A journey that changes the bottle's
     * stock picks one no other journey orders: most take the first whiskey, and one emptied under them leaves their
     * checkout nothing to place.
     */
    bottle?: { query: string; where?: (product: Product) => boolean };
  } = {},
) {
  await page.goto("/");
  await signUp(page, unique(name));
  await setAddress(page, WICKER_PARK);
  const { store_id } = await vendorOf(request, page);
  await opts.storeKnown?.(store_id);
  const product = await productAt(request, store_id, opts.bottle?.query ?? "whiskey", [], opts.bottle?.where);
  await addFromProductPage(page, product);
  await page.goto("/checkout");
  await opts.atCheckout?.(page);
  await chooseDeliveryTime(page);
  await typeCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";
  return { orderPath: new URL(page.url()).pathname, heading, product, storeId: store_id };
}

/**
 * shopperPlacesOrder for journeys whose point comes after the order (tracking, the console, the driver, tips,
 * rewards, statements…): the same new shopper, address and bottle, the order placed through the API with the body the
 * checkout form sends as it opens (a new 4242 card, saved; the 15 % tip of an on-demand store; the first delivery
 * time offered), and the page left where the form leaves it, on the placed order. Checkout's own clicks are the
 * checkout journeys' (checkout.spec.ts, checkout-more.spec.ts, payments.spec.ts, stripe.spec.ts): here they would
 * only repeat them, at a dozen page loads an order.
 */
export async function shopperWithOrder(
  page: Page,
  request: APIRequestContext,
  name: string,
  opts: { bottle?: { query: string; where?: (product: Product) => boolean } } = {},
) {
  await page.goto("/");
  await signUp(page, unique(name));
  const api = page.request;
  const session = (await (await api.get("/auth/session")).json()) as {
    csrfToken: string;
    user: { id: string };
  };
  const send = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await api.post(path, { headers: { "x-csrf-token": session.csrfToken }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
  await send("/order/address", { address: WICKER_PARK });
  const { store_id } = await vendorOf(request, page);
  const product = await productAt(request, store_id, opts.bottle?.query ?? "whiskey", [], opts.bottle?.where);
  const cart = await send<{ split_cart: Record<string, { sale_classes: string[] }> }>("/menu/cart/v2", {
    skus: [{ sku: product.sku_id, qty: 1, store_id, meta: { engraving: null } }],
  });
  // As the checkout page asks for its times (availabilityPath in app/features/checkout/load-checkout.ts).
  const classes = cart.split_cart[store_id]?.sale_classes ?? [];
  const times = await api.get(`/menu/availability${classes.length ? `?classes=${classes.join(",")}` : ""}`, {
    headers: { "x-store-id": store_id },
  });
  expect(times.status(), await times.text()).toBe(200);
  const card = await send<{ id: string }>("/sandbox-pay/v1/tokens", {
    number: "4242424242424242",
    exp_month: 12,
    exp_year: 2031,
    cvc: "123",
  });
  const placed = await send<{ status: string; orders: { _id: string }[] }>("/order/v3", {
    id: checkoutIdFor(session.user.id, new Date()),
    paymentMethod: { type: "token", token: card.id, save: true },
    ...firstDeliveryTime((await times.json()) as Availability),
    tip: { percent: 15 },
    isGift: false,
    address: { type: "Residential" },
  });
  expect(placed.status).toBe("succeeded");
  const orderPath = `/orders/${placed.orders[0]._id}`;
  await page.goto(`${orderPath}?placed=1`);
  await expect(page.getByText("Thank you! Your order is placed.")).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /Order #\d+/ }).textContent()) ?? "";
  return { orderPath, heading, product, storeId: store_id };
}

/** Signs in with the demo staff password (README, "Trying it") as `email`, from a console page's own form. */
export async function consoleSignIn(page: Page, email: string, path = "/console") {
  await page.goto(path);
  const login = page.getByRole("form", { name: "Log in with your password" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("nightcap-staff");
  await login.getByRole("button", { name: "Log in" }).click();
}

export const ADMIN_EMAIL = "admin@nightcap.localhost";

/** Signs in at `path` (the console by default) as the demo staff account of a seeded store (README, "Trying it"). */
export async function staffSignIn(staff: Page, storeId: string, path = "/console") {
  await consoleSignIn(staff, `staff-${storeId.replace(/^st_/, "")}@nightcap.localhost`, path);
}

/** The store's staff take order #`number` from the queue to delivered (accept, send out, deliver) on `staff`. */
export async function deliverOrder(staff: Page, storeId: string, number: string) {
  await staffSignIn(staff, storeId);
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  await sendOut(staff);
  await staff.getByRole("button", { name: "Mark delivered" }).click();
  await expect(staff.getByText("Mark delivered: done.")).toBeVisible();
}

/**
 * "Send out" on an order's console page. Out of the store's hours, or more than an hour before a slot (a journey run
 * while the stores are closed places a slot order), the console asks for staff's word: they confirm (ADR 51).
 */
export async function sendOut(staff: Page) {
  await staff.getByRole("button", { name: "Send out", exact: true }).click();
  const done = staff.getByText("Send out: done.");
  const anyway = staff.getByRole("button", { name: "Send out anyway" });
  await expect(done.or(anyway)).toBeVisible();
  if (await anyway.isVisible()) {
    await anyway.click();
    await expect(done).toBeVisible();
  }
}

/** "Pick up #…" on the driver view, confirmed when the console asks for the driver's word (see sendOut). */
export async function pickUp(driver: Page, number: string) {
  await driver.getByRole("button", { name: `Pick up #${number}`, exact: true }).click();
  const anyway = driver.getByRole("button", { name: `Pick up #${number} anyway` });
  const onTheRoad = driver.locator(".driver__stop").filter({ hasText: `#${number}` });
  await expect(onTheRoad.or(anyway)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(onTheRoad).toBeVisible();
}

/** From the placed order's page to its live tracking page, the stream open. */
export async function trackLive(page: Page) {
  await page.getByRole("link", { name: "Track live" }).click();
  await expect(page.locator(".tracking")).toHaveAttribute("data-connection", "open");
}

/** The store's staff, on a phone-sized page of their own, sign in and accept order #`number` in the console. */
export async function staffAcceptsOrder(browser: Browser, storeId: string, number: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await context.newPage();
  await staffSignIn(staff, storeId);
  await staff.getByRole("link", { name: new RegExp(`#${number}\\b`) }).click();
  await staff.getByRole("button", { name: "Accept" }).click();
  await expect(staff.getByText("Accept: done.")).toBeVisible();
  return { context, staff };
}
