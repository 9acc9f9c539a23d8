/**
 * Spec §6: who is asking. Anonymous visitors carry an anonymous-user cookie; customers have accounts; store
 * staff and administrators also have accounts and belong to a store (the store console uses them).
 */
export const ROLES = ["anonymous", "customer", "store_staff", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type AccountRole = Exclude<Role, "anonymous">;

export const PLATFORMS = ["web", "ios", "android"] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Spec §7: the platform is detected as ios, android or web (the x-platform header; web when absent). */
export function platformOf(header: string | undefined): Platform {
  const value = header?.trim().toLowerCase();
  return value === "ios" || value === "android" ? value : "web";
}
