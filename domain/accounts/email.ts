/**
 * Spec §5: an email matches a basic pattern — a local part, "@", a domain, and a top-level domain of 2 to 4
 * letters. The email is also the username, so it is compared trimmed and lower-cased.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL = "Please enter a valid email address.";

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The form an email is stored and compared in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
