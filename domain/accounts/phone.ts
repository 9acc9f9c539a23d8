/**
 * Spec §5: phone numbers are formatted 3-3-rest ("555-123-4567"). Partial numbers format as far as they go,
 * so the same function serves a field being typed.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const INVALID_MOBILE = "Please enter a 10-digit US mobile number.";

/**
 * A US mobile number as stored: ten digits, with the country code kept apart. Accepts the usual ways of typing
 * it ("(555) 123-4567", "+1 555 123 4567"); anything else is null.
 */
export function normalizeUsMobile(value: string): { mobile: string; countryCode: string } | null {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return { mobile: digits, countryCode: "+1" };
}
