import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "#domain/accounts/email.ts";
import { FIELD_MAX } from "#domain/leads/forms.ts";

export type { EnquiryKind } from "#domain/leads/forms.ts";

const platform = z.enum(["web", "ios", "android"]);

/** POST /leads: the prompt's email; the platform as the client detected it (else the request's x-platform). */
export const leadBody = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH),
  platform: platform.optional(),
  /** The page the prompt was shown on. */
  page: z.string().max(200).optional(),
});

/** A form's fields as typed: strings the page sends; the form's rule (domain/leads/forms.ts) says what is right. */
const field = z.string().max(FIELD_MAX).optional();

export const partnerBody = z.object({
  store_name: field,
  contact_name: field,
  email: field,
  phone: field,
  address: field,
  licence_number: field,
});
export const businessBody = z.object({
  company: field,
  contact_name: field,
  email: field,
  phone: field,
  cities: field,
  message: field,
});
export const jobBody = z.object({ name: field, email: field, role: field, cover_note: field });

export const enquiryKindParam = z.object({ kind: z.enum(["partner", "business", "job"]) });

export const enquiriesQuery = z.object({
  kind: z.enum(["lead", "partner", "business", "job"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
