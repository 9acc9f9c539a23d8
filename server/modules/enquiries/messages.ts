import { SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";
import type { OutgoingMessage } from "../messages/index.ts";
import type { EnquiryKind } from "./schemas.ts";

const link = (origin: string | null, path: string) => (origin ? `${origin}${path}` : path);

/** The lead-capture prompt's answer: the signup offer (spec §9: FIVEOFF) and its link. */
export function leadOfferMessage(recipient: string, origin: string | null): OutgoingMessage {
  return {
    channel: "email",
    recipient,
    template: "lead-offer",
    subject: `${SIGNUP_PROMO.desc}: your Nightcap offer`,
    body: `Thanks for your interest in Nightcap.\n\nSign up and get ${SIGNUP_PROMO.desc}: ${link(origin, `/signup/${SIGNUP_PROMO.code}`)}\n\nCode ${SIGNUP_PROMO.code} is added to your account when you sign up through that link. Nightcap delivers to adults 21 and older.`,
  };
}

const THANKS: Record<
  EnquiryKind,
  { subject: string; body: (name: string, detail: Record<string, string>) => string }
> = {
  partner: {
    subject: "Your Nightcap partner application",
    body: (name, d) =>
      `Hi ${name},\n\nThanks for applying to sell ${d.store_name ? `${d.store_name} ` : ""}on Nightcap. Our partnerships team reviews every store and replies within two business days with the next steps.`,
  },
  business: {
    subject: "Your Nightcap for Business enquiry",
    body: (name, d) =>
      `Hi ${name},\n\nThanks for your interest in a corporate account${d.company ? ` for ${d.company}` : ""}. An account manager will reply within one business day.`,
  },
  job: {
    subject: "Your application to Nightcap",
    body: (name, d) =>
      `Hi ${name},\n\nThanks for applying${d.role ? ` for ${d.role}` : ""}. We read every application and reply within two weeks, whatever the answer.`,
  },
};

/** The sender of a form hears that it arrived. */
export function enquiryThanksMessage(
  recipient: string,
  kind: EnquiryKind,
  name: string,
  detail: Record<string, string>,
): OutgoingMessage {
  const t = THANKS[kind];
  return {
    channel: "email",
    recipient,
    template: `enquiry-${kind}`,
    subject: t.subject,
    body: `${t.body(name, detail)}\n\nThe Nightcap team`,
  };
}
