import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** Spec §2 redirects: /join goes to /apply, /jobs goes to /careers (permanent). */
const REDIRECTS: Record<string, string> = { "/join": "/apply", "/jobs": "/careers" };

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = REDIRECTS[url.pathname.replace(/\/+$/, "")] ?? "/";
  return redirect(`${to}${url.search}`, 301);
}
