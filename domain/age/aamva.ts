import { calendarDate, type IsoDate, isoOf } from "./calendar.ts";

/**
 * The PDF417 barcode on the back of a US or Canadian driving licence or ID card, read as the AAMVA Card Design
 * Standard (CDS, versions 01–10) lays it out, structure first (docs/adr/0024-age-verification.md):
 *
 *   header     "@" LF RS CR "ANSI " IIN(6) version(2) [jurisdiction version(2), from version 02] entries(2)
 *   directory  entries × { subfile type(2) offset(4) length(4) }     offsets count from the "@"
 *   subfiles   type(2) then elements separated by LF, the subfile ended by CR; an element is a 3-letter
 *              element ID and its value ("DBB01152001")
 *
 * Only the DL (driving licence) or ID (identification card) subfile is read; jurisdiction subfiles ("ZI…") are
 * skipped. Real cards stray from the standard, and each tolerance below is one seen in the field: leading and
 * trailing whitespace, CR LF for LF, offsets off by one or not digits at all, no directory (the subfile is then
 * found by its type followed by an element), "NONE" or "unavl" for an empty value, version 01's full name in DAA
 * and version 02–03's given names in DCT, dates written the other country's way.
 *
 * Pure: no Date objects (dates stay ISO calendar dates), no time zones, and nothing of the text in any error.
 */

export type LicenceCountry = "USA" | "CAN";

export interface Licence {
  /** DL: a driving licence; ID: an identification card. */
  kind: "DL" | "ID";
  firstName: string;
  middleNames: string[];
  lastName: string;
  dateOfBirth: IsoDate;
  /** The last day the document is valid. */
  expiry: IsoDate;
  documentNumber: string;
  /** The issuing jurisdiction's code: "IL", "NY", "ON", "BC"… */
  jurisdiction: string;
  country: LicenceCountry;
  /** The AAMVA CDS version the card was written to (1–10; a later one is read the same way). */
  version: number;
}

export type UnreadableProblem =
  | "not_aamva"
  | "no_licence_subfile"
  | "missing_name"
  | "missing_document_number"
  | "missing_jurisdiction"
  | "bad_date_of_birth"
  | "bad_expiry"
  | "too_long";

/** Why a text is not a licence this parser can read. The message is for logs and tests: it never quotes the text. */
export interface UnreadableLicence {
  reason: "unreadable";
  problem: UnreadableProblem;
  message: string;
}

export type LicenceReading = { ok: true; licence: Licence } | { ok: false; error: UnreadableLicence };

/** A decoded barcode is at most a few hundred characters; anything far longer is not a licence. */
export const MAX_BARCODE_LENGTH = 8192;

const LF = "\n";
const CR = "\r";
const FILE_TYPES = ["ANSI ", "AAMVA"] as const;
const LICENCE_SUBFILES: readonly string[] = ["DL", "ID"];
const isLicenceSubfile = (type: string): type is "DL" | "ID" => LICENCE_SUBFILES.includes(type);
const EMPTY_VALUES = new Set(["NONE", "UNAVL", "UNAVAIL", "UNAVAILABLE", "N/A"]);

