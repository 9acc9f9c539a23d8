import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "#domain/accounts/email.ts";
import { PASSWORD_MAX_LENGTH } from "#domain/accounts/password.ts";
import { PROMO_CODE_PATTERN } from "#domain/accounts/signup-offer.ts";
import { DISPLAY_MODES, GENDERS } from "#domain/accounts/types.ts";

/** Request shapes of the accounts API. Rules that need words for shoppers (email, age) live in the services. */

/** Forms send "" for a field left empty: that means "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

const name = (what: string) =>
  z
    .string({ message: `Please enter your ${what}.` })
    .trim()
    .min(1, `Please enter your ${what}.`)
    .max(50, `Your ${what} can have at most 50 characters.`);

const email = z
  .string({ message: "Please enter your email." })
  .max(EMAIL_MAX_LENGTH, "That email is too long.");
const password = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `Passwords can have at most ${PASSWORD_MAX_LENGTH} characters.`);
const oid = z.uuid({ message: "must be the oid from step 1" });
const code = z.string().max(12);
const ssoToken = z.string().max(100);
export const providerId = z.enum(["google", "apple", "facebook"]);

export const signupBody = z.object({
  firstname: name("first name"),
  lastname: name("last name"),
  email,
  birthday: z.string({ message: "Please enter your birthday." }).max(20),
  password: optional(password),
  gender: optional(z.enum(GENDERS as [string, ...string[]])),
  mobile: optional(z.string().max(30)),
  source: optional(z.string().trim().max(100)),
  promo: optional(z.string().regex(PROMO_CODE_PATTERN, "must be a promo code")),
  /** The share code of the friend who invited this shopper (`/signup?ref=`). */
  ref: optional(z.string().regex(PROMO_CODE_PATTERN, "must be a referral code")),
  direct_only: optional(z.boolean()),
  sso_token: optional(ssoToken),
});

export const loginBody = z.object({
  username: z
    .string({ message: "Please enter your email." })
    .min(1, "Please enter your email.")
    .max(EMAIL_MAX_LENGTH),
  password: password.min(1, "Please enter your password."),
});

export const step1Body = z.object({ email, channel: optional(z.enum(["email", "sms"])) });
export const step2Body = z.object({ oid, code });
export const forgotBody = z.object({ email });
export const resetBody = z.object({ token: z.string().min(10).max(100), password });

export const pinBody = z.object({ timestamp: z.number().int().positive() });
export const pinVerifyBody = z.object({ pin: z.string().max(12), timestamp: z.number().int().positive() });

export const directOnlyBody = z.object({ direct_only: z.boolean() });
export const merchantAssociationBody = z.object({
  merchant_id: z.string().min(1).max(64),
  is_signup: z.boolean(),
});
export const sosMerchantQuery = z.object({
  merchant_id: z.string().min(1).max(64),
  redirect_uri: z.string().max(500).optional(),
});
export const sosPostbackBody = z.object({
  merchant_id: z.string().min(1).max(64),
  redirect_uri: optional(z.string().max(500)),
  state: optional(z.string().max(200)),
  is_signup: optional(z.boolean()),
});

export const profileBody = z.object({
  firstname: name("first name").optional(),
  lastname: name("last name").optional(),
  gender: z
    .enum(GENDERS as [string, ...string[]])
    .nullable()
    .optional(),
  mobile: z.string().max(30).nullable().optional(),
  display_mode: z.enum(DISPLAY_MODES as [string, ...string[]]).optional(),
});

export const contactPreferencesBody = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });
export const sessionParams = z.object({ id: z.uuid({ message: "must be a session id" }) });

export const ssoStartParams = z.object({ provider: providerId });
export const ssoStartQuery = z.object({
  returnTo: z.string().max(500).optional(),
  /** The invite code of a sign-up that came through a friend's link (`/signup?ref=`): back on /signup after. */
  ref: z
    .string()
    .regex(PROMO_CODE_PATTERN, "must be a referral code")
    .optional()
    .describe("A friend's invite code (`/signup?ref=`), brought back to /signup when the identity is new"),
});
/** The provider's redirect back: OAuth 2.0 / OpenID Connect answer parameters, and any others it adds. */
const callbackValue = z.string().max(4096);
export const ssoCallbackQuery = z
  .object({
    code: callbackValue.optional().describe("The authorization code"),
    state: callbackValue.optional().describe("The state sent at the start, tying the answer to this browser"),
    iss: callbackValue.optional().describe("The issuer (RFC 9207)"),
    error: callbackValue.optional().describe("Why the provider did not sign in (access_denied…)"),
    error_description: callbackValue.optional(),
  })
  .catchall(callbackValue);

export const checkSsoBody = z.object({
  provider: optional(providerId),
  id_token: optional(z.string().max(8192)),
  nonce: optional(z.string().max(200)),
  sso_token: optional(ssoToken),
});
export const googleTokenBody = z.object({
  id_token: optional(z.string().max(8192)),
  nonce: optional(z.string().max(200)),
  code: optional(z.string().max(2048)),
  code_verifier: optional(z.string().min(43).max(128)),
  redirect_uri: optional(z.url()),
});
export const linkBody = z.object({
  provider: optional(providerId),
  sso_token: optional(ssoToken),
  username: optional(z.string().max(EMAIL_MAX_LENGTH)),
  password: optional(password),
  oid: optional(oid),
  code: optional(code),
});

export const eventSignupQuery = z.object({ promo: z.string().max(32).optional() });

/** Mobile apps send the session as x-user; the platform as x-platform (spec §7). */
