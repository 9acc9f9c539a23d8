import type { AccountRole } from "./roles.ts";

/**
 * Where a sign-in lands (issue 29): the page the visitor was sent from when there was one (`returnTo`, already
 * checked to be a path of ours); else store staff and administrators go to the store console, shoppers to their
 * account.
 */
export function landingAfterSignIn(role: AccountRole, returnTo: string | null): string {
  if (returnTo) return returnTo;
  return role === "store_staff" || role === "admin" ? "/console" : "/account";
}