/** AAMVA issuer identification numbers (IIN) of the US and Canadian jurisdictions. */
const ISSUERS: Record<string, { jurisdiction: string; country: LicenceCountry }> = {
  ...issuers("USA", {
    "636033": "AL",
    "636059": "AK",
    "604427": "AS",
    "636026": "AZ",
    "636021": "AR",
    "636014": "CA",
    "636020": "CO",
    "636006": "CT",
    "636011": "DE",
    "636043": "DC",
    "636010": "FL",
    "636055": "GA",
    "636019": "GU",
    "636047": "HI",
    "636050": "ID",
    "636035": "IL",
    "636037": "IN",
    "636018": "IA",
    "636022": "KS",
    "636046": "KY",
    "636007": "LA",
    "636041": "ME",
    "636003": "MD",
    "636002": "MA",
    "636032": "MI",
    "636038": "MN",
    "636051": "MS",
    "636030": "MO",
    "636008": "MT",
    "636054": "NE",
    "636049": "NV",
    "636039": "NH",
    "636036": "NJ",
    "636009": "NM",
    "636001": "NY",
    "636004": "NC",
    "636034": "ND",
    "604430": "MP",
    "636023": "OH",
    "636058": "OK",
    "636029": "OR",
    "636025": "PA",
    "604431": "PR",
    "636052": "RI",
    "636005": "SC",
    "636042": "SD",
    "636053": "TN",
    "636015": "TX",
    "636062": "VI",
    "636040": "UT",
    "636024": "VT",
    "636000": "VA",
    "636045": "WA",
    "636061": "WV",
    "636031": "WI",
    "636060": "WY",
  }),
  ...issuers("CAN", {
    "604432": "AB",
    "990876": "AB",
    "636028": "BC",
    "636048": "MB",
    "636017": "NB",
    "636016": "NL",
    "636013": "NS",
    "604433": "NU",
    "636012": "ON",
    "604426": "PE",
    "604428": "QC",
    "636044": "SK",
    "604429": "YT",
  }),
};

const CANADIAN_JURISDICTIONS = new Set([
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
]);

function issuers(country: LicenceCountry, byIin: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(byIin).map(([iin, jurisdiction]) => [iin, { jurisdiction, country }]),
  );
}

const unreadable = (problem: UnreadableProblem, message: string): LicenceReading => ({
  ok: false,
  error: { reason: "unreadable", problem, message },
});

/** Reads the licence in a decoded PDF417 text, or says why it is not one. */
export function parseAamva(raw: string): LicenceReading {
  if (raw.length > MAX_BARCODE_LENGTH)
    return unreadable("too_long", "The text is far longer than a licence's.");
  const text = raw.trim();
  const header = readHeader(text);
  if (!header) return unreadable("not_aamva", 'No AAMVA header ("ANSI " and an issuer number) at the start.');
  const subfile = findLicenceSubfile(text, header);
  if (!subfile) return unreadable("no_licence_subfile", "No DL or ID subfile.");
  return readLicence(elementsOf(text.slice(subfile.start, subfile.end)), subfile.kind, header);
}

interface Header {
  /** Where the file starts (the "@"): directory offsets count from here. */
  base: number;
  iin: string;
  version: number;
  /** Where the directory may start, in the layout the version says first. */
  directoryStarts: { entriesAt: number }[];
}

function readHeader(text: string): Header | null {
  let marker = -1;
  let markerLength = 0;
  for (const type of FILE_TYPES) {
    const at = text.indexOf(type);
    // "@" LF RS CR come first; a scanner may drop the control characters, never add many.
    if (at >= 0 && at <= 8 && (marker < 0 || at < marker)) {
      marker = at;
      markerLength = type.length;
    }
  }
  if (marker < 0) return null;
  const at = text.lastIndexOf("@", marker);
  const base = Math.max(at, 0);
  const fields = marker + markerLength;
  const iin = digitsAt(text, fields, 6);
  const version = digitsAt(text, fields + 6, 2);
  if (iin === null || version === null) return null;
  const v = Number(version);
  // Version 01 (AAMVA DL/ID-2000) has no jurisdiction version: the number of entries follows the version.
  const v01 = { entriesAt: fields + 8 };
  const later = { entriesAt: fields + 10 };
  return { base, iin, version: v, directoryStarts: v <= 1 ? [v01, later] : [later, v01] };
}

interface Subfile {
  kind: "DL" | "ID";
  /** The first element. */
  start: number;
  /** Past the last element. */
  end: number;
}

