import { data, redirect } from "react-router";
import type { ApiResponse } from "#app/lib/api.ts";
import { apiErrorMessage } from "#app/lib/api.ts";

/**
 * Helpers for the accounts page actions: they read the posted form, call the API in-process (context.api carries
 * the shopper's cookies and the checked CSRF token; cookies the API sets reach the browser) and answer either a
 * redirect or what the form shows next.
 */
export async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "_csrf") fields[key] = value;
  return fields;
}

export interface ActionFailure {
  ok: false;
  intent: string;
  error: string;
  code: string | null;
  /** A wrong code keeps the shopper on the code step of the same attempt. */
  step?: "code";
  oid?: string;
  email?: string;
  message?: string;
  /** Where the code step goes once done (the page's own URL may have lost it on revalidation). */
  returnTo?: string;
}

export function failure(
  intent: string,
  res: ApiResponse,
  fallback: string,
  keep: Partial<ActionFailure> = {},
) {
  const code = (res.data as { error?: { code?: string } } | null)?.error?.code ?? null;
  return data<ActionFailure>(
    { ok: false, intent, error: apiErrorMessage(res.data, fallback), code, ...keep },
    { status: res.status >= 400 && res.status < 600 ? res.status : 400 },
  );
}

export const goTo = (path: string) => redirect(path);
