import { type Browser, expect, type Page, test } from "@playwright/test";
import { apiFromPage, shot, signUp, staffSignIn, unique } from "./checkout-helpers.ts";
import { expectNoSeriousA11yViolations } from "./storefront.ts";

/** Staff of `storeId` on a page of their own, on the console's chats page. */
async function staffOnChats(browser: Browser, storeId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const staff = await context.newPage();
  await staffSignIn(staff, storeId);
  await expect(staff.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await staff.getByRole("navigation", { name: "Store console" }).getByRole("link", { name: "Chats" }).click();
  await expect(staff.getByRole("heading", { name: "Chats", level: 1 })).toBeVisible();
  return staff;
}

/**
 * Support chat (issue 17): a signed-in shopper opens "Chat with us" and writes; the store's staff, in another
 * browser, see the chat with its unread count in /console/chats and reply; the reply shows in the shopper's open
 * panel live, without a reload. The panel is a labelled dialog that takes focus and closes on Escape.
 */
test("a shopper and store staff chat live between two browsers", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page, unique("chatty"));
  await page.goto("/");
  // The launcher steps aside over content (home's tiles); every page keeps room for it at its end (ADR 54).
  // The page may still grow as it settles (pictures, late parts): scroll to its end again until the click lands.
  const launcher = page.getByRole("button", { name: "Chat with us" });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await launcher.click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  const box = panel.getByLabel("Your message");
  await expect(box).toBeFocused();
  await expectNoSeriousA11yViolations(page, "the chat panel, empty");
  await box.fill("Do you have bagged ice?");
  await box.press("Enter");
  await expect(panel.getByRole("log", { name: "Messages" })).toContainText("Do you have bagged ice?");
  await expect(box).toHaveValue("");
  await expect(panel.locator(".chat-panel__body")).toHaveAttribute("data-connection", "open");
  const { thread } = await apiFromPage<{ thread: { storeId: string } }>(page, "/api/chat/thread");

  const staff = await staffOnChats(browser, thread.storeId);
  const row = staff
    .getByRole("navigation", { name: "Chats" })
    .getByRole("link", { name: /Casey Buyer/ })
    .first();
  await expect(row).toContainText("1 unread");
  await expect(row).toContainText("Do you have bagged ice?");
  await shot(staff, "chat-console-list");
  await row.click();
  await expect(staff.getByRole("heading", { name: "Casey Buyer", level: 2 })).toBeVisible();
  await expect(staff.getByRole("log", { name: "Messages" })).toContainText("Do you have bagged ice?");
  await expect(staff.locator(".chat-thread")).toHaveAttribute("data-connection", "open");
  // Opened: read (the count goes).
  await expect(row).not.toContainText("unread");
  await expectNoSeriousA11yViolations(staff, "the console's chats page");

  await staff.getByLabel("Reply").fill("Yes: 5 lb bags, in the freezer by the door.");
  await staff.getByRole("button", { name: "Send reply" }).click();
  // The shopper's open panel shows it, live.
  await expect(panel.getByRole("log", { name: "Messages" })).toContainText(
    "Yes: 5 lb bags, in the freezer by the door.",
  );
  await shot(page, "chat-panel-shopper", false);
  await expectNoSeriousA11yViolations(page, "the chat panel with messages");

  // And the shopper's answer reaches staff live too.
  await box.fill("Great, thanks!");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(staff.getByRole("log", { name: "Messages" })).toContainText("Great, thanks!");
  await shot(staff, "chat-console-thread");

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();

  // Closed: the next reply shows as an unread badge on the launcher.
  await staff.getByLabel("Reply").fill("Anything else?");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("button", { name: /Chat with us\s*1 unread/ })).toBeVisible();
  await shot(page, "chat-launcher-unread", false);
  await staff.context().close();
});

test("an anonymous visitor leaves a message with an email; staff see it and the reply is emailed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await context.newPage();
  await visitor.goto("/");
  await visitor.getByRole("button", { name: "Chat with us" }).click();
  const panel = visitor.getByRole("dialog", { name: "Chat with us" });
  await expect(panel.getByLabel("Your name")).toBeFocused();
  await expectNoSeriousA11yViolations(visitor, "the visitor's chat form");
  const email = unique("visitor");
  await panel.getByLabel("Your name").fill("Vera Visitor");
  await panel.getByLabel("Email").fill("not-an-email");
  await panel.getByLabel("Your message").fill("Do you deliver on Sundays?");
  await panel.getByRole("button", { name: "Send message" }).click();
  // The browser's own check stops a malformed email; a valid one goes through.
  await expect(panel.getByRole("status")).toHaveCount(0);
  await panel.getByLabel("Email").fill(email);
  await panel.getByRole("button", { name: "Send message" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    "Thanks! We got your message and will reply to your email.",
  );
  await shot(visitor, "chat-visitor-sent", false);

  const { storeId } = await apiFromPage<{ store_id: string }>(visitor, "/menu/vendor").then((v) => ({
    storeId: v.store_id,
  }));
  const staff = await staffOnChats(browser, storeId);
  const row = staff.getByRole("link", { name: /Vera Visitor \(visitor\)/ }).first();
  await expect(row).toContainText("1 unread");
  await row.click();
  await expect(staff.getByText(`${email} · visitor: your reply goes to this email`)).toBeVisible();
  await staff.getByLabel("Reply").fill("Yes, Sundays noon to 10 pm.");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByRole("log", { name: "Messages" })).toContainText("Yes, Sundays noon to 10 pm.");

  const mailbox = await context.newPage();
  await expect(async () => {
    await mailbox.goto(`/mailbox?recipient=${encodeURIComponent(email)}`);
    await expect(mailbox.locator(".outbox__message .outbox__body").first()).toContainText(
      "Yes, Sundays noon to 10 pm.",
      {
        timeout: 1000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await staff.context().close();
  await context.close();
});
