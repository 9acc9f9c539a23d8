import { Outlet, redirect } from "react-router";
import { safeReturnTo } from "#domain/accounts/return-to.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-layout";

/**
 * Every /console page sits under this pathless layout, which sends a signed-out visitor to /login and back to the
 * page (path and query) once signed in. The pages keep their own refusal of a signed-in account that is not staff
 * (403, worded per page).
 *
 * Loaders run in parallel on the server; a redirect from a parent wins over whatever its child loader answers or
 * throws (React Router's static handler looks for redirects in route order before it reads any result), for a
 * document and for a data request alike. `url` is the page's address without the data request's own parts
 * (`.data`, `_routes`).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = await context.api<ApiAnswer<"getSession">>("/auth/session");
  if (!session.ok) throw new Response(null, { status: 500 });
  if (!session.data.user) throw redirect(signInAddress(url));
  return null;
}

/**
 * Asked again on every console navigation and poll, and after every form post, a refused one included (after a 4xx
 * action React Router's default reloads nothing): a session that ended meanwhile goes to sign-in from here, since the
 * pages no longer do.
 */
export const shouldRevalidate = () => true;

/** /login with the page as its return address, checked by the one rule for return addresses (else /console). */
export function signInAddress(url: URL): string {
  return `/login?returnTo=${encodeURIComponent(safeReturnTo(url.pathname + url.search, "/console"))}`;
}

export default function ConsoleLayout() {
  return <Outlet />;
}
