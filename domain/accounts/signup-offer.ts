/**
 * Spec §9: a signup promo code with a five-off offer exists; `/signup/{promo}` carries it (spec §2). The promos
 * module applies it to the first order; the account only remembers the code it signed up with.
 */
export const SIGNUP_PROMO = {
  code: "FIVEOFF",
  desc: "$5 off your first order",
  value: 500,
} as const;

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

export function isSignupPromo(code: string | null | undefined): boolean {
  return typeof code === "string" && code.toUpperCase() === SIGNUP_PROMO.code;
}
