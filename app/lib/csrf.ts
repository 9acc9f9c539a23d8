/**
 * The browser's half of the CSRF contract (docs/adr/0002-sessions-and-csrf.md). The root loader puts the token
 * for this visitor or session in `<meta name="csrf-token">` (and page forms carry it as `_csrf`); browserApi
 * sends it as `x-csrf-token` on every POST/PUT/PATCH/DELETE. Signing in or out changes what the token is bound
 * to: the API then answers the new token in the `x-csrf-token` response header, used from then on.
 */
export const CSRF_META = "csrf-token";
export const CSRF_FIELD = "_csrf";
/** Fired when the API says the session has ended (401 invalid_session): the storefront shows itself logged out. */
export const SESSION_ENDED_EVENT = "nightcap:session-ended";

/** A token from an API answer, and the page's token when it came: a page token that changed since wins again. */
let latest: { token: string; pageTokenThen: string | null } | null = null;

function pageToken(): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${CSRF_META}"]`)?.content || null;
}

export function currentCsrfToken(): string | null {
  const page = pageToken();
  return latest && latest.pageTokenThen === page ? latest.token : page;
}

/** While a shared page's personal parts load, its token is on the way: state changes wait for it. */
let tokenOnTheWay: Promise<unknown> | null = null;

export function awaitTokenFrom(personalParts: Promise<unknown>): void {
  const pending = personalParts.catch(() => undefined);
  tokenOnTheWay = pending;
  void pending.then(() => {
    if (tokenOnTheWay === pending) tokenOnTheWay = null;
  });
}

/** Resolves once no shared page's token is on the way (at once, nearly always). */
export async function tokenReady(method: string): Promise<void> {
  if (tokenOnTheWay && method !== "GET" && method !== "HEAD") await tokenOnTheWay;
}

export function csrfHeaders(method: string): Record<string, string> {
  if (method === "GET" || method === "HEAD") return {};
  const token = currentCsrfToken();
  return token ? { "x-csrf-token": token } : {};
}

/** Keeps a newer token the API handed out, and tells the page when its session has ended. */
export function noteSessionAnswer(status: number, token: string | null, data: unknown): void {
  if (token) latest = { token, pageTokenThen: pageToken() };
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  if (status === 401 && code === "invalid_session" && typeof window !== "undefined") {
    window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT));
  }
}
