import { startLocalProvider } from "./oidc-provider.ts";

/**
 * The local OpenID provider as a process of its own, for the browser journeys (playwright.config.ts starts it
 * before the storefront, which is configured to use it as "Google").
 */
const port = Number(process.env.OIDC_PORT ?? 3199);
const appOrigin = process.env.APP_ORIGIN ?? "http://127.0.0.1:3100";

const provider = await startLocalProvider({
  port,
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? "nightcap-e2e",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "e2e-secret",
      redirect_uris: [`${appOrigin}/auth/sso/google/callback`],
    },
  ],
});
console.log(`local OpenID provider at ${provider.issuer}`);
const stop = () => provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
