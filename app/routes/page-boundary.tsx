import { isRouteErrorResponse, Outlet } from "react-router";
import { NotFound, ServerError } from "../components/error-pages.tsx";
import { notFound } from "../lib/loader-errors.ts";
import type { Route } from "./+types/page-boundary";

/**
 * A path the server could not read as a page name (a malformed percent-escape, a NUL) is not found, whatever page
 * it would otherwise match: the shell still loads (root loader), the page does not.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.pathNamesNoPage) notFound();
  return null;
}

/** Every page sits under this layout: its boundary shows the not-found page for a 404 and the 500 screen otherwise. */
export default function PageBoundary() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? "Page not found | Nightcap" : "Something went wrong | Nightcap" },
    { name: "robots", content: "noindex" },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (typeof window !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return <ServerError />;
}
