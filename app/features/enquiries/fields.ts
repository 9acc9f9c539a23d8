import { type EnquiryKind, OPEN_ROLES } from "#domain/leads/forms.ts";

/** One input of a form that takes input: its name (the API's field), label, and how the browser helps fill it. */
export interface FormField {
  name: string;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
}

export const ENQUIRY_FIELDS: Record<EnquiryKind, FormField[]> = {
  partner: [
    { name: "store_name", label: "Store name", autoComplete: "organization", required: true, maxLength: 100 },
    { name: "contact_name", label: "Contact name", autoComplete: "name", required: true, maxLength: 80 },
    { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
    {
      name: "phone",
      label: "Phone",
      type: "tel",
      autoComplete: "tel",
      required: true,
      hint: "10-digit US number.",
    },
    {
      name: "address",
      label: "Store address",
      autoComplete: "street-address",
      required: true,
      maxLength: 200,
      hint: "Street, city, state and ZIP.",
    },
    {
      name: "licence_number",
      label: "Retail licence number",
      required: true,
      maxLength: 30,
      hint: "As printed on your state off-premises licence.",
    },
  ],
  business: [
    { name: "company", label: "Company", autoComplete: "organization", required: true, maxLength: 100 },
    { name: "contact_name", label: "Your name", autoComplete: "name", required: true, maxLength: 80 },
    { name: "email", label: "Work email", type: "email", autoComplete: "email", required: true },
    { name: "phone", label: "Phone (optional)", type: "tel", autoComplete: "tel" },
    { name: "cities", label: "Cities you order in (optional)", maxLength: 200 },
    {
      name: "message",
      label: "What do you need?",
      multiline: true,
      required: true,
      maxLength: 2000,
      hint: "Events, gifts, a rough monthly volume.",
    },
  ],
  job: [
    { name: "name", label: "Full name", autoComplete: "name", required: true, maxLength: 80 },
    { name: "email", label: "Email", type: "email", autoComplete: "email", required: true },
    {
      name: "role",
      label: "Role",
      required: true,
      options: OPEN_ROLES.map((r) => ({ value: r.id, label: `${r.title} (${r.where})` })),
    },
    {
      name: "cover_note",
      label: "Cover note",
      multiline: true,
      required: true,
      maxLength: 4000,
      hint: "At least 50 characters: why this role, and what you bring.",
    },
  ],
};

export const SUBMIT_LABELS: Record<EnquiryKind, string> = {
  partner: "Apply to sell on Nightcap",
  business: "Send enquiry",
  job: "Send application",
};
