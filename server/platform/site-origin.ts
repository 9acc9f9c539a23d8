import type { Config } from "../config.ts";

/** What a request offers for its own address: the scheme and host Fastify read (forwarded ones from trusted proxies only). */
export interface RequestAddress {
  protocol: string;
  host: string;
}

/**
 * The store's own address, for links it writes (emails and texts, sign-in redirects, payment return addresses,
 * canonical links, the sitemap): docs/adr/0050-trusted-proxy-and-origin.md.
 * - PUBLIC_ORIGIN when set (required in production on a real database: loadConfig refuses to start without it);
 * - in production without it (the embedded default), its own local address, http://localhost:PORT;
 * - in development and tests, the request's own address, so a journey on 127.0.0.1:4100 gets links it can follow.
 * Never, in production, a Host or X-Forwarded-Host header a client chose.
 */
export function siteOrigin(config: Config, req: RequestAddress): string {
  if (config.publicOrigin) return config.publicOrigin;
  const local = `http://localhost:${config.port}`;
  if (config.env === "production") return local;
  try {
    // Through URL so a default port is dropped ("http://localhost:80" → "http://localhost"), as URLs compare.
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return local;
  }
}

/** Whether siteOrigin is the same for every request (then what is built from it may be cached by anyone). */
export const isSiteOriginFixed = (config: Config): boolean =>
  Boolean(config.publicOrigin) || config.env === "production";
