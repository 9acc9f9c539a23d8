import { stateCode } from "./us-states.ts";

/**
 * A typed US address split into the parts the storefront reads (spec §3: street number, route, city, state,
 * zip). `street` is the street line exactly as typed; parts that cannot be told are null.
 */
export interface AddressParts {
  street: string;
  street_number: string | null;
  route: string | null;
  unit: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export const ADDRESS_MAX_LENGTH = 200;

const COUNTRY_SUFFIX = /,?\s*(?:USA|U\.S\.A\.|US|United States(?: of America)?)$/i;
const ZIP_AT_END = /[\s,]*\b(\d{5})(?:-\d{4})?$/;
const UNIT_WORDS = "apt|apartment|unit|suite|ste|fl|floor|rm|room|bldg|building";
const UNIT_PART = new RegExp(`^(?:(?:${UNIT_WORDS})\\.?\\s*|#\\s*)([A-Za-z0-9-]+)$`, "i");
const UNIT_IN_LINE = new RegExp(`[\\s,]+(?:(?:${UNIT_WORDS})\\.?\\s*|#\\s*)([A-Za-z0-9-]+)$`, "i");
const NUMBER_AND_ROUTE = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\s+(.+)$/;

/** Splits a typed address ("350 5th Ave Apt 4, New York, NY 10118") into its parts. */
export function parseAddress(input: string): AddressParts {
  let rest = input.replace(/\s+/g, " ").trim().replace(COUNTRY_SUFFIX, "").trim();
  let zip: string | null = null;
  const zipMatch = rest.match(ZIP_AT_END);
  if (zipMatch) {
    zip = zipMatch[1];
    rest = rest.slice(0, zipMatch.index).trim();
  }
  const parts = rest
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

  let state: string | null = null;
  const last = parts.at(-1);
  if (last !== undefined) {
    const whole = stateCode(last);
    if (whole && (parts.length > 1 || zip !== null || last.length === 2)) {
      state = whole;
      parts.pop();
    } else {
      const split = splitTrailingState(last);
      if (split) {
        state = split.state;
        parts[parts.length - 1] = split.before;
      }
    }
  }

  let city: string | null = null;
  if (parts.length >= 2) {
    city = parts.pop() ?? null;
  } else if (parts.length === 1 && !/^\d/.test(parts[0]) && (state !== null || zip !== null)) {
    city = parts.pop() ?? null;
  }

  const street = parts[0] ?? "";
  let unit: string | null = null;
  for (const extra of parts.slice(1)) {
    const m = extra.match(UNIT_PART);
    if (m) unit = m[1];
  }
  let line = street;
  const unitInLine = line.match(UNIT_IN_LINE);
  if (unitInLine) {
    unit ??= unitInLine[1];
    line = line.slice(0, unitInLine.index).trim();
  }
  const numbered = line.match(NUMBER_AND_ROUTE);
  return {
    street,
    street_number: numbered ? numbered[1] : null,
    route: numbered ? numbered[2] : line || null,
    unit,
    city,
    state,
    zip,
  };
}

/** "Cupertino CA" → { before: "Cupertino", state: "CA" }; tries one to three trailing words. */
function splitTrailingState(part: string): { before: string; state: string } | null {
  const words = part.split(" ");
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const state = stateCode(words.slice(-n).join(" "));
    if (state) return { before: words.slice(0, -n).join(" "), state };
  }
  return null;
}

/** The one-line form the storefront shows: "350 5th Ave, New York, NY 10118". */
export function formatAddress(parts: Pick<AddressParts, "street" | "city" | "state" | "zip">): string {
  const region = [parts.state, parts.zip].filter(Boolean).join(" ");
  return [parts.street, parts.city, region].filter(Boolean).join(", ");
}
