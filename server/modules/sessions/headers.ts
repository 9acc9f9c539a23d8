import { z } from "zod";

/**
 * The identity headers an API route reads (spec §7): `x-platform` (ios, android or web) and `x-user` (the apps'
 * session token). Every route declares them from here, so the document describes them once and alike.
 */
export const sessionHeaders = z.object({
  "x-platform": z.string().optional(),
  "x-user": z.string().optional(),
});

/** The identity headers and `x-csrf-token`, which the browser sends with a state-changing call (docs/adr/0002-sessions-and-csrf.md). */
export const sessionHeadersWithCsrf = sessionHeaders.extend({ "x-csrf-token": z.string().optional() });
