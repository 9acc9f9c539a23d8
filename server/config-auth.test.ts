import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("accounts configuration", () => {
  it("has no social providers and no session secret by default", () => {
    expect(loadConfig({}).auth).toEqual({
      sessionSecret: undefined,
      providers: [],
      demoMerchantRedirectUrls: [],
    });
  });

  it("reads each OpenID provider from its three variables", () => {
    const config = loadConfig({
      OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
      OIDC_GOOGLE_CLIENT_ID: "web-client",
      OIDC_GOOGLE_CLIENT_SECRET: "s3cret",
      OIDC_FACEBOOK_ISSUER: "https://www.facebook.com",
      OIDC_FACEBOOK_CLIENT_ID: "fb-app",
      SESSION_SECRET: "x".repeat(32),
      DEMO_MERCHANT_REDIRECT_URLS: "http://127.0.0.1:4000/cb,https://merchant.example/sos",
    });
    expect(config.auth).toEqual({
      sessionSecret: "x".repeat(32),
      providers: [
        {
          id: "google",
          name: "Google",
          issuer: "https://accounts.google.com",
          clientId: "web-client",
          clientSecret: "s3cret",
        },
        {
          id: "facebook",
          name: "Facebook",
          issuer: "https://www.facebook.com",
          clientId: "fb-app",
          clientSecret: undefined,
        },
      ],
      demoMerchantRedirectUrls: ["http://127.0.0.1:4000/cb", "https://merchant.example/sos"],
    });
  });

  it("says what is wrong", () => {
    expect(() => loadConfig({ OIDC_APPLE_ISSUER: "https://appleid.apple.com" })).toThrow(
      /OIDC_APPLE_ISSUER and OIDC_APPLE_CLIENT_ID must be set together/,
    );
    expect(() => loadConfig({ OIDC_APPLE_ISSUER: "not a url", OIDC_APPLE_CLIENT_ID: "x" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
    expect(() => loadConfig({ DEMO_MERCHANT_REDIRECT_URLS: "ftp://x" })).toThrow(
      /DEMO_MERCHANT_REDIRECT_URLS/,
    );
  });
});
