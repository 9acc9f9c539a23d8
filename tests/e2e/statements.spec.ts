import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { deliverOrder, shopperWithOrder, shot } from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations } from "./storefront.ts";

/**
 * Statements (issue 34 §3): a shopper's order is delivered; the store's manager opens Statements in the console, reads
 * this week's statement (what the store sold, Nightcap's commission and the card fees, the net payable), finds the
 * order behind the figures, reads the day on its own, and downloads the statement and its orders as CSV.
 */
test("a store manager reads this week's statement, traces it to the order, and downloads it as CSV", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { heading, storeId } = await shopperWithOrder(page, request, "statement");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const staff = await context.newPage();
  await deliverOrder(staff, storeId, number);

  await staff
    .getByRole("navigation", { name: "Store console" })
    .getByRole("link", { name: "Statements" })
    .click();
  await expect(staff.getByRole("heading", { name: "Statements", level: 1 })).toBeVisible();
  await expect(staff.getByRole("link", { name: /^This week/ })).toHaveAttribute("aria-current", "page");
  const statement = staff.getByTestId("statement");
  await expect(statement.getByRole("heading", { name: /^The week / })).toBeVisible();
  const goods = statement.getByTestId("line-merchandise");
  await expect(goods.getByRole("rowheader", { name: "Merchandise sold" })).toBeVisible();
  await goods.getByText(/\d+ orders?/).click();
  await expect(goods.getByRole("link", { name: `Order ${number}` })).toBeVisible();
  await expect(statement.getByTestId("line-commission")).toContainText("Nightcap's commission");
  await expect(statement.getByTestId("line-processing_fees")).toContainText("Card processing fees");
  await expect(statement.getByTestId("net-payable")).toContainText(
    /Net payable to the store: \$[\d,]+\.\d{2}/,
  );
  await expect(
    staff.getByText("No week has closed yet.").or(staff.getByTestId("past-statements")),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(staff, "the statements page");
  await shot(staff, "console-statements");

  // The order's goods, as the page shows them, are in the orders CSV under its number.
  const share = (
    (await goods
      .getByRole("listitem")
      .filter({ hasText: `Order ${number}` })
      .textContent()) ?? ""
  )
    .replace(/^.*\$/, "")
    .replace(",", "");
  const [orders] = await Promise.all([
    staff.waitForEvent("download"),
    statement.getByRole("link", { name: "Download its orders (CSV)" }).click(),
  ]);
  expect(orders.suggestedFilename()).toMatch(
    /^nightcap-statement-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-orders\.csv$/,
  );
  const rows = (await readFile((await orders.path()) ?? "", "utf8")).trim().split("\r\n");
  expect(rows[0]).toMatch(/^order_number,order_id,merchandise,/);
  expect(rows.find((r) => r.startsWith(`${number},`))?.split(",")[2]).toBe(share);
  const [lines] = await Promise.all([
    staff.waitForEvent("download"),
    statement.getByRole("link", { name: "Download the statement (CSV)" }).click(),
  ]);
  const csv = await readFile((await lines.path()) ?? "", "utf8");
  expect(csv).toContain(",open,Net payable to the store,net_payable,");

  // The day on its own: the week's first day is a Monday; today is in the week, so the order is there.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date());
  await staff.getByLabel("Day", { exact: true }).fill(today);
  await staff.getByRole("button", { name: "Show the day" }).click();
  await expect(statement.getByRole("heading", { name: /^The day / })).toBeVisible();
  await statement
    .getByTestId("line-merchandise")
    .getByText(/\d+ orders?/)
    .click();
  await expect(
    statement.getByTestId("line-merchandise").getByRole("link", { name: `Order ${number}` }),
  ).toBeVisible();
  await shot(staff, "console-statement-day");
  await context.close();
});
