import { INVALID_EMAIL, isValidEmail, normalizeEmail } from "../accounts/email.ts";
import { formatPhone, normalizeUsMobile } from "../accounts/phone.ts";

/**
 * The pages that take input (issue 17): /retailers (a partner store), /business (a corporate account) and /apply
 * (a job). One rule per form turns what was typed into what is kept, or into a message per field the page shows
 * beside it; the server applies the same rule and refuses with those messages.
 */
export type EnquiryKind = "partner" | "business" | "job";

/** The roles /careers lists and /apply takes (content: a small fixed list). */
export const OPEN_ROLES = [
  { id: "storefront-engineer", title: "Senior Software Engineer, Storefront", where: "remote, US" },
  {
    id: "logistics-engineer",
    title: "Software Engineer, Logistics and Dispatch",
    where: "Chicago or remote",
  },
  { id: "city-operations", title: "City Operations Manager", where: "Austin, Denver, Miami" },
  { id: "retail-partnerships", title: "Retail Partnerships Manager", where: "New York" },
  { id: "compliance-counsel", title: "Regulatory Compliance Counsel", where: "remote, US" },
  {
    id: "customer-experience",
    title: "Customer Experience Specialist, evenings and weekends",
    where: "remote, US",
  },
] as const;

export type FieldErrors = Record<string, string>;
export type FormOutcome =
  | { ok: true; name: string; email: string; detail: Record<string, string> }
  | { ok: false; errors: FieldErrors };

/** The longest any field may be (the schema refuses longer before the rule runs). */
export const FIELD_MAX = 4000;

type Input = Record<string, string | undefined>;

const text = (v: string | undefined) => (v ?? "").trim().replace(/\s+/g, " ");
const block = (v: string | undefined) => (v ?? "").trim().replace(/\r\n/g, "\n");

function check(
  errors: FieldErrors,
  field: string,
  value: string,
  rule: { label: string; min?: number; max: number; required?: boolean },
): string {
  const required = rule.required ?? true;
  if (value === "") {
    if (required) errors[field] = `Please enter ${rule.label}.`;
    return value;
  }
  if (rule.min !== undefined && value.length < rule.min)
    errors[field] = `Please write at least ${rule.min} characters for ${rule.label}.`;
  else if (value.length > rule.max) errors[field] = `Please keep ${rule.label} to ${rule.max} characters.`;
  return value;
}

function emailOf(errors: FieldErrors, v: string | undefined): string {
  const email = normalizeEmail(v ?? "");
  if (email === "") errors.email = "Please enter your email.";
  else if (!isValidEmail(email)) errors.email = INVALID_EMAIL;
  return email;
}

function phoneOf(errors: FieldErrors, v: string | undefined, required: boolean): string {
  const typed = text(v);
  if (typed === "") {
    if (required) errors.phone = "Please enter a phone number.";
    return "";
  }
  const phone = normalizeUsMobile(typed);
  if (!phone) {
    errors.phone = "Please enter a 10-digit US phone number.";
    return "";
  }
  return formatPhone(phone.mobile);
}

const outcome = (
  errors: FieldErrors,
  name: string,
  email: string,
  detail: Record<string, string>,
): FormOutcome =>
  Object.keys(errors).length > 0
    ? { ok: false, errors }
    : {
        ok: true,
        name,
        email,
        detail: Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== "")),
      };

/** A liquor-store licence number as states print them: letters, digits, dashes and spaces, 4 to 30. */
const LICENCE = /^[A-Za-z0-9][A-Za-z0-9 -]{2,28}[A-Za-z0-9]$/;

/** /retailers: store name, contact, email, phone, address, licence number. */
export function partnerForm(input: Input): FormOutcome {
  const errors: FieldErrors = {};
  const store_name = check(errors, "store_name", text(input.store_name), {
    label: "your store's name",
    max: 100,
  });
  const name = check(errors, "contact_name", text(input.contact_name), { label: "a contact name", max: 80 });
  const email = emailOf(errors, input.email);
  const phone = phoneOf(errors, input.phone, true);
  const address = check(errors, "address", text(input.address), {
    label: "the store's address",
    min: 8,
    max: 200,
  });
  const licence = text(input.licence_number);
  if (licence === "") errors.licence_number = "Please enter your retail licence number.";
  else if (!LICENCE.test(licence))
    errors.licence_number =
      "A licence number is 4 to 30 letters, digits and dashes, as printed on the licence.";
  return outcome(errors, name, email, { store_name, phone, address, licence_number: licence.toUpperCase() });
}

/** /business: company, contact, email, optional phone and cities, what they need. */
export function businessForm(input: Input): FormOutcome {
  const errors: FieldErrors = {};
  const company = check(errors, "company", text(input.company), { label: "your company's name", max: 100 });
  const name = check(errors, "contact_name", text(input.contact_name), { label: "your name", max: 80 });
  const email = emailOf(errors, input.email);
  const phone = phoneOf(errors, input.phone, false);
  const cities = check(errors, "cities", text(input.cities), {
    label: "the cities you order in",
    max: 200,
    required: false,
  });
  const message = check(errors, "message", block(input.message), {
    label: "what you need",
    min: 10,
    max: 2000,
  });
  return outcome(errors, name, email, { company, phone, cities, message });
}

/** /apply: name, email, one of the open roles, a cover note. */
export function jobForm(input: Input): FormOutcome {
  const errors: FieldErrors = {};
  const name = check(errors, "name", text(input.name), { label: "your name", max: 80 });
  const email = emailOf(errors, input.email);
  const role = OPEN_ROLES.find((r) => r.id === text(input.role));
  if (!role) errors.role = "Please choose one of the open roles.";
  const cover_note = check(errors, "cover_note", block(input.cover_note), {
    label: "your cover note",
    min: 50,
    max: 4000,
  });
  return outcome(errors, name, email, { role: role?.title ?? "", role_id: role?.id ?? "", cover_note });
}

export const ENQUIRY_FORMS: Record<EnquiryKind, (input: Input) => FormOutcome> = {
  partner: partnerForm,
  business: businessForm,
  job: jobForm,
};

export const ENQUIRY_KIND_LABELS: Record<EnquiryKind | "lead", string> = {
  lead: "Lead",
  partner: "Partner store",
  business: "Business account",
  job: "Job application",
};
