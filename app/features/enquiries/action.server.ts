import { type AppLoadContext, data } from "react-router";
import { apiErrorMessage } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import type { EnquiryKind } from "#domain/leads/forms.ts";
import { formFields } from "../accounts/forms.server.ts";
import { ENQUIRY_FIELDS } from "./fields.ts";

export type EnquiryResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Record<string, string>; values: Record<string, string> };

/** A form that takes input, posted: sent to the API as typed; its field errors come back beside the fields. */
export async function enquiryAction(request: Request, context: AppLoadContext, kind: EnquiryKind) {
  const f = await formFields(request);
  const values = Object.fromEntries(ENQUIRY_FIELDS[kind].map((field) => [field.name, f[field.name] ?? ""]));
  const res = await context.api<ApiAnswer<"submitPartnerApplication">>(`/api/enquiries/${kind}`, {
    method: "POST",
    body: values,
  });
  if (res.ok) return { ok: true as const, message: res.data.message } satisfies EnquiryResult;
  const details = (res.data as { error?: { details?: Record<string, string> } } | null)?.error?.details ?? {};
  return data<EnquiryResult>(
    {
      ok: false,
      message: apiErrorMessage(res.data, "That did not send. Please try again."),
      errors: details,
      values,
    },
    { status: res.status },
  );
}
