import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { FetchFailure } from "#domain/feeds/schedule.ts";

/**
 * Fetching a file from an address a user gave (a store's feed; docs/adr/0073-scheduled-shelf-feeds.md) without letting
 * that user reach what only the server can: HTTPS only, and never an address on this machine, the private networks,
 * link-local (the clouds' metadata service) or other special ranges — checked on the address the connection actually
 * goes to (the lookup below), so a name that resolves elsewhere between the check and the fetch gains nothing.
 * `allowLocal` (tests only) lets http:// and loopback through for the tests' local server; private ranges never.
 * Node's http client rather than fetch: fetch cannot check the address it connects to.
 */
export interface OutboundOptions {
  allowLocal: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Sent to the address's own origin only, never to one it redirects to. */
  headers?: Record<string, string>;
  maxRedirects?: number;
}

export type OutboundResult = { ok: true; text: string; bytes: number } | { ok: false; failure: FetchFailure };

const special = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  special.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  special.addSubnet(net6, prefix, "ipv6");
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Why an IP address may not be fetched, or null when it may. */
export function refusedAddress(address: string, allowLocal: boolean): string | null {
  const family = net.isIP(address);
  if (family === 0) return `${address} is not an IP address.`;
  let ip = address;
  let type: "ipv4" | "ipv6" = family === 4 ? "ipv4" : "ipv6";
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) [ip, type] = [mapped[1], "ipv4"];
  if (loopback.check(ip, type))
    return allowLocal ? null : "it is on this server (a loopback address), which a feed may not be.";
  if (special.check(ip, type))
    return "it is a private, link-local or reserved address (a local network or a cloud's metadata service), which a feed may not be.";
  return null;
}

/** Why a URL may not be fetched before any lookup (its scheme, a literal address), or null. */
export function refusedUrl(raw: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "it is not a URL.";
  }
  if (url.protocol !== "https:" && !(allowLocal && url.protocol === "http:"))
    return "a feed's address must start with https://.";
  if (url.username || url.password)
    return "the address may not carry a user name or password: set them as credentials.";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (net.isIP(host)) return refusedAddress(host, allowLocal);
  if (host === "localhost" || host.endsWith(".localhost"))
    return allowLocal ? null : "it is on this server (a loopback address), which a feed may not be.";
  return null;
}

/** refusedUrl, then every address the host name resolves to (a name for a private address is refused too). */
export async function checkUrl(raw: string, allowLocal: boolean): Promise<string | null> {
  const refused = refusedUrl(raw, allowLocal);
  if (refused) return refused;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return `the host ${host} was not found.`;
  }
  for (const a of addresses) {
    const why = refusedAddress(a.address, allowLocal);
    if (why) return why;
  }
  return null;
}

class Refused extends Error {}

/** The lookup every outbound connection makes: a name resolving to any refused address fails the connection. */
export const checkedLookup =
  (allowLocal: boolean): net.LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = refusedAddress(a.address, allowLocal);
        if (why) return callback(new Refused(why), "", 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GETs `raw` as text within the time and size limits, following a few redirects (each checked the same way). */
export async function fetchText(raw: string, opts: OutboundOptions): Promise<OutboundResult> {
  const origin = new URL(raw).origin;
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let url = raw;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    const refused = refusedUrl(url, opts.allowLocal);
    if (refused) return { ok: false, failure: { kind: "refused", reason: refused } };
    const headers = new URL(url).origin === origin ? (opts.headers ?? {}) : {};
    const answer = await get(url, headers, opts, deadline);
    if (!answer.ok) return answer;
    if ("location" in answer) {
      url = new URL(answer.location, url).toString();
      continue;
    }
    return answer;
  }
  return { ok: false, failure: { kind: "redirects" } };
}

function get(
  url: string,
  headers: Record<string, string>,
  opts: OutboundOptions,
  signal: AbortSignal,
): Promise<OutboundResult | { ok: true; location: string }> {
  return new Promise((resolve) => {
    const client = url.startsWith("https:") ? https : http;
    const timeout = (): OutboundResult => ({
      ok: false,
      failure: { kind: "timeout", seconds: Math.round(opts.timeoutMs / 1000) },
    });
    if (signal.aborted) return resolve(timeout());
    const req = client.request(url, {
      method: "GET",
      headers: { "user-agent": "Nightcap shelf feed", accept: "text/csv, text/plain, */*", ...headers },
      lookup: checkedLookup(opts.allowLocal),
      agent: false,
      signal,
    });
    req.on("error", (err) => {
      if (signal.aborted) return resolve(timeout());
      if (err instanceof Refused)
        return resolve({ ok: false, failure: { kind: "refused", reason: err.message } });
      const code = (err as NodeJS.ErrnoException).code;
      const message =
        code === "ENOTFOUND"
          ? "the host name was not found"
          : code === "ECONNREFUSED"
            ? "the connection was refused"
            : code === "ECONNRESET"
              ? "the connection was cut"
              : err.message;
      resolve({ ok: false, failure: { kind: "network", message } });
    });
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        return resolve({ ok: true, location: res.headers.location });
      }
      if (status < 200 || status > 299) {
        res.resume();
        return resolve({ ok: false, failure: { kind: "status", status } });
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        req.destroy();
        return resolve({ ok: false, failure: { kind: "too_large", bytes: opts.maxBytes } });
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > opts.maxBytes) {
          req.destroy();
          resolve({ ok: false, failure: { kind: "too_large", bytes: opts.maxBytes } });
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => {
        if (bytes > opts.maxBytes) return;
        resolve({ ok: true, text: new TextDecoder("utf-8").decode(Buffer.concat(chunks)), bytes });
      });
      const cut = () => {
        if (signal.aborted) return resolve(timeout());
        resolve({ ok: false, failure: { kind: "network", message: "the connection was cut" } });
      };
      res.on("error", cut);
      res.on("close", () => {
        if (!res.complete) cut();
      });
    });
    req.end();
  });
}
