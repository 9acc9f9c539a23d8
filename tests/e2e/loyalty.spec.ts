import { expect, type Page, test } from "@playwright/test";
import { pointsForOrder, REDEEM_STEP_POINTS, TIERS, tierFor } from "#domain/loyalty/programme.ts";
import { OWN_ACCOUNT_MESSAGE } from "#domain/loyalty/staff-adjustment.ts";
import type { Order } from "#domain/orders/types.ts";
import {
  ADMIN_EMAIL,
  apiFromPage,
  consoleSignIn,
  deliverOrder,
  shopperWithOrder,
  shot,
  signUp,
  unique,
} from "./checkout-helpers.ts";
import { addFromProductPage, expectNoSeriousA11yViolations } from "./storefront.ts";

const adminSignIn = (admin: Page, path: string) => consoleSignIn(admin, ADMIN_EMAIL, path);

/**
 * Loyalty and the giveaway (issue 17): an administrator starts a giveaway (3 entries per order) on /console/loyalty;
 * a new shopper orders, and /loyalty shows no points yet; the store's staff deliver the order from the console; the
 * shopper's /loyalty shows the order's points, the first-order bonus, the tier they make and the giveaway's
 * entries, which /sweepstakes-rules repeats with the giveaway's own rules. Staff add points with a reason from
 * /console/loyalty; the shopper sees the tier move, redeems a step of points and finds the credit on
 * /account/promos. The administrator switches the giveaway off and draws its winner, recorded with its seed.
 */
test("a shopper earns points and entries with a delivered order, sees the tier move, redeems points into credit", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminSignIn(admin, "/console/loyalty");
  await expect(admin.getByRole("heading", { name: "Loyalty", level: 1 })).toBeVisible();
  const create = admin.getByRole("form", { name: "New giveaway" });
  await create.getByLabel("Title").fill("Holiday giveaway");
  await create.getByLabel("Entries per completed order (multiplier)").fill("3");
  await create
    .getByLabel("Official rules")
    .fill("One winner of a case of champagne.\n\nDrawn from every entry.");
  await create.getByLabel("Switched on").check();
  await create.getByRole("button", { name: "Create" }).click();
  await expect(admin.locator("#giveaway").getByRole("status")).toHaveText("Holiday giveaway is saved.");
  await expect(admin.getByText("clients read: active, multiplier 3")).toBeVisible();

  const { orderPath, heading, storeId, product } = await shopperWithOrder(page, request, "loyal");
  const orderId = orderPath.split("/").pop() ?? "";
  await page.goto("/loyalty");
  await expect(page.getByRole("heading", { name: "Nightcap Rewards", level: 1 })).toBeVisible();
  await expect(page.getByTestId("loyalty-points")).toHaveText("0");
  await expect(page.getByTestId("loyalty-tier")).toHaveText("Member");

  // The store's staff deliver it from the console.
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await deliverOrder(staff, storeId, number);

  const order = await apiFromPage<Order>(page, `/order/status/${orderId}`).catch(() => null);
  const history = await apiFromPage<{ orders: Order[] }>(page, "/order/history");
  const subtotal = (order?.subtotal ?? history.orders.find((o) => o._id === orderId)?.subtotal) as number;
  const earned = pointsForOrder(subtotal, TIERS[0]) + 100;
  await page.goto("/loyalty");
  await expect(page.getByTestId("loyalty-points")).toHaveText(String(earned));
  await expect(page.getByTestId("loyalty-tier")).toHaveText(tierFor(earned).name);
  await expect(page.getByTestId("actions-done")).toContainText("Complete your first order");
  await expect(page.getByTestId("loyalty-history")).toContainText(`Earned: Order #${number} completed`);
  await expect(page.getByTestId("giveaway-entries")).toHaveText("3");
  await expect(page.getByText("Holiday giveaway: every completed order earns 3 entries.")).toBeVisible();

  await page.goto("/sweepstakes-rules");
  const current = page.getByRole("region", { name: "Holiday giveaway" });
  await expect(current).toContainText("One winner of a case of champagne.");
  await expect(current.getByTestId("sweepstakes-entries")).toHaveText("3");
  await shot(page, "sweepstakes-rules", false);

  // Staff add points with a reason: the tier moves.
  const email = await page.evaluate(async () => {
    const res = await fetch("/me", { credentials: "include" });
    return ((await res.json()) as { user: { email: string } }).user.email;
  });
  await staff.goto("/console/loyalty");
  await staff.getByLabel("Customer's email").fill(email);
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff.getByTestId("console-points")).toHaveText(String(earned));
  const adjust = staff.getByRole("form", { name: "Adjust points" });
  await adjust.getByLabel("Points (negative to take)").fill("1000");
  await adjust.getByLabel("Reason").fill("Sorry for the late delivery");
  await adjust.getByRole("button", { name: "Adjust" }).click();
  await expect(staff.getByRole("status")).toHaveText("Added 1000 points.");
  await expect(staff.getByRole("list", { name: "Points history" })).toContainText(
    "Sorry for the late delivery",
  );
  await expectNoSeriousA11yViolations(staff, "the console's loyalty page");
  await shot(staff, "console-loyalty");
  await staffContext.close();

  const total = earned + 1000;
  await page.goto("/loyalty");
  await expect(page.getByTestId("loyalty-points")).toHaveText(String(total));
  await expect(page.getByTestId("loyalty-tier")).toHaveText(tierFor(total).name);
  expect(tierFor(total).name).not.toBe(tierFor(earned).name);
  await expectNoSeriousA11yViolations(page, "the loyalty page");
  await shot(page, "loyalty");

  // Redeem one step of points into store credit.
  const redeem = page.getByRole("form", { name: "Redeem points" });
  await redeem.getByLabel("How much").selectOption("1");
  await redeem.getByRole("button", { name: "Redeem" }).click();
  await expect(
    page.getByText(`Redeemed ${REDEEM_STEP_POINTS} points for $2.50 of store credit.`),
  ).toBeVisible();
  await expect(page.getByTestId("loyalty-points")).toHaveText(String(total - REDEEM_STEP_POINTS));
  await expect(page.getByTestId("loyalty-tier")).toHaveText(tierFor(total).name);
  await expect(page.getByTestId("loyalty-history")).toContainText(
    "Redeemed: 250 points for $2.50 of store credit",
  );
  await shot(page, "loyalty-redeemed");
  await page.goto("/account/promos");
  await expect(page.getByTestId("credit-balance")).toHaveText("$2.50");

  // Points redeem at checkout too: one step becomes credit, and the bill uses it at once.
  await addFromProductPage(page, product);
  await page.goto("/checkout");
  const left = total - REDEEM_STEP_POINTS;
  const usePoints = page.getByRole("button", { name: `Use ${REDEEM_STEP_POINTS} points for $2.50` });
  await expect(page.getByText(`You have ${left.toLocaleString("en-US")} points.`)).toBeVisible();
  await usePoints.click();
  await expect(
    page.getByText(`You have ${(left - REDEEM_STEP_POINTS).toLocaleString("en-US")} points.`),
  ).toBeVisible();
  await expect(page.getByLabel(/Use store credit \(\$5\.00\)/)).toBeChecked();
  await shot(page, "checkout-points-redeemed");

  // The administrator switches the giveaway off and draws its winner: our shopper holds every entry.
  await admin.reload();
  const change = admin.getByRole("form", { name: "Change Holiday giveaway" });
  await change.getByLabel("Switched on").uncheck();
  await change.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator("#giveaway").getByRole("status")).toHaveText("Saved.");
  const draw = admin.getByRole("form", { name: "Draw Holiday giveaway" });
  await draw.getByLabel(/Published value/).fill("Powerball 2026-12-24: 4 8 15 16 23 42");
  await draw.getByRole("button", { name: "Draw the winner" }).click();
  await expect(admin.getByTestId("giveaway-draw")).toContainText("Winner: Casey B.");
  await expect(admin.getByTestId("giveaway-draw")).toContainText("of 3");
  await shot(admin, "console-giveaway-drawn");
  await adminContext.close();
});

