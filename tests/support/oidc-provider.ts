import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Provider (the `oidc-provider` package) on this machine, for the social sign-in tests: the
 * authorization code flow with PKCE, signed ID tokens and a JWKS, discovery at /.well-known/openid-configuration.
 * Its development sign-in page accepts any login: the login is the account's email, and the account's claims
 * derive from it ("ann.lee@x.com" → given name Ann, family name Lee; "unverified+…" → email not verified).
 * Consent is taken as given (a first-party client).
 */
export interface LocalProvider {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export function claimsFor(login: string) {
  const email = login.replace(/^unverified\+/, "");
  const [first = "Pat", last = "Doe"] = email.split("@")[0].split(/[._-]/);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    sub: `sub-${createHash("sha256").update(email).digest("hex").slice(0, 16)}`,
    email,
    email_verified: !login.startsWith("unverified+"),
    given_name: cap(first),
    family_name: cap(last),
  };
}

export async function startLocalProvider(opts: {
  port?: number;
  clients: ProviderClient[];
}): Promise<LocalProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: "client_secret_post",
      response_types: ["code"],
      grant_types: ["authorization_code"],
    })),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx: KoaContextWithOIDC, id: string) => ({
      accountId: id,
      claims: async () => claimsFor(id),
    }),
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "given_name", "family_name"]);
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Drives a browser through the provider without a browser: authorize → the dev sign-in form → back to the
 * client's redirect URI. Answers that final URL (with code and state).
 */
export async function signInAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let url = new URL(authorizeUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const res = await fetch(url, { redirect: "manual", headers: { cookie: cookieHeader() } });
    keep(res);
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    if (!/name="prompt" value="login"/.test(html))
      throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    const action = /action="([^"]+)"/.exec(html)![1];
    const submit = await fetch(new URL(action, url), {
      method: "POST",
      redirect: "manual",
      headers: { cookie: cookieHeader(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login, password: "any" }),
    });
    keep(submit);
    url = new URL(submit.headers.get("location")!, url);
  }
  throw new Error("too many redirects at the provider");
}
