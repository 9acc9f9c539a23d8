import type { LoyaltyView } from "../loyalty/programme.ts";
import type { AccountRole, Platform } from "./roles.ts";

/**
 * Shapes of the accounts API (spec §3 User, Loyalty; §7 /me and the authentication functions), built by the
 * server and read by the storefront and the mobile apps.
 */

export type DisplayMode = "light" | "dark" | "system";
export const DISPLAY_MODES: readonly DisplayMode[] = ["light", "dark", "system"];
export type Gender = "female" | "male" | "nonbinary" | "unspecified";
export const GENDERS: readonly Gender[] = ["female", "male", "nonbinary", "unspecified"];

export interface ContactPreferences {
  email: boolean;
  sms: boolean;
  push: boolean;
}

/** The User entity (spec §3) as the owner sees it. Never carries the password or the session token. */
export interface User {
  id: string;
  objectId: string;
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  gender: Gender | null;
  mobile: string | null;
  countryCode: string | null;
  /** YYYY-MM-DD. */
  birthday: string;
  stated_source: string | null;
  signup_platform: Platform;
  display_mode: DisplayMode;
  emailVerified: boolean;
  mobileVerified: boolean;
  ageVerificationStatus: number | null;
  numPurchases: number;
  loyaltyPoints: number;
  loyaltyStatus: string | null;
  credit: number;
  roundUpEnabled: boolean;
  roundUpOrgID: string | null;
  roundUpAmount: number | null;
  direct_only: boolean;
  role: AccountRole;
  store_id: string | null;
  contactPreferences: ContactPreferences;
  signupPromo: string | null;
  /** Social sign-in providers linked to this account. */
  linkedProviders: string[];
  createdAt: string;
}

/** The Loyalty entity (spec §3), computed from the points ledger (domain/loyalty/programme.ts). */
export type Loyalty = LoyaltyView;

/** GET /me. */
export interface Me {
  user: User;
  loyalty: Loyalty;
}

/** GET /auth/session: who the page is for, and the CSRF token its forms and calls must send. */
export interface SessionInfo {
  user: Pick<
    User,
    "id" | "firstname" | "lastname" | "email" | "role" | "display_mode" | "ageVerificationStatus"
  > | null;
  csrfToken: string | null;
  /** True when the request carried a session that no longer exists (the storefront shows a logged-out page). */
  sessionEnded: boolean;
}

/** A successful sign-in. `sessionToken` is only in the body for the mobile apps (x-platform ios/android). */
export interface LoggedIn {
  status: "logged_in";
  user: User;
  sessionToken?: string;
}

/** A code went out (or, for an unknown email, seemed to): step 2 takes the oid and the code. */
export interface CodeSent {
  status: "code_sent";
  oid: string;
  channel: "email" | "sms";
  message: string;
}

/** Social sign-in found no linked account. */
export interface SsoNeedsProfile {
  status: "signup_required";
  provider: string;
  profile: SsoProfile;
  /** Mobile: the handle of the kept provider data (web keeps it in a cookie). */
  sso_token?: string;
}

export interface SsoNeedsLink {
  status: "link_required";
  provider: string;
  email: string;
  sso_token?: string;
}

export type SsoResult = LoggedIn | SsoNeedsProfile | SsoNeedsLink;

/** What a provider told us, kept until the profile is completed (spec §4). */
export interface SsoProfile {
  email: string | null;
  emailVerified: boolean;
  firstname: string | null;
  lastname: string | null;
}

export interface SsoProviderInfo {
  id: string;
  name: string;
  /** Where the browser starts the sign-in (GET, redirects to the provider). */
  start: string;
}

export interface SessionSummary {
  id: string;
  platform: Platform;
  kind: "web" | "mobile" | "merchant";
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
  userAgent: string | null;
}
