import { createContext, useContext } from "react";
import { type ApiFetch, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { awaitTokenFrom, CSRF_FIELD, CSRF_META } from "#app/lib/csrf.ts";
import type { SessionInfo } from "#domain/accounts/types.ts";
import type { SavedAddress } from "#domain/geo/api.ts";

export const NO_SESSION: SessionInfo = { user: null, csrfToken: null, sessionEnded: false };

/** For the root loader: who the page is for and its CSRF token (logged out when the call fails). */
export async function loadSession(api: ApiFetch): Promise<SessionInfo> {
  try {
    const res = await api<ApiAnswer<"getSession">>("/auth/session");
    return res.ok && res.data ? res.data : NO_SESSION;
  } catch {
    return NO_SESSION;
  }
}

/** A shared page's personal parts, from one call in the browser (null when it fails: the page stays anonymous). */
export async function loadPersonalParts(): Promise<{
  session: SessionInfo;
  address: SavedAddress | null;
} | null> {
  const call = browserApi<ApiAnswer<"getShell">>("/auth/shell");
  awaitTokenFrom(call);
  try {
    const res = await call;
    return res.ok && res.data ? res.data : null;
  } catch {
    return null;
  }
}

/**
 * The page's session, provided once by the root's layout from its loader data. A context rather than each reader
 * asking the router: a router update (a navigation starting, a route found) re-renders every `useRouteLoaderData`
 * reader, a listing's 60 hearts among them; this re-renders them only when the session itself changes (ADR 48).
 */
const SessionContext = createContext<SessionInfo>(NO_SESSION);
export const SessionProvider = SessionContext.Provider;

export function useSession(): SessionInfo {
  return useContext(SessionContext);
}

/** The page's CSRF token, where browserApi reads it (docs/adr/0002-sessions-and-csrf.md). */
export function CsrfMeta() {
  const { csrfToken } = useSession();
  return csrfToken ? <meta name={CSRF_META} content={csrfToken} /> : null;
}

/** Every page form that posts carries the token as `_csrf`. */
export function CsrfField() {
  const { csrfToken } = useSession();
  return <input type="hidden" name={CSRF_FIELD} value={csrfToken ?? ""} />;
}
