/**
 * The text of the PDF417 barcode on the back of a US or Canadian driving licence or ID card, as the AAMVA Card
 * Design Standard lays it out (version 09/10: header, one subfile directory entry, the DL or ID subfile), for
 * tests: the parser reads it, bwip-js draws it, and the browser's scanner decodes it back.
 */
export interface LicenceFields {
  firstName: string;
  middleName?: string;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** YYYY-MM-DD */
  expiry: string;
  /** YYYY-MM-DD; a year before the expiry when absent. */
  issued?: string;
  documentNumber: string;
  /** Two letters: IL, NY, ON, BC… */
  jurisdiction: string;
  country?: "USA" | "CAN";
  /** DL (driving licence) or ID (identification card). */
  kind?: "DL" | "ID";
}

/** Issuer identification numbers (AAMVA IIN) of the jurisdictions the tests use. */
const IIN: Record<string, string> = {
  IL: "636035",
  NY: "636001",
  CA: "636014",
  TX: "636015",
  ON: "636012",
  BC: "636028",
};

/** US cards write dates MMDDCCYY, Canadian cards CCYYMMDD (AAMVA CDS, D.12.5.1). */
function cardDate(iso: string, country: "USA" | "CAN"): string {
  const [y, m, d] = iso.split("-");
  return country === "CAN" ? `${y}${m}${d}` : `${m}${d}${y}`;
}

export function aamvaText(fields: LicenceFields): string {
  const country = fields.country ?? "USA";
  const kind = fields.kind ?? "DL";
  const issued = fields.issued ?? `${Number(fields.expiry.slice(0, 4)) - 1}${fields.expiry.slice(4)}`;
  const elements: [string, string][] = [
    ["DCA", kind === "DL" ? "D" : "NONE"],
    ["DCB", "NONE"],
    ["DCD", "NONE"],
    ["DBA", cardDate(fields.expiry, country)],
    ["DCS", fields.lastName.toUpperCase()],
    ["DAC", fields.firstName.toUpperCase()],
    ["DAD", (fields.middleName ?? "").toUpperCase() || "NONE"],
    ["DBD", cardDate(issued, country)],
    ["DBB", cardDate(fields.dateOfBirth, country)],
    ["DBC", "2"],
    ["DAY", "BRO"],
    ["DAU", "066 in"],
    ["DAG", "1425 N DAMEN AVE"],
    ["DAI", "CHICAGO"],
    ["DAJ", fields.jurisdiction],
    ["DAK", country === "CAN" ? "M5V 2T6" : "606220000  "],
    ["DAQ", fields.documentNumber],
    ["DCF", `${fields.documentNumber}DD01`],
    ["DCG", country],
    ["DDE", "N"],
    ["DDF", "N"],
    ["DDG", "N"],
  ];
  const subfile = `${kind}${elements.map(([id, value]) => `${id}${value}`).join("\n")}\r`;
  const iin = IIN[fields.jurisdiction] ?? "636000";
  const version = "09";
  const entries = 1;
  // Header (21 characters) + one directory entry (10): the subfile starts right after them.
  const offset = 21 + 10 * entries;
  const header = `@\n\x1e\rANSI ${iin}${version}00${String(entries).padStart(2, "0")}`;
  const directory = `${kind}${String(offset).padStart(4, "0")}${String(subfile.length).padStart(4, "0")}`;
  return `${header}${directory}${subfile}`;
}

/**
 * The barcode as a PNG, as a phone photographs the back of the card: black modules on white (bwip-js draws a
 * transparent background by default, which no reader decodes).
 */
export async function licenceBarcodePng(text: string): Promise<Buffer> {
  const bwipjs = (await import("bwip-js/node")).default;
  // `columns` is a PDF417 option bwip-js passes through to the encoder; its types list only the common ones.
  const options = {
    bcid: "pdf417",
    text,
    scale: 2,
    columns: 13,
    backgroundcolor: "FFFFFF",
    paddingwidth: 12,
    paddingheight: 12,
  } as Parameters<typeof bwipjs.toBuffer>[0];
  return (await bwipjs.toBuffer(options)) as Buffer;
}
