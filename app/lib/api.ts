import { csrfHeaders, noteSessionAnswer, tokenReady } from "./csrf.ts";
import { positionHeaders } from "./position.ts";

/**
 * How the storefront talks to our API. On the server (loaders, actions) the request handler injects
 * `context.api`, which calls the API in-process with the shopper's cookies and headers; in the browser
 * `browserApi` uses fetch. Both speak the same paths and JSON as the mobile apps.
 */
export interface ApiResponse<T = unknown> {
  status: number;
  ok: boolean;
  data: T;
  headers: Record<string, string>;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are, with their type (a photo's bytes): instead of `body`. */
  file?: { type: string; bytes: Uint8Array };
  headers?: Record<string, string>;
}

export type ApiFetch = <T = unknown>(path: string, init?: ApiRequest) => Promise<ApiResponse<T>>;

declare module "react-router" {
  interface AppLoadContext {
    api: ApiFetch;
    /** CSP nonce for this response's scripts. */
    nonce: string;
    /** CSP nonce for this response's inline stylesheet (the document's critical CSS: app/entry.server.tsx). */
    styleNonce?: string;
    /** The store's address (scheme://host: PUBLIC_ORIGIN in production), for canonical and share URLs. */
    origin: string;
    /**
     * The server found that this URL's path names no page (it is not valid percent-encoded UTF-8, or holds a
     * character no page name has: server/input-guard.ts); the page boundary answers the not-found page.
     */
    pathNamesNoPage: boolean;
    /**
     * Set when this render is shared between the anonymous shoppers of a store (docs/adr/0042-shared-page-cache.md):
     * the API was called without the shopper's cookies, and the personal parts (who is signed in, the CSRF token,
     * the delivery address) are left for the browser to fetch. `addressPending`: the shopper has a saved address.
     */
    sharedPage?: { addressPending: boolean };
  }
}

export const browserApi: ApiFetch = async (path, init = {}) => {
  // The shopper's position rides on every call (spec §7); the address feature keeps it.
  const method = init.method ?? "GET";
  await tokenReady(method);
  const headers: Record<string, string> = {
    "x-platform": "web",
    ...positionHeaders(),
    // State changes carry the page's CSRF token (docs/adr/0002-sessions-and-csrf.md).
    ...csrfHeaders(method),
    ...init.headers,
  };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.file) headers["content-type"] = init.file.type;
  const res = await fetch(path, {
    method,
    headers,
    body: init.file
      ? (init.file.bytes as BodyInit)
      : init.body === undefined
        ? undefined
        : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  const text = await res.text();
  const isJson = (res.headers.get("content-type") ?? "").includes("json");
  const data = isJson && text ? JSON.parse(text) : text || null;
  noteSessionAnswer(res.status, res.headers.get("x-csrf-token"), data);
  return { status: res.status, ok: res.ok, data, headers: Object.fromEntries(res.headers.entries()) };
};

/** The message of an API error answer, or the fallback. */
export function apiErrorMessage(data: unknown, fallback: string): string {
  const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && message ? message : fallback;
}