/**
 * Staff adjustments are bounded (issue 29; docs/adr/0051-console-safeguards.md): on /console/loyalty a member of
 * staff who looks up their own account and adds points is refused with the reason, as is one adjustment over the
 * bound for a shopper; within it, it goes through.
 */
test("the console refuses staff their own points and an adjustment over the bound, saying why", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = unique("bounded");
  await signUp(page, email);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const staffEmail = "staff-chi-river-north@nightcap.localhost";
  await consoleSignIn(staff, staffEmail, "/console/loyalty");
  await expect(staff.getByRole("heading", { name: "Loyalty", level: 1 })).toBeVisible();
  const find = async (who: string) => {
    await staff.getByLabel("Customer's email").fill(who);
    await staff.getByRole("button", { name: "Find" }).click();
    await expect(staff.getByTestId("console-points")).toBeVisible();
  };
  const adjustBy = async (points: string, reason: string) => {
    const adjust = staff.getByRole("form", { name: "Adjust points" });
    await adjust.getByLabel("Points (negative to take)").fill(points);
    await adjust.getByLabel("Reason").fill(reason);
    await adjust.getByRole("button", { name: "Adjust" }).click();
  };

  await find(staffEmail);
  await adjustBy("500", "A treat for me");
  await expect(staff.getByRole("alert")).toHaveText(OWN_ACCOUNT_MESSAGE);
  await expect(staff.getByTestId("console-points")).toHaveText("0");
  await shot(staff, "console-loyalty-own-account");

  await find(email);
  await expect(staff.getByText(/Up to 1,000 points at a time/)).toBeVisible();
  await adjustBy("100000", "Typo in the amount");
  await expect(staff.getByRole("alert")).toHaveText(
    "Staff can add or take up to 1,000 points at a time. Ask an administrator for more.",
  );
  await expect(staff.getByTestId("console-points")).toHaveText("0");
  await adjustBy("200", "Sorry for the wait");
  await expect(staff.getByRole("status")).toHaveText("Added 200 points.");
  await expect(staff.getByTestId("console-points")).toHaveText("200");
  await expectNoSeriousA11yViolations(staff, "the console's loyalty page with a refusal");
  await shot(staff, "console-loyalty-bounded");
  await staffContext.close();
});
