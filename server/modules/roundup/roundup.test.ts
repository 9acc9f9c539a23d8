import { describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";

describe.each(testDatabases)("the shopper's round-up choice on %s", (kind) => {
  const s = useTestApp(kind);

  it("is kept on the account: on with an organisation, then off keeping the organisation", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const before = await browser.get("/order/round-up");
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().userOrg).toEqual({ roundUpEnabled: false, roundUpOrgId: null, roundUpAmount: 0 });

    const on = await browser.request("PUT", "/order/round-up", {
      roundUpEnabled: true,
      roundUpOrgId: "safe-rides",
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().userOrg).toEqual({ roundUpEnabled: true, roundUpOrgId: "safe-rides", roundUpAmount: 0 });

    const off = await browser.request("PUT", "/order/round-up", { roundUpEnabled: false });
    expect(off.json().userOrg).toEqual({
      roundUpEnabled: false,
      roundUpOrgId: "safe-rides",
      roundUpAmount: 0,
    });
    const row = await s.db
      .selectFrom("users")
      .select(["round_up_enabled", "round_up_org_id"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ round_up_enabled: false, round_up_org_id: "safe-rides" });
  });

  it("refuses an organisation that is not listed, changing nothing", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const res = await browser.request("PUT", "/order/round-up", {
      roundUpEnabled: true,
      roundUpOrgId: "nobody",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("unknown_organization");
    expect((await browser.get("/order/round-up")).json().userOrg.roundUpEnabled).toBe(false);
  });
});
