import proxyAddr from "@fastify/proxy-addr";
import type { FastifyRequest } from "fastify";
import type { TrustProxy } from "../config.ts";

/**
 * The peer address of the page renderer's own calls to the API (server/ssr.ts injects them in-process with it). No
 * socket has it (a real peer's address is an IP), so only those calls carry the shopper's address, scheme and host
 * in X-Forwarded-* headers that are believed whatever TRUST_PROXY says.
 */
export const IN_PROCESS_ADDRESS = "in-process";

/**
 * Fastify's trustProxy as a function (docs/adr/0050-trusted-proxy-and-origin.md): `hop` 0 is the socket's peer, 1
 * the last address in X-Forwarded-For, and so on; the client is the first address not trusted. The request's ip,
 * and the X-Forwarded-Proto and -Host headers (read only when the socket's peer is trusted), follow from it.
 */
export function trustedProxy(trust: TrustProxy): (address: string, hop: number) => boolean {
  const configured =
    trust.kind === "none"
      ? () => false
      : trust.kind === "hops"
        ? (_address: string, hop: number) => hop < trust.hops
        : proxyAddr.compile(trust.addresses);
  return (address, hop) => (hop === 0 && address === IN_PROCESS_ADDRESS) || configured(address, hop);
}

/** The client's address, as every per-address limit counts it and the request log records it (TRUST_PROXY). */
export function clientIp(req: FastifyRequest): string {
  return req.ip || "unknown";
}
