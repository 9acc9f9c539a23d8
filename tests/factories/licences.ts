/**
 * The text of the PDF417 barcode on the back of a US or Canadian driving licence or ID card, as the AAMVA Card
 * Design Standard lays it out (version 09/10 by default: header, one subfile directory entry, the DL or ID subfile;
 * `LicenceLayout` writes older versions and the noise real cards carry), for tests: the parser reads it, bwip-js
 * draws it, and the browser's scanner decodes it back.
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

/** How a card lays its text out: the current standard by default, or the older and the noisier ways cards do. */
export interface LicenceLayout {
  /**
   * The AAMVA CDS version: 9 by default. 1 writes the name in DAA ("LAST,FIRST,MIDDLE") and the header without a
   * jurisdiction version; 2 and 3 write the given names in DCT; 4 and later DAC and DAD.
   */
  version?: number;
  /** false: no subfile directory, as some jurisdictions write it (the subfile follows the header). */
  directory?: boolean;
  /** Added to the subfile's offset in the directory (cards seen one off). */
  offsetError?: number;
  /** "\r\n": element separators as a Windows keyboard-wedge scanner types them. */
  lineBreak?: "\n" | "\r\n";
  /** A jurisdiction subfile ("ZI…") after the DL/ID one, listed in the directory. */
  jurisdictionSubfile?: boolean;
  /** Dates written the other country's way (some cards do). */
  otherCountryDates?: boolean;
}

export function aamvaText(fields: LicenceFields, layout: LicenceLayout = {}): string {
  const country = fields.country ?? "USA";
  const kind = fields.kind ?? "DL";
  const version = layout.version ?? 9;
  const dateCountry = layout.otherCountryDates ? (country === "CAN" ? "USA" : "CAN") : country;
  const issued = fields.issued ?? `${Number(fields.expiry.slice(0, 4)) - 1}${fields.expiry.slice(4)}`;
  const last = fields.lastName.toUpperCase();
  const first = fields.firstName.toUpperCase();
  const middle = (fields.middleName ?? "").toUpperCase();
  const names: [string, string][] =
    version <= 1
      ? [["DAA", [last, first, middle].filter(Boolean).join(",")]]
      : version <= 3
        ? [
            ["DCS", last],
            ["DCT", [first, middle].filter(Boolean).join(",")],
          ]
        : [
            ["DCS", last],
            ["DAC", first],
            ["DAD", middle || "NONE"],
          ];
  const elements: [string, string][] = [
    ["DCA", kind === "DL" ? "D" : "NONE"],
    ["DCB", "NONE"],
    ["DCD", "NONE"],
    ["DBA", cardDate(fields.expiry, dateCountry)],
    ...names,
    ["DBD", cardDate(issued, dateCountry)],
    ["DBB", cardDate(fields.dateOfBirth, dateCountry)],
    ["DBC", "2"],
    ["DAY", "BRO"],
    ["DAU", "066 in"],
    ["DAG", "1425 N DAMEN AVE"],
    ["DAI", "CHICAGO"],
    ["DAJ", fields.jurisdiction],
    ["DAK", country === "CAN" ? "M5V 2T6" : "606220000  "],
    ["DAQ", fields.documentNumber],
    ["DCF", `${fields.documentNumber}DD01`],
    ...(version >= 3 ? ([["DCG", country]] as [string, string][]) : []),
    ["DDE", "N"],
    ["DDF", "N"],
    ["DDG", "N"],
  ];
  const lineBreak = layout.lineBreak ?? "\n";
  const subfiles: [string, string][] = [
    [kind, `${kind}${elements.map(([id, value]) => `${id}${value}`).join(lineBreak)}\r`],
  ];
  if (layout.jurisdictionSubfile) subfiles.push(["ZI", `ZIZIA${fields.jurisdiction}${lineBreak}ZIBN\r`]);
  // An issuer number no jurisdiction has, for the others (the parser then goes by DAJ and DCG).
  const iin = IIN[fields.jurisdiction] ?? "600000";
  const entries = subfiles.length;
  // Header: 21 characters (19 in version 01, which has no jurisdiction version), then 10 per directory entry.
  const header = `@\n\x1e\rANSI ${iin}${String(version).padStart(2, "0")}${version <= 1 ? "" : "00"}${String(entries).padStart(2, "0")}`;
  if (layout.directory === false) return `${header}${subfiles.map(([, body]) => body).join("")}`;
  let offset = header.length + 10 * entries;
  let directory = "";
  for (const [type, body] of subfiles) {
    const written = type === kind ? offset + (layout.offsetError ?? 0) : offset;
    directory += `${type}${String(written).padStart(4, "0")}${String(body.length).padStart(4, "0")}`;
    offset += body.length;
  }
  return `${header}${directory}${subfiles.map(([, body]) => body).join("")}`;
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
