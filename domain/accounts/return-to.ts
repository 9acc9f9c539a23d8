/**
 * Where a shopper goes once signed in (`returnTo` on /login and /signup, their forms, merchant sign-on, social
 * sign-in): a path on this site, or nothing. The one rule for every page that takes a return address.
 */

/** Where to go when no return address is given, or the one given is refused. */
export const DEFAULT_RETURN_TO = "/account";

/** Longer than any path of ours with its query; a longer one is not ours. */
export const MAX_RETURN_TO_LENGTH = 500;

/**
 * Control characters, whitespace of any kind (line and paragraph separators included) and invisible formatting
 * characters. Browsers drop tabs and newlines inside a URL, so "/\t/evil.example" goes to //evil.example; a
 * newline, NUL or U+2028 cannot be sent in a Location header at all. No path of ours holds one unencoded.
 */
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/** A host no one can own: a path resolved against it stays on it unless it names another site. */
const HERE = "https://here.invalid";

/**
 * The same-origin path `value` names, normalised (percent-encoded as a URL writes it; `.` and `..` resolved), or
 * null: for nothing at all, a full URL, a protocol-relative one (`//host`, `/\host`, `/.//host` once resolved), a
 * backslash, an unsafe character anywhere, or over MAX_RETURN_TO_LENGTH characters.
 */
export function returnPathOf(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_TO_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || UNSAFE_CHARACTER.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  return path.startsWith("//") ? null : path;
}

/** The return address to use: `value` when it is a path on this site, else `fallback`. */
export function safeReturnTo(value: string | null | undefined, fallback = DEFAULT_RETURN_TO): string {
  return returnPathOf(value) ?? fallback;
}
