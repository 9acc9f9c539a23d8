import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { codeFor } from "#server/modules/referrals/referrals.ts";
import { createUser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { codeFromOutbox, TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { type LocalProvider, signInAtProvider, startLocalProvider } from "#tests/support/oidc-provider.ts";

const WEB_CALLBACK = "http://localhost/auth/sso";
const MOBILE_REDIRECT = "http://127.0.0.1:1/mobile-callback";
const GOOGLE = { client_id: "nightcap-google", client_secret: "google-secret-for-tests" };
const APPLE = { client_id: "nightcap-apple", client_secret: "apple-secret-for-tests" };

const unique = (name: string) => `${name}.${randomBytes(3).toString("hex")}@example.com`;
const b64url = (buf: Buffer) => buf.toString("base64url");

/** Social sign-in against a real OpenID provider (oidc-provider) running in this process on a free port. */
describe.each(testDatabases)("social sign-in on %s", (kind) => {
  let t: TestDb;
  let app: App;
  let op: LocalProvider;

  beforeAll(async () => {
    op = await startLocalProvider({
      clients: [
        { ...GOOGLE, redirect_uris: [`${WEB_CALLBACK}/google/callback`, MOBILE_REDIRECT] },
        { ...APPLE, redirect_uris: [`${WEB_CALLBACK}/apple/callback`] },
      ],
    });
    t = await openTestDb(kind);
    const config = loadConfig({
      NODE_ENV: "test",
      OIDC_GOOGLE_ISSUER: op.issuer,
      OIDC_GOOGLE_CLIENT_ID: GOOGLE.client_id,
      OIDC_GOOGLE_CLIENT_SECRET: GOOGLE.client_secret,
      OIDC_APPLE_ISSUER: op.issuer,
      OIDC_APPLE_CLIENT_ID: APPLE.client_id,
      OIDC_APPLE_CLIENT_SECRET: APPLE.client_secret,
    });
    app = await buildApp({ config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    await op?.close();
  });

  /** Start → provider sign-in → our callback. Answers where the callback sends the browser. */
  async function viaProvider(
    browser: TestBrowser,
    login: string,
    provider = "google",
    returnTo = "/account",
  ) {
    const start = await browser.get(`/auth/sso/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect(start.statusCode).toBe(302);
    const back = await signInAtProvider(start.headers.location as string, login);
    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.statusCode).toBe(302);
    return callback.headers.location as string;
  }

  /** What a mobile app does on its own: authorization code + PKCE at the provider, then (optionally) the token call. */
  async function mobileSignIn(login: string, nonce = b64url(randomBytes(16))) {
    const verifier = b64url(randomBytes(32));
    const challenge = b64url(createHash("sha256").update(verifier).digest());
    const authorize = new URL(`${op.issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: GOOGLE.client_id,
      response_type: "code",
      redirect_uri: MOBILE_REDIRECT,
      scope: "openid email profile",
      code_challenge: challenge,
      code_challenge_method: "S256",
      nonce,
      state: "mobile",
    }).toString();
    const back = await signInAtProvider(authorize.href, login);
    const code = back.searchParams.get("code")!;
    const exchange = async () => {
      const res = await fetch(`${op.issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: MOBILE_REDIRECT,
          code_verifier: verifier,
          client_id: GOOGLE.client_id,
          client_secret: GOOGLE.client_secret,
        }),
      });
      return ((await res.json()) as { id_token: string }).id_token;
    };
    return { code, verifier, nonce, exchange };
  }

  const mobile = (url: string, payload: unknown, token?: string) =>
    app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers: { "x-platform": "ios", ...(token ? { "x-user": token } : {}) },
    });

  it("lists the configured providers", async () => {
    const res = await app.inject({ method: "GET", url: "/auth/providers" });
    expect(res.json()).toEqual([
      { id: "google", name: "Google", start: "/auth/sso/google/start" },
      { id: "apple", name: "Apple", start: "/auth/sso/apple/start" },
    ]);
    expect((await app.inject({ method: "GET", url: "/auth/sso/facebook/start" })).statusCode).toBe(404);
  });

  it("starts the code flow with PKCE (S256), state and nonce, kept in a signed HttpOnly cookie", async () => {
    const browser = new TestBrowser(app);
    const start = await browser.get("/auth/sso/google/start");
    const to = new URL(start.headers.location as string);
    expect(to.origin).toBe(op.issuer);
    expect(to.searchParams.get("response_type")).toBe("code");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
    expect(to.searchParams.get("redirect_uri")).toBe(`${WEB_CALLBACK}/google/callback`);
    const cookie = String(start.headers["set-cookie"]);
    expect(cookie).toMatch(/^nc_oidc=[^;]+; Max-Age=600; Path=\/auth\/sso\/; HttpOnly; SameSite=Lax/);
    // Nothing secret travels in clear in the cookie's readable part? It is signed; the verifier never reaches the provider.
    expect(to.href).not.toContain(browser.cookieValue("nc_oidc")!.split(".")[0].slice(0, 20));
  });

  it.each([
    ["a tab", "/\t/evil.example:4000/path"],
    ["a newline", "/\n/evil.example"],
    ["U+2028", "/\u2028/evil.example"],
    ["a dot segment", "/.//evil.example"],
    ["a protocol-relative URL", "//evil.example"],
  ])("a return address with %s comes back as /account, never another site", async (_why, returnTo) => {
    const browser = new TestBrowser(app);
    expect(await viaProvider(browser, unique("ret.urn"), "google", returnTo)).toBe(
      "/signup?sso=google&returnTo=%2Faccount",
    );
  });

  it("a return address on this site comes back as it was", async () => {
    const browser = new TestBrowser(app);
    expect(await viaProvider(browser, unique("ret.urn"), "google", "/checkout?step=2")).toBe(
      `/signup?sso=google&returnTo=${encodeURIComponent("/checkout?step=2")}`,
    );
  });

  it("a new shopper: the provider's data is kept until the profile is complete, then the account is made and linked", async () => {
    const email = unique("ann.lee");
    const browser = new TestBrowser(app);
    const next = await viaProvider(browser, email);
    expect(next).toBe("/signup?sso=google&returnTo=%2Faccount");
    expect(browser.cookieValue("nc_sso")).toMatch(/^ncp_/);
    const pending = await browser.get("/auth/sso/pending");
    expect(pending.json()).toEqual({
      status: "signup_required",
      provider: "google",
      profile: { email, emailVerified: true, firstname: "Ann", lastname: "Lee" },
    });
    // Under 21 is refused like any signup; the provider's data stays for another try.
    const young = await browser.post("/auth/signup", {
      firstname: "Ann",
      lastname: "Lee",
      email,
      birthday: "2015-01-01",
    });
    expect(young.json().error.code).toBe("under_age");
    expect((await browser.get("/auth/sso/pending")).statusCode).toBe(200);
    // The provider proved the email: no code needed.
    const done = await browser.post("/auth/signup", {
      firstname: "Ann",
      lastname: "Lee",
      email,
      birthday: "1991-03-04",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "logged_in",
      user: { email, emailVerified: true, linkedProviders: ["google"] },
    });
    expect((await browser.get("/auth/sso/pending")).statusCode).toBe(404);

    // Next time the provider alone signs in, straight back to where the shopper was going.
    const again = new TestBrowser(app);
    expect(await viaProvider(again, email, "google", "/orders")).toBe("/orders");
    expect((await again.get("/me")).json().user.email).toBe(email);
  });

  it("a friend's invite survives the trip to the provider: back on /signup with its code, the account is theirs to reward", async () => {
    const friend = await createUser(t.db, { email: unique("inviting.friend") });
    const code = await codeFor(t.db, friend.id);
    const email = unique("invited.ivy");
    const browser = new TestBrowser(app);
    const start = await browser.get(`/auth/sso/google/start?returnTo=%2Faccount&ref=${code}`);
    const back = await signInAtProvider(start.headers.location as string, email);
    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.headers.location).toBe(`/signup?sso=google&returnTo=%2Faccount&ref=${code}`);
    // The signup page's form carries the code (hidden `ref`), as without a provider.
    const done = await browser.post("/auth/signup", {
      firstname: "Ivy",
      lastname: "Lee",
      email,
      birthday: "1990-05-06",
      ref: code,
    });
    expect(done.json().status).toBe("logged_in");
    const referral = await t.db
      .selectFrom("referrals")
      .select(["referrer_id", "code"])
      .where("friend_id", "=", done.json().user.id)
      .executeTakeFirst();
    expect(referral).toEqual({ referrer_id: friend.id, code });
    // A code that is not one is refused at the start, before the provider.
    expect((await browser.get("/auth/sso/google/start?ref=not%20a%20code")).statusCode).toBe(400);
  });

  it("an email the provider did not verify still has to be proven with a code", async () => {
    const email = unique("cy.unverified");
    const browser = new TestBrowser(app);
    expect(await viaProvider(browser, `unverified+${email}`)).toMatch(/^\/signup\?sso=google/);
    const res = await browser.post("/auth/signup", {
      firstname: "Cy",
      lastname: "U",
      email,
      birthday: "1980-01-01",
    });
    expect(res.json().status).toBe("code_sent");
    const done = await browser.post("/auth/loginV2Step2", {
      oid: res.json().oid,
      code: await codeFromOutbox(app, email),
    });
    expect(done.json().user.linkedProviders).toEqual(["google"]);
  });

  it("an existing account is linked only once its owner proves control: password, or an emailed code", async () => {
    const owner = await createUser(t.db, { email: unique("dee.owner") });
    const browser = new TestBrowser(app);
    expect(await viaProvider(browser, owner.email)).toBe("/login?link=google&returnTo=%2Faccount");
    expect((await browser.get("/auth/sso/pending")).json()).toEqual({
      status: "link_required",
      provider: "google",
      email: owner.email,
    });
    // Signing up instead does not take the account over.
    const signup = await browser.post("/auth/signup", {
      firstname: "X",
      lastname: "Y",
      email: owner.email,
      birthday: "1980-01-01",
    });
    expect(signup.json().status).toBe("code_sent");
    const wrong = await browser.post("/auth/linkSSOToExistingUser", { password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect((await browser.post("/auth/linkSSOToExistingUser", {})).json().error.code).toBe("proof_required");
    const linked = await browser.post("/auth/linkSSOToExistingUser", { password: TEST_PASSWORD });
    expect(linked.json()).toMatchObject({
      status: "logged_in",
      user: { id: owner.id, linkedProviders: ["google"] },
    });
    expect(browser.cookieValue("nc_sso")).toBeNull();
    expect(await viaProvider(new TestBrowser(app), owner.email, "google", "/")).toBe("/");

    const codeOwner = await createUser(t.db, { email: unique("eve.code"), password: null });
    const other = new TestBrowser(app);
    await viaProvider(other, codeOwner.email);
    const step1 = await other.post("/auth/loginV2Step1", { email: codeOwner.email });
    const viaCode = await other.post("/auth/linkGoogleToExistingUser", {
      oid: step1.json().oid,
      code: await codeFromOutbox(app, codeOwner.email),
    });
    expect(viaCode.json()).toMatchObject({
      status: "logged_in",
      user: { id: codeOwner.id, linkedProviders: ["google"] },
    });
  });

  it("a signed-in shopper links a provider to their own account", async () => {
    const user = await createUser(t.db, { email: unique("fay.linker") });
    const browser = new TestBrowser(app);
    await browser.post("/auth/login", { username: user.email, password: TEST_PASSWORD });
    expect(await viaProvider(browser, unique("fay.elsewhere"), "apple")).toBe("/account?linked=apple");
    expect((await browser.get("/me")).json().user.linkedProviders).toEqual(["apple"]);
  });

  it("refuses a callback with a forged state, from another browser, or played twice", async () => {
    const email = unique("gil.state");
    const browser = new TestBrowser(app);
    const start = await browser.get("/auth/sso/google/start");
    const back = await signInAtProvider(start.headers.location as string, email);
    const forged = new URL(back);
    forged.searchParams.set("state", "forged-state-value-xxxxxxxxxxxx");
    const stranger = new TestBrowser(app);
    expect((await stranger.get(`${back.pathname}${back.search}`)).headers.location).toBe(
      "/login?sso_error=expired",
    );
    expect((await browser.get(`${forged.pathname}${forged.search}`)).headers.location).toBe(
      "/login?sso_error=failed",
    );
    // The first (refused) callback used up the flow: the genuine one no longer works either.
    expect((await browser.get(`${back.pathname}${back.search}`)).headers.location).toBe(
      "/login?sso_error=expired",
    );
    expect(browser.cookieValue("nc_user")).toBeNull();
    // A cancelled sign-in at the provider comes back as an error.
    await browser.get("/auth/sso/google/start");
    const cancelled = await browser.get("/auth/sso/google/callback?error=access_denied&state=x");
    expect(cancelled.headers.location).toBe("/login?sso_error=cancelled");
  });

  it("mobile: checkSSOUser verifies the provider's ID token (signature, audience, nonce) and signs in", async () => {
    const email = unique("hal.mobile");
    const flow = await mobileSignIn(email);
    const idToken = await flow.exchange();
    const first = await mobile("/auth/checkSSOUser", {
      provider: "google",
      id_token: idToken,
      nonce: flow.nonce,
    });
    expect(first.json()).toMatchObject({
      status: "signup_required",
      provider: "google",
      profile: { email, emailVerified: true },
      sso_token: expect.stringMatching(/^ncp_/),
    });
    const signup = await mobile("/auth/signup", {
      firstname: "Hal",
      lastname: "Mobile",
      email,
      birthday: "1985-06-07",
      sso_token: first.json().sso_token,
    });
    expect(signup.json()).toMatchObject({
      status: "logged_in",
      sessionToken: expect.stringMatching(/^ncs_/),
    });
    expect(signup.json().user.signup_platform).toBe("ios");
    const again = await mobile("/auth/checkSSOUser", { provider: "google", id_token: idToken });
    expect(again.json()).toMatchObject({
      status: "logged_in",
      user: { email },
      sessionToken: expect.any(String),
    });

    const [head, body, signature] = idToken.split(".");
    const flipped = `${head}.${body}.${signature.slice(0, -4)}AAAA`;
    expect((await mobile("/auth/checkSSOUser", { provider: "google", id_token: flipped })).statusCode).toBe(
      401,
    );
    expect(
      (await mobile("/auth/checkSSOUser", { provider: "google", id_token: idToken, nonce: "other" }))
        .statusCode,
    ).toBe(401);
    // A Google token is not an Apple token (audience).
    expect((await mobile("/auth/checkSSOUser", { provider: "apple", id_token: idToken })).statusCode).toBe(
      401,
    );
    expect((await mobile("/auth/checkSSOUser", { id_token: idToken })).statusCode).toBe(400);
  });

  it("mobile: googleToken exchanges an authorization code (PKCE) for the identity", async () => {
    const owner = await createUser(t.db, { email: unique("ida.google") });
    const flow = await mobileSignIn(owner.email);
    const res = await mobile("/auth/googleToken", {
      code: flow.code,
      code_verifier: flow.verifier,
      redirect_uri: MOBILE_REDIRECT,
      nonce: flow.nonce,
    });
    expect(res.json()).toMatchObject({ status: "link_required", provider: "google", email: owner.email });
    const link = await mobile("/auth/linkGoogleToExistingUser", {
      sso_token: res.json().sso_token,
      password: TEST_PASSWORD,
    });
    expect(link.json()).toMatchObject({
      status: "logged_in",
      user: { id: owner.id },
      sessionToken: expect.any(String),
    });
    // A code works once.
    const replay = await mobile("/auth/googleToken", {
      code: flow.code,
      code_verifier: flow.verifier,
      redirect_uri: MOBILE_REDIRECT,
    });
    expect(replay.statusCode).toBe(401);
    expect((await mobile("/auth/googleToken", { code: "x" })).statusCode).toBe(400);
  });

  it("one provider identity belongs to one account", async () => {
    const login = unique("jo.shared");
    const first = await createUser(t.db, { email: unique("jo.first") });
    const second = await createUser(t.db, { email: unique("jo.second") });
    const a = new TestBrowser(app);
    await a.post("/auth/login", { username: first.email, password: TEST_PASSWORD });
    await viaProvider(a, login);
    const b = new TestBrowser(app);
    await b.post("/auth/login", { username: second.email, password: TEST_PASSWORD });
    // Signed in as someone else, the same identity is refused: it stays with its owner, and b stays b.
    expect(await viaProvider(b, login)).toBe("/account?sso_error=taken");
    expect((await b.get("/me")).json().user.id).toBe(second.id);
    const links = await t.db
      .selectFrom("sso_identities")
      .select("user_id")
      .where("user_id", "in", [first.id, second.id])
      .execute();
    expect(links).toEqual([{ user_id: first.id }]);
    // Its owner going through it again while signed in changes nothing.
    const c = new TestBrowser(app);
    await c.post("/auth/login", { username: first.email, password: TEST_PASSWORD });
    expect(await viaProvider(c, login)).toBe("/account?linked=google");
  });
});