function findLicenceSubfile(text: string, header: Header): Subfile | null {
  for (const { entriesAt } of header.directoryStarts) {
    const entries = digitsAt(text, entriesAt, 2);
    if (entries === null) continue;
    const directory = entriesAt + 2;
    for (let i = 0; i < Math.min(Number(entries), 20); i++) {
      const entry = directory + 10 * i;
      const type = text.slice(entry, entry + 2);
      const offset = digitsAt(text, entry + 2, 4);
      const length = digitsAt(text, entry + 6, 4);
      if (!isLicenceSubfile(type)) continue;
      if (offset === null) continue;
      // Some jurisdictions count the offset one off either way.
      for (const shift of [0, -1, 1]) {
        const at = header.base + Number(offset) + shift;
        if (!text.startsWith(type, at)) continue;
        const first = firstElementAfter(text, at + 2);
        if (first === null) continue;
        const declaredEnd = length === null ? text.length : at + Number(length);
        return { kind: type, start: first, end: subfileEnd(text, first, declaredEnd) };
      }
    }
  }
  // No usable directory (missing, letters for offsets, offsets pointing elsewhere): the first DL or ID followed
  // by an element, after the header.
  const from = header.directoryStarts[0].entriesAt;
  for (let at = from; at < text.length - 2; at++) {
    const type = text.slice(at, at + 2);
    if (!isLicenceSubfile(type)) continue;
    const first = firstElementAfter(text, at + 2);
    if (first !== null) return { kind: type, start: first, end: subfileEnd(text, first, text.length) };
  }
  return null;
}

/** Where the subfile's first element starts when one starts at `at` (after an optional line break): "DAQ…". */
function firstElementAfter(text: string, at: number): number | null {
  let i = at;
  if (text.startsWith(CR + LF, i)) i += 2;
  else if (text[i] === LF) i += 1;
  return text[i] === "D" && isUpper(text[i + 1]) && isUpper(text[i + 2]) ? i : null;
}

/** The subfile ends at its CR (one not starting a CR LF pair), or where its directory entry says. */
function subfileEnd(text: string, first: number, declaredEnd: number): number {
  const limit = Math.min(text.length, Math.max(declaredEnd, first));
  for (let i = first; i < limit; i++) {
    if (text[i] === CR && text[i + 1] !== LF) {
      // A text whose element separators all became CR has no LF at all: there, CR separates elements.
      if (!text.slice(first, limit).includes(LF)) return limit;
      return i;
    }
  }
  return limit;
}

/** The subfile's elements by ID; the first of a repeated ID wins, and empty values ("NONE") are left out. */
function elementsOf(body: string): Map<string, string> {
  const separator = body.includes(LF) ? LF : CR;
  const elements = new Map<string, string>();
  for (const line of body.split(separator)) {
    const item = line.replace(/^[\r\n]+|[\r\n]+$/g, "");
    if (item.length < 3 || !isUpper(item[0]) || !isUpper(item[1]) || !isUpper(item[2])) continue;
    const id = item.slice(0, 3);
    const value = item.slice(3).trim().replace(/\s+/g, " ");
    if (!value || EMPTY_VALUES.has(value.toUpperCase()) || elements.has(id)) continue;
    elements.set(id, value);
  }
  return elements;
}

function readLicence(el: Map<string, string>, kind: "DL" | "ID", header: Header): LicenceReading {
  const issuer = ISSUERS[header.iin];
  const addressJurisdiction = el.get("DAJ")?.toUpperCase();
  const jurisdiction =
    issuer?.jurisdiction ?? (addressJurisdiction && isCode(addressJurisdiction) ? addressJurisdiction : null);
  if (!jurisdiction) return unreadable("missing_jurisdiction", "No issuing jurisdiction (IIN or DAJ).");
  const country = countryOf(el.get("DCG"), issuer?.country, jurisdiction);

  const names = namesOf(el);
  if (!names) return unreadable("missing_name", "No family name and first name (DCS/DAC, DCT, DAB or DAA).");
  const documentNumber = el.get("DAQ");
  if (!documentNumber) return unreadable("missing_document_number", "No document number (DAQ).");
  const dateOfBirth = cardDate(el.get("DBB"), country);
  if (!dateOfBirth) return unreadable("bad_date_of_birth", "No date of birth (DBB) that is a calendar date.");
  const expiry = cardDate(el.get("DBA"), country);
  if (!expiry) return unreadable("bad_expiry", "No expiry date (DBA) that is a calendar date.");

  return {
    ok: true,
    licence: {
      kind,
      ...names,
      dateOfBirth,
      expiry,
      documentNumber,
      jurisdiction,
      country,
      version: header.version,
    },
  };
}

