/**
 * A merchant registered for direct sign-on (spec §2 /sos, §6): an id the merchant's links carry, a name shown to
 * the shopper, and the exact return addresses its postback may go to. A return address must be https, except on
 * this machine (http://localhost or 127.0.0.1, for trying it out), and carry no credentials or fragment.
 */
export interface MerchantRegistration {
  id: string;
  name: string;
  redirectUrls: string[];
}

export type MerchantProblem = { field: "id" | "name" | "redirectUrls"; message: string };

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function checkMerchant(m: MerchantRegistration): MerchantProblem[] {
  const problems: MerchantProblem[] = [];
  if (!ID_PATTERN.test(m.id))
    problems.push({
      field: "id",
      message:
        "The merchant id must be 2–63 lower-case letters, digits or dashes, starting with a letter or digit.",
    });
  const name = m.name.trim();
  if (name.length < 2 || name.length > 80)
    problems.push({ field: "name", message: "The merchant's name must be 2–80 characters." });
  if (m.redirectUrls.length === 0 || m.redirectUrls.length > 10)
    problems.push({ field: "redirectUrls", message: "Give 1 to 10 return addresses." });
  for (const raw of m.redirectUrls) {
    const problem = redirectProblem(raw);
    if (problem) problems.push({ field: "redirectUrls", message: `${raw}: ${problem}` });
  }
  return problems;
}

function redirectProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not a URL.";
  }
  if (url.username || url.password) return "must not carry a user name or password.";
  if (url.hash) return "must not have a #fragment.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return null;
  return "must be https (http only for localhost).";
}
