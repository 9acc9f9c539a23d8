import { data } from "react-router";
import type { ApiResponse } from "./api.ts";

/** Throws the not-found response: the page boundary shows the not-found page with HTTP 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The answer's data when it succeeded. A 404 answer becomes the not-found page, and so does a 400: a page loader
 * sends the API only what the page's URL holds (its path segments, its filters), so a refusal means the URL names
 * no page (a segment longer than the API accepts, a character it cannot store). Anything else is the 500 screen.
 */
export function dataOrThrow<T>(res: ApiResponse<T>): T {
  if (res.ok) return res.data;
  if (res.status === 404 || res.status === 400) notFound();
  throw data(null, { status: 500 });
}
