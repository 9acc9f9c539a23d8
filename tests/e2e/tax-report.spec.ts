import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { deliverOrder, shopperWithOrder, shot } from "./checkout-helpers.ts";

/**
 * The tax report (issue 33 §1): a shopper's Chicago order is delivered; the store's staff open Taxes in the console,
 * see this month's tax by jurisdiction and tax type with its total, and download it as CSV for filing.
 */
test("staff see this month's tax by jurisdiction and tax type and download it as CSV", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { heading, storeId } = await shopperWithOrder(page, request, "tax");
  const number = /#(\d+)/.exec(heading)?.[1] ?? "";
  const context = await browser.newContext({
    viewport: { width: 1200, height: 900 },
  });
  const staff = await context.newPage();
  await deliverOrder(staff, storeId, number);

  await staff.getByRole("navigation", { name: "Store console" }).getByRole("link", { name: "Taxes" }).click();
  await expect(staff.getByRole("heading", { name: "Taxes", level: 1 })).toBeVisible();
  const table = staff.getByTestId("tax-report");
  await expect(table.getByRole("rowheader", { name: "Illinois" })).toBeVisible();
  await expect(table.getByRole("row", { name: /City of Chicago retail liquor/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Total/ })).toBeVisible();
  await expect(staff.getByRole("link", { name: /^This month/ })).toHaveAttribute("aria-current", "page");
  await shot(staff, "console-taxes");

  // Other journeys place orders at the same store meanwhile: the CSV must equal the page read just before it, so a
  // page and a CSV with an order between them are read again.
  await expect(async () => {
    await staff.reload();
    const net = (await staff.getByTestId("tax-net").textContent())?.replace("$", "").replace(",", "");
    const [download] = await Promise.all([
      staff.waitForEvent("download"),
      staff.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^nightcap-tax-[a-z0-9-]+-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? "", "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "store,period_from,period_to,jurisdiction_id,jurisdiction,tax_type,orders,tax_charged,tax_refunded,net_tax",
    );
    expect(lines.some((l) => /,US-IL,Illinois,sales,\d+,\d+\.\d{2},/.test(l))).toBe(true);
    // The CSV's total is the page's.
    expect(lines.at(-1)).toMatch(new RegExp(`,,Total,,\\d+,[\\d.]+,[\\d.]+,${net?.replace(".", "\\.")}$`));
  }).toPass({ timeout: 30_000 });

  await staff.getByRole("link", { name: /^Previous month/ }).click();
  await expect(staff.getByText("No tax was charged on orders placed in this period.")).toBeVisible();
  await context.close();
});