/** DCG (versions 03+) when it says; else the issuer's country; else the jurisdiction's. */
function countryOf(
  dcg: string | undefined,
  issuer: LicenceCountry | undefined,
  jurisdiction: string,
): LicenceCountry {
  const stated = dcg?.toUpperCase();
  if (stated === "USA" || stated === "CAN") return stated;
  return issuer ?? (CANADIAN_JURISDICTIONS.has(jurisdiction) ? "CAN" : "USA");
}

/**
 * Versions 04+: DCS family name, DAC first name, DAD middle names (comma-separated). Versions 02–03: DCS and DCT,
 * the given names (first, then middle ones, by comma or space). Version 01: DAB and DAC, or DAA, the full name
 * "LAST,FIRST,MIDDLE" (some write $ for the comma).
 */
function namesOf(el: Map<string, string>): Pick<Licence, "firstName" | "middleNames" | "lastName"> | null {
  const given = el.get("DCT");
  const givenNames = given ? splitNames(given, given.includes(",") ? "," : " ") : [];
  const full = el.get("DAA");
  const fullName = full ? fullNameParts(full) : null;
  const lastName = el.get("DCS") ?? el.get("DAB") ?? fullName?.last;
  const firstName = el.get("DAC") ?? givenNames[0] ?? fullName?.first;
  if (!lastName || !firstName) return null;
  const middle = el.get("DAD");
  const middleNames = middle
    ? splitNames(middle, ",")
    : el.has("DAC")
      ? (fullName?.middle ?? [])
      : givenNames.length > 0
        ? givenNames.slice(1)
        : (fullName?.middle ?? []);
  return { firstName, middleNames, lastName };
}

function fullNameParts(full: string): { last: string; first?: string; middle: string[] } {
  const separator = full.includes(",") ? "," : full.includes("$") ? "$" : null;
  if (separator) {
    const [last, first, ...middle] = splitNames(full, separator);
    return { last, first, middle: middle.flatMap((m) => splitNames(m, " ")) };
  }
  // No separator at all: "FIRST MIDDLE LAST", as a person writes it.
  const words = splitNames(full, " ");
  return {
    last: words[words.length - 1],
    first: words.length > 1 ? words[0] : undefined,
    middle: words.slice(1, -1),
  };
}

const splitNames = (text: string, separator: string) =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s && !EMPTY_VALUES.has(s.toUpperCase()));

/**
 * US cards write dates MMDDCCYY, Canadian ones CCYYMMDD (CDS D.12.5.1). A date that is no day the country's way is
 * tried the other way (version 01 cards and some provinces): with years 1900–2199 the two cannot both be days,
 * since a month is never 19, 20 or 21.
 */
function cardDate(value: string | undefined, country: LicenceCountry): IsoDate | null {
  const digits = value ? digitsAt(value.trim(), 0, 8) : null;
  if (digits === null) return null;
  const n = (from: number, length: number) => Number(digits.slice(from, from + length));
  const us = () => calendarDate(n(4, 4), n(0, 2), n(2, 2));
  const canadian = () => calendarDate(n(0, 4), n(4, 2), n(6, 2));
  const date = country === "CAN" ? (canadian() ?? us()) : (us() ?? canadian());
  return date ? isoOf(date) : null;
}

function digitsAt(text: string, at: number, length: number): string | null {
  if (at < 0 || at + length > text.length) return null;
  for (let i = at; i < at + length; i++) if (text[i] < "0" || text[i] > "9") return null;
  return text.slice(at, at + length);
}

const isUpper = (c: string | undefined) => c !== undefined && c >= "A" && c <= "Z";
const isCode = (s: string) => s.length >= 2 && s.length <= 3 && [...s].every(isUpper);
