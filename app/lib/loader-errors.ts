import { data } from "react-router";
import type { ApiResponse } from "./api.ts";

/** Throws the not-found response: the page boundary shows the not-found page with HTTP 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The answer's data when it succeeded; a 404 answer becomes the not-found page, anything else the 500 screen. */
export function dataOrThrow<T>(res: ApiResponse<T>): T {
  if (res.ok) return res.data;
  if (res.status === 404) notFound();
  throw data(null, { status: 500 });
}
