import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MINIMUM_AGE } from "#domain/accounts/age.ts";
import { isSignupPromo, SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";
import type { SessionInfo, SsoProviderInfo } from "#domain/accounts/types.ts";
import type { SavedAddress } from "#domain/geo/api.ts";
import { okAnswer } from "#server/openapi/answers.ts";
import { readAddressCookie } from "../geo/index.ts";
import { csrfBinding, sessionHeadersWithCsrf } from "../sessions/index.ts";
import {
  codeSentSchema,
  contactPreferencesAnswerSchema,
  directOnlySchema,
  loggedInSchema,
  merchantAssociationSchema,
  merchantInfoSchema,
  meSchema,
  pinSentSchema,
  pinVerifiedSchema,
  resetRequestedSchema,
  sessionInfoSchema,
  sessionsSchema,
  shellSchema,
  signupAnswerSchema,
  signupOfferSchema,
  sosPostbackSchema,
  ssoProvidersSchema,
  ssoResultSchema,
} from "./answers.ts";
import {
  forgotPassword,
  loginStep1,
  loginStep2,
  logout,
  passwordLogin,
  resetPassword,
  signup,
} from "./auth-service.ts";
import type { AccountsContext } from "./context.ts";
import { LIMITS } from "./limits.ts";
import { associateMerchant, merchantInfo, sosPostback } from "./merchant-service.ts";
import { sendPin, verifyPin } from "./pin-service.ts";
import type { ProfileChanges } from "./profile-service.ts";
import {
  endSession,
  listSessions,
  me,
  setContactPreferences,
  setDirectOnly,
  updateProfile,
} from "./profile-service.ts";
import {
  checkSsoBody,
  contactPreferencesBody,
  directOnlyBody,
  eventSignupQuery,
  forgotBody,
  googleTokenBody,
  linkBody,
  loginBody,
  merchantAssociationBody,
  pinBody,
  pinVerifyBody,
  profileBody,
  resetBody,
  sessionParams,
  signupBody,
  sosMerchantQuery,
  sosPostbackBody,
  ssoCallbackQuery,
  ssoStartParams,
  ssoStartQuery,
  step1Body,
  step2Body,
} from "./schemas.ts";
import { checkSsoUser, finishSso, googleToken, linkSsoToExistingUser, startSso } from "./sso/sso-service.ts";
import { ageVerificationStatusOf, findUser } from "./users.ts";

const auth = ["accounts: sign-in"];
const users = ["accounts: users"];
/** Account entry points: a stale session cookie is no reason to refuse them. */
const entry = { allowEndedSession: true };
/** The abuse limits a password check counts (verifyCredentials), and an emailed code's (withSpentCode). */
const passwordLimits = [LIMITS.loginFailuresAccountIp, LIMITS.loginFailuresAccount, LIMITS.loginFailuresIp];
const codeLimits = [LIMITS.codeFailuresIp, LIMITS.codeFailuresAccount];
/** Linking a provider to an existing account: proven by its password or an emailed code. */
const linkConfig = {
  ...entry,
  auth: "optional",
  rateLimits: [...passwordLimits, ...codeLimits],
  errors: {
    401: "The password or code is wrong (`invalid_credentials`, `invalid_code`).",
    409: "The provider identity is linked to another account (`identity_taken`).",
  },
} as const;

/** The accounts API (spec §7: /me, /customer/pin, /users/*, /event/signup and the authentication functions). */
export const accountsRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  const headers = sessionHeadersWithCsrf;

  // -- Session ---------------------------------------------------------------------------------------------------
  async function sessionOf(req: FastifyRequest): Promise<SessionInfo> {
    const binding = csrfBinding(req.actor);
    const row = req.actor.userId ? await findUser(ctx.db, req.actor.userId) : undefined;
    return {
      user: row
        ? {
            id: row.id,
            firstname: row.firstname,
            lastname: row.lastname,
            email: row.email,
            role: row.role,
            display_mode: row.display_mode,
            ageVerificationStatus: ageVerificationStatusOf(row),
          }
        : null,
      csrfToken: binding ? ctx.csrf.tokenFor(binding) : null,
      sessionEnded: req.actor.session === "ended",
    };
  }

  app.get(
    "/auth/session",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getSession",
        tags: auth,
        response: { 200: sessionInfoSchema },
        summary: "Who this request is for, and the CSRF token its state changes must send",
        headers,
      },
    },
    async (req): Promise<SessionInfo> => sessionOf(req),
  );

  app.get(
    "/auth/shell",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getShell",
        tags: auth,
        response: { 200: shellSchema },
        summary:
          "The personal parts of a page shared between shoppers: the session, its CSRF token, the address",
        description:
          "Pages that are the same for every anonymous shopper of a store are rendered once and shared " +
          "(docs/adr/0042-shared-page-cache.md); the browser fills in who is signed in, the CSRF token and the " +
          "saved delivery address with this one call as the page hydrates.",
        headers,
      },
    },
    async (req, reply): Promise<{ session: SessionInfo; address: SavedAddress | null }> => {
      reply.header("cache-control", "private, no-store");
      const session = await sessionOf(req);
      // browserApi keeps a token answered in this header (app/lib/csrf.ts) before the page's meta tag re-renders.
      if (session.csrfToken) reply.header("x-csrf-token", session.csrfToken);
      return { session, address: readAddressCookie(req) };
    },
  );

  app.post(
    "/auth/signup",
    {
      config: { ...entry, auth: "optional", rateLimits: [LIMITS.signupsIp, LIMITS.signupsEmail] },
      schema: {
        operationId: "signUp",
        tags: auth,
        response: { 200: signupAnswerSchema },
        summary:
          "Sign up (spec §5). Answers code_sent (finish with loginV2Step2) whether or not the email is taken; logged_in when a provider already proved the email",
        headers,
        body: signupBody,
      },
    },
    async (req, reply) => signup(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/login",
    {
      config: {
        ...entry,
        auth: "optional",
        rateLimits: passwordLimits,
        errors: { 401: "Wrong email or password (`invalid_credentials`)." },
      },
      schema: {
        operationId: "logIn",
        tags: auth,
        response: { 200: loggedInSchema },
        summary: "Log in with email or username and password",
        headers,
        body: loginBody,
      },
    },
    async (req, reply) => passwordLogin(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/loginV2Step1",
    {
      config: { ...entry, auth: "optional", rateLimits: [LIMITS.codeSendsIp, LIMITS.codeSendsEmail] },
      schema: {
        operationId: "loginV2Step1",
        tags: auth,
        response: { 200: codeSentSchema },
        summary:
          "Two-step login, step 1: send a 6-digit code to the email (or SMS); answers the attempt's oid",
        headers,
        body: step1Body,
      },
    },
    async (req, reply) => loginStep1(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/loginV2Step2",
    {
      config: {
        ...entry,
        auth: "optional",
        rateLimits: codeLimits,
        errors: { 401: "Wrong, used or expired code (`invalid_code`)." },
      },
      schema: {
        operationId: "loginV2Step2",
        tags: auth,
        response: { 200: loggedInSchema },
        summary: "Two-step login, step 2: oid and code; signs in (new session)",
        headers,
        body: step2Body,
      },
    },
    async (req, reply) => loginStep2(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/logout",
    {
      config: { ...entry, auth: "optional" },
      schema: {
        operationId: "logOut",
        tags: auth,
        response: { 200: okAnswer },
        summary: "End this session on the server and drop the cookie",
        headers,
      },
    },
    async (req, reply) => logout(ctx, req, reply),
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { ...entry, auth: "public", rateLimits: [LIMITS.resetRequestsIp, LIMITS.resetRequestsEmail] },
      schema: {
        operationId: "requestPasswordReset",
        tags: auth,
        response: { 200: resetRequestedSchema },
        summary: "Email a single-use reset link (same answer for every email)",
        headers,
        body: forgotBody,
      },
    },
    async (req, reply) => forgotPassword(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/reset-password",
    {
      config: { ...entry, auth: "public" },
      schema: {
        operationId: "resetPassword",
        tags: auth,
        response: { 200: okAnswer },
        summary: "Set a new password with a reset link's token; ends every session",
        headers,
        body: resetBody,
      },
    },
    async (req) => resetPassword(ctx, req.body),
  );

  // -- Social sign-in (OpenID Connect) -----------------------------------------------------------------------------
  app.get(
    "/auth/providers",
    {
      config: { auth: "public" },
      schema: {
        operationId: "listSsoProviders",
        tags: auth,
        response: { 200: ssoProvidersSchema },
        summary: "The social sign-in providers configured on this server",
      },
    },
    async (): Promise<SsoProviderInfo[]> =>
      ctx.oidc.list().map((p) => ({ id: p.id, name: p.name, start: `/auth/sso/${p.id}/start` })),
  );

  app.get(
    "/auth/sso/:provider/start",
    {
      config: {
        auth: "public",
        redirects: "To the provider's sign-in page.",
        errors: {
          404: "The provider is not configured here (`provider_not_configured`).",
          502: "The provider could not be reached (`provider_unavailable`).",
        },
      },
      schema: {
        operationId: "startSso",
        tags: auth,
        summary:
          "Start social sign-in: redirects to the provider (authorization code flow, PKCE, state, nonce)",
        params: ssoStartParams,
        querystring: ssoStartQuery,
      },
    },
    async (req, reply) =>
      reply.redirect(await startSso(ctx, req, reply, req.params.provider, req.query.returnTo, req.query.ref)),
  );

  app.get(
    "/auth/sso/:provider/callback",
    {
      config: {
        auth: "optional",
        redirects:
          "Back to the storefront: the page sign-in started from, /account, or /signup or /login to finish.",
      },
      schema: {
        operationId: "finishSso",
        tags: auth,
        summary:
          "The provider's redirect back: signs in, or keeps the provider's data and sends on to /signup or /login",
        params: ssoStartParams,
        querystring: ssoCallbackQuery,
      },
    },
    async (req, reply) => reply.redirect(await finishSso(ctx, req, reply, req.params.provider, req.query)),
  );

  app.get(
    "/auth/sso/pending",
    {
      config: { auth: "public", errors: { 404: "Nothing is kept for this browser (`sso_expired`)." } },
      schema: {
        operationId: "getPendingSso",
        tags: auth,
        response: { 200: ssoResultSchema },
        summary: "The provider data kept for this browser (404 when none)",
        headers,
      },
    },
    async (req, reply) => checkSsoUser(ctx, req, reply, {}),
  );

  app.post(
    "/auth/checkSSOUser",
    {
      config: {
        ...entry,
        auth: "optional",
        errors: {
          401: "The ID token was not accepted (`invalid_id_token`).",
          404: "Nothing is kept for this browser or token (`sso_expired`).",
          409: "The provider identity is linked to another account (`identity_taken`).",
          502: "The provider could not be reached (`provider_unavailable`).",
        },
      },
      schema: {
        operationId: "checkSSOUser",
        tags: auth,
        response: { 200: ssoResultSchema },
        summary:
          "With an ID token (mobile): signs in, or says link_required / signup_required. Without: what is kept for this browser",
        headers,
        body: checkSsoBody,
      },
    },
    async (req, reply) => checkSsoUser(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/googleToken",
    {
      config: {
        ...entry,
        auth: "optional",
        errors: {
          401: "The ID token or code was not accepted (`invalid_id_token`, `invalid_grant`).",
          404: "Google sign-in is not configured on this store (`provider_not_configured`).",
          409: "The Google identity is linked to another account (`identity_taken`).",
          502: "Google could not be reached (`provider_unavailable`).",
        },
      },
      schema: {
        operationId: "googleToken",
        tags: auth,
        response: { 200: ssoResultSchema },
        summary: "Google sign-in from an ID token or an authorization code with PKCE (mobile)",
        headers,
        body: googleTokenBody,
      },
    },
    async (req, reply) => googleToken(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/linkSSOToExistingUser",
    {
      config: linkConfig,
      schema: {
        operationId: "linkSSOToExistingUser",
        tags: auth,
        response: { 200: loggedInSchema },
        summary:
          "Link the kept provider identity to an existing account, proven by its password or an emailed code",
        headers,
        body: linkBody,
      },
    },
    async (req, reply) => linkSsoToExistingUser(ctx, req, reply, req.body),
  );

  app.post(
    "/auth/linkGoogleToExistingUser",
    {
      config: linkConfig,
      schema: {
        operationId: "linkGoogleToExistingUser",
        tags: auth,
        response: { 200: loggedInSchema },
        summary: "linkSSOToExistingUser for Google",
        headers,
        body: linkBody,
      },
    },
    async (req, reply) => linkSsoToExistingUser(ctx, req, reply, req.body, "google"),
  );

  // -- Merchant sign-on (/sos) -------------------------------------------------------------------------------------
  app.get(
    "/auth/sos/merchant",
    {
      config: { auth: "public", errors: { 404: "No such merchant (`merchant_not_found`)." } },
      schema: {
        operationId: "getSosMerchant",
        tags: auth,
        response: { 200: merchantInfoSchema },
        summary: "The merchant asking for sign-on, and whether the return address is one it registered",
        querystring: sosMerchantQuery,
      },
    },
    async (req) => merchantInfo(ctx, req.query.merchant_id, req.query.redirect_uri),
  );

  app.post(
    "/auth/sos/postback",
    {
      config: {
        auth: "user",
        errors: {
          404: "No such merchant (`merchant_not_found`).",
          502: "The merchant did not take the postback (`merchant_unreachable`).",
        },
      },
      schema: {
        operationId: "postSosToken",
        tags: auth,
        response: { 200: sosPostbackSchema },
        summary:
          "Link the account to the merchant and post a merchant session token to its registered redirect URL; answers where the browser goes",
        headers,
        body: sosPostbackBody,
      },
    },
    async (req) => sosPostback(ctx, req, req.body),
  );

  // -- The signed-in user ------------------------------------------------------------------------------------------
  app.get(
    "/me",
    {
      config: { auth: "user", errors: { 404: "The account no longer exists." } },
      schema: {
        operationId: "getMe",
        tags: users,
        summary: "The user and their loyalty (spec §7)",
        headers,
        response: { 200: meSchema },
      },
    },
    async (req) => me(ctx, req),
  );

  app.patch(
    "/me",
    {
      config: { auth: "user" },
      schema: {
        operationId: "updateProfile",
        tags: users,
        response: { 200: meSchema },
        summary: "Change profile fields (names, gender, mobile, display mode)",
        headers,
        body: profileBody,
      },
    },
    async (req) => updateProfile(ctx, req, req.body as ProfileChanges),
  );

  app.put(
    "/me/contact-preferences",
    {
      config: { auth: "user" },
      schema: {
        operationId: "setContactPreferences",
        tags: users,
        response: { 200: contactPreferencesAnswerSchema },
        summary: "Offers and order updates by email, SMS and push: on or off (emails about money always go)",
        headers,
        body: contactPreferencesBody,
      },
    },
    async (req) => setContactPreferences(ctx, req, req.body),
  );

  app.get(
    "/me/sessions",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listSessions",
        tags: users,
        response: { 200: sessionsSchema },
        summary: "The user's signed-in devices",
        headers,
      },
    },
    async (req) => listSessions(ctx, req),
  );

  app.delete(
    "/me/sessions/:id",
    {
      config: { auth: "user", errors: { 404: "No session of this user has that id (`session_not_found`)." } },
      schema: {
        operationId: "endSession",
        tags: users,
        response: { 200: okAnswer },
        summary: "Sign one of the user's devices out (404 for anyone else's)",
        headers,
        params: sessionParams,
      },
    },
    async (req) => endSession(ctx, req, req.params.id),
  );

  app.post(
    "/customer/pin",
    {
      config: {
        auth: "user",
        rateLimits: [LIMITS.pinSendsUser],
        errors: { 404: "The account no longer exists." },
      },
      schema: {
        operationId: "sendCustomerPin",
        tags: users,
        response: { 200: pinSentSchema },
        summary: "Send a customer PIN for this request time (spec §5)",
        headers,
        body: pinBody,
      },
    },
    async (req, reply) => sendPin(ctx, req, reply, req.body.timestamp),
  );

  app.post(
    "/customer/pin/verify",
    {
      config: {
        auth: "user",
        rateLimits: [LIMITS.pinFailuresUser, LIMITS.pinFailuresIp],
        errors: { 404: "No PIN was sent for that request time (`pin_not_found`)." },
      },
      schema: {
        operationId: "verifyCustomerPin",
        tags: users,
        response: { 200: pinVerifiedSchema },
        summary: "Check a customer PIN together with its request time",
        headers,
        body: pinVerifyBody,
      },
    },
    async (req, reply) => verifyPin(ctx, req, reply, req.body),
  );

  app.post(
    "/users/direct-only",
    {
      config: { auth: "user" },
      schema: {
        operationId: "setDirectOnly",
        tags: users,
        response: { 200: directOnlySchema },
        summary: "Direct-merchant mode on or off (spec §6)",
        headers,
        body: directOnlyBody,
      },
    },
    async (req) => setDirectOnly(ctx, req, req.body.direct_only),
  );

  app.post(
    "/users/merchant-association",
    {
      config: { auth: "user", errors: { 404: "No such merchant (`merchant_not_found`)." } },
      schema: {
        operationId: "associateMerchant",
        tags: users,
        response: { 200: merchantAssociationSchema },
        summary: "Link the account to a merchant; is_signup also turns direct-only mode on",
        headers,
        body: merchantAssociationBody,
      },
    },
    async (req) => associateMerchant(ctx, req, req.body),
  );

  app.get(
    "/event/signup",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getSignupOffer",
        tags: users,
        response: { 200: signupOfferSchema },
        summary: "The signup offer (spec §9: a five-off promo) and the minimum age",
        querystring: eventSignupQuery,
      },
    },
    async (req) => ({
      promo: req.query.promo === undefined || isSignupPromo(req.query.promo) ? SIGNUP_PROMO : null,
      minimumAge: MINIMUM_AGE,
    }),
  );
};
