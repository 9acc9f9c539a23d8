import { z } from "zod";
import { MINIMUM_AGE } from "#domain/accounts/age.ts";
import { PLATFORMS } from "#domain/accounts/roles.ts";
import {
  type CodeSent,
  DISPLAY_MODES,
  GENDERS,
  type LoggedIn,
  type Me,
  type SessionInfo,
  type SessionSummary,
  type SsoProviderInfo,
  type SsoResult,
  type User,
} from "#domain/accounts/types.ts";
import type { SavedAddress } from "#domain/geo/api.ts";
import { sessionInfoExample, userExample } from "#server/openapi/answer-examples.ts";
import { calendarDate, cents, describes, instant } from "#server/openapi/answers.ts";
import { savedAddressSchema } from "../geo/index.ts";
import { loyaltySchema } from "../loyalty/index.ts";
import type { merchantInfo, sosPostback } from "./merchant-service.ts";

/** The accounts' answers (docs/adr/0056-api-contract.md), from domain/accounts/types.ts. */

const role = z.enum(["customer", "store_staff", "admin"]);
const displayMode = z.enum(DISPLAY_MODES as [string, ...string[]]) as z.ZodType<User["display_mode"]>;

export const userSchema = describes<User>()(
  z
    .object({
      id: z.string(),
      objectId: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      username: z.string(),
      email: z.string(),
      gender: (z.enum(GENDERS as [string, ...string[]]) as z.ZodType<NonNullable<User["gender"]>>).nullable(),
      mobile: z.string().nullable(),
      countryCode: z.string().nullable(),
      birthday: calendarDate(),
      stated_source: z.string().nullable(),
      signup_platform: z.enum(PLATFORMS),
      display_mode: displayMode,
      emailVerified: z.boolean(),
      mobileVerified: z.boolean(),
      ageVerificationStatus: z.number().int().nullable(),
      numPurchases: z.number().int(),
      loyaltyPoints: z.number().int().describe("The loyalty programme's points to spend now."),
      loyaltyStatus: z.string().nullable().describe("The loyalty tier held."),
      credit: cents().describe("Spendable store credit."),
      roundUpEnabled: z.boolean(),
      roundUpOrgID: z.string().nullable(),
      roundUpAmount: cents().nullable(),
      direct_only: z.boolean(),
      role,
      store_id: z.string().nullable(),
      contactPreferences: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
      signupPromo: z.string().nullable(),
      linkedProviders: z.array(z.string()).describe("Social sign-in providers linked to this account."),
      createdAt: instant(),
    })
    .meta({
      id: "User",
      description: "The User entity (spec §3) as its owner sees it.",
      example: userExample,
    }),
);

export const meSchema = describes<Me>()(z.object({ user: userSchema, loyalty: loyaltySchema }));

export const sessionInfoSchema = describes<SessionInfo>()(
  z
    .object({
      user: z
        .object({
          id: z.string(),
          firstname: z.string(),
          lastname: z.string(),
          email: z.string(),
          role,
          display_mode: displayMode,
          ageVerificationStatus: z.number().int().nullable(),
        })
        .nullable(),
      csrfToken: z
        .string()
        .nullable()
        .describe("Send it as x-csrf-token on state changes riding on a cookie."),
      sessionEnded: z.boolean().describe("The request carried a session that no longer exists."),
    })
    .meta({
      id: "SessionInfo",
      description: "Who a request is for, and the CSRF token its state changes send.",
      example: sessionInfoExample,
    }),
);

export const shellSchema = describes<{ session: SessionInfo; address: SavedAddress | null }>()(
  z.object({ session: sessionInfoSchema, address: savedAddressSchema.nullable() }),
);

const loggedInSchema = describes<LoggedIn>()(
  z
    .object({
      status: z.literal("logged_in"),
      user: userSchema,
      sessionToken: z
        .string()
        .optional()
        .describe("Only for the apps (x-platform ios or android): send it as x-user."),
    })
    .meta({ id: "LoggedIn", description: "A successful sign-in." }),
);

const codeSentSchema = describes<CodeSent>()(
  z
    .object({
      status: z.literal("code_sent"),
      oid: z.string().describe("The attempt: POST /auth/loginV2Step2 takes it with the code."),
      channel: z.enum(["email", "sms"]),
      message: z.string(),
    })
    .meta({ id: "CodeSent", description: "A code went out (or, for an unknown email, seemed to)." }),
);

export const signupAnswerSchema = describes<CodeSent | LoggedIn>()(
  z.discriminatedUnion("status", [codeSentSchema, loggedInSchema]),
);
export { codeSentSchema, loggedInSchema };

const ssoProfile = z.object({
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
});

export const ssoResultSchema = describes<SsoResult>()(
  z
    .discriminatedUnion("status", [
      loggedInSchema,
      z.object({
        status: z.literal("signup_required"),
        provider: z.string(),
        profile: ssoProfile,
        sso_token: z.string().optional().describe("Apps: the handle of the kept provider data."),
      }),
      z.object({
        status: z.literal("link_required"),
        provider: z.string(),
        email: z.string(),
        sso_token: z.string().optional(),
      }),
    ])
    .meta({ id: "SsoResult", description: "Signed in, or what social sign-in needs next." }),
);

export const ssoProvidersSchema = describes<SsoProviderInfo[]>()(
  z.array(z.object({ id: z.string(), name: z.string(), start: z.string() })),
);

export const sessionsSchema = describes<SessionSummary[]>()(
  z.array(
    z.object({
      id: z.string(),
      platform: z.enum(PLATFORMS),
      kind: z.enum(["web", "mobile", "merchant"]),
      createdAt: instant(),
      lastSeenAt: instant(),
      current: z.boolean(),
      userAgent: z.string().nullable(),
    }),
  ),
);

export const resetRequestedSchema = z.object({ ok: z.literal(true), message: z.string() });
export const contactPreferencesAnswerSchema = z.object({
  contactPreferences: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
});
export const directOnlySchema = z.object({ direct_only: z.boolean() });
export const pinSentSchema = z.object({
  sent: z.literal(true),
  channel: z.enum(["sms", "email"]),
  expiresInSeconds: z.number().int(),
});
export const pinVerifiedSchema = z.object({ verified: z.literal(true) });
export const merchantAssociationSchema = z.object({
  merchant_id: z.string(),
  is_signup: z.boolean(),
  linkedAt: instant(),
});
export const merchantInfoSchema = describes<Awaited<ReturnType<typeof merchantInfo>>>()(
  z.object({ id: z.string(), name: z.string(), redirect_allowed: z.boolean() }),
);
export const sosPostbackSchema = describes<Awaited<ReturnType<typeof sosPostback>>>()(
  z.object({ redirect: z.string(), merchant: z.object({ id: z.string(), name: z.string() }) }),
);
export const signupOfferSchema = z.object({
  promo: z.object({ code: z.string(), desc: z.string(), value: cents() }).nullable(),
  minimumAge: z.number().int().describe(`${MINIMUM_AGE} here: the age an account needs.`),
});
