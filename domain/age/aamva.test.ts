import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aamvaText, type LicenceFields } from "#tests/factories/licences.ts";
import { type Licence, parseAamva } from "./aamva.ts";

const ILLINOIS: LicenceFields = {
  firstName: "Jordan",
  middleName: "Lee",
  lastName: "Rivera",
  dateOfBirth: "1990-05-17",
  expiry: "2030-05-17",
  documentNumber: "R16272390517",
  jurisdiction: "IL",
};

const ONTARIO: LicenceFields = {
  firstName: "Émilie",
  lastName: "Tremblay",
  dateOfBirth: "1994-03-08",
  expiry: "2029-03-08",
  documentNumber: "T6543-21098-40308",
  jurisdiction: "ON",
  country: "CAN",
};

function read(text: string): Licence {
  const reading = parseAamva(text);
  if (!reading.ok) throw new Error(`unreadable: ${reading.error.problem}`);
  return reading.licence;
}

describe("AAMVA parsing: the structure (header, directory, DL/ID subfile, elements)", () => {
  it("reads a US driving licence (version 09, dates MMDDCCYY)", () => {
    expect(read(aamvaText(ILLINOIS))).toEqual({
      kind: "DL",
      firstName: "JORDAN",
      middleNames: ["LEE"],
      lastName: "RIVERA",
      dateOfBirth: "1990-05-17",
      expiry: "2030-05-17",
      documentNumber: "R16272390517",
      jurisdiction: "IL",
      country: "USA",
      version: 9,
    });
  });

  it("reads a Canadian card's dates as CCYYMMDD (the aamva-parser package reads them as MMDDCCYY)", () => {
    const licence = read(aamvaText(ONTARIO));
    expect(licence).toMatchObject({
      country: "CAN",
      jurisdiction: "ON",
      dateOfBirth: "1994-03-08",
      expiry: "2029-03-08",
      middleNames: [],
    });
    // The text really holds 19940308: read US-style it would be the 3rd of the 19th month of 0308.
    expect(aamvaText(ONTARIO)).toContain("DBB19940308");
  });

  it("reads an ID card as well as a driving licence", () => {
    expect(read(aamvaText({ ...ILLINOIS, kind: "ID" })).kind).toBe("ID");
  });

  it("reads the DL subfile where the directory says, not the first element-looking text", () => {
    // A jurisdiction subfile after the DL one: its elements are not the licence's.
    const licence = read(aamvaText(ILLINOIS, { jurisdictionSubfile: true }));
    expect(licence.lastName).toBe("RIVERA");
  });

  it("takes the country from DCG first, then the issuer number, then the jurisdiction", () => {
    // Version 02 has no DCG: Ontario's IIN (636012) says Canada.
    expect(read(aamvaText(ONTARIO, { version: 2 })).country).toBe("CAN");
    // An unknown issuer number: the jurisdiction (DAJ) says Canada.
    const unknownIssuer = aamvaText({ ...ONTARIO, jurisdiction: "NS" }, { version: 2 });
    expect(read(unknownIssuer)).toMatchObject({
      country: "CAN",
      jurisdiction: "NS",
      dateOfBirth: "1994-03-08",
    });
  });
});

describe("AAMVA parsing: older versions", () => {
  it("version 01: the name in DAA (LAST,FIRST,MIDDLE) and a header without a jurisdiction version", () => {
    const text = aamvaText(ILLINOIS, { version: 1 });
    expect(text).toContain("DAARIVERA,JORDAN,LEE");
    expect(read(text)).toMatchObject({
      firstName: "JORDAN",
      middleNames: ["LEE"],
      lastName: "RIVERA",
      version: 1,
      dateOfBirth: "1990-05-17",
    });
  });

  it("version 01 with DAB/DAC: the name elements win over DAA", () => {
    const text = aamvaText(ILLINOIS, { version: 1 }).replace(
      "DAARIVERA,JORDAN,LEE",
      "DABRIVERA\nDACJORDAN\nDADLEE",
    );
    // The subfile grew: no directory entry is right any more, and it is still found by its start.
    expect(read(text)).toMatchObject({ firstName: "JORDAN", middleNames: ["LEE"], lastName: "RIVERA" });
  });

  it("version 01 DAA with $ for the comma, or written as a person writes it", () => {
    const base = aamvaText(ILLINOIS, { version: 1 });
    expect(read(base.replace("DAARIVERA,JORDAN,LEE", "DAARIVERA$JORDAN$LEE"))).toMatchObject({
      firstName: "JORDAN",
      lastName: "RIVERA",
    });
    expect(read(base.replace("DAARIVERA,JORDAN,LEE", "DAAJORDAN LEE RIVERA"))).toMatchObject({
      firstName: "JORDAN",
      middleNames: ["LEE"],
      lastName: "RIVERA",
    });
  });

  it("versions 02–03: given names in DCT, first then middle", () => {
    expect(read(aamvaText(ILLINOIS, { version: 3 }))).toMatchObject({
      firstName: "JORDAN",
      middleNames: ["LEE"],
      lastName: "RIVERA",
      version: 3,
    });
    const spaced = aamvaText(ILLINOIS, { version: 2 }).replace("DCTJORDAN,LEE", "DCTJORDAN LEE");
    expect(read(spaced)).toMatchObject({ firstName: "JORDAN", middleNames: ["LEE"] });
  });
});

describe("AAMVA parsing: real-world noise", () => {
  it("leading and trailing whitespace", () => {
    expect(read(`  \n${aamvaText(ILLINOIS)}\r\n  `).lastName).toBe("RIVERA");
  });

  it("CR LF between elements", () => {
    expect(read(aamvaText(ILLINOIS, { lineBreak: "\r\n" }))).toMatchObject({
      firstName: "JORDAN",
      expiry: "2030-05-17",
      documentNumber: "R16272390517",
    });
  });

  it("no directory: the subfile is found by its type and first element", () => {
    expect(read(aamvaText(ONTARIO, { directory: false }))).toMatchObject({
      lastName: "TREMBLAY",
      country: "CAN",
    });
  });

  it("an offset one off either way, or far off", () => {
    for (const offsetError of [-1, 1, 40]) {
      expect(read(aamvaText(ILLINOIS, { offsetError })).lastName, `offset ${offsetError}`).toBe("RIVERA");
    }
  });

  it("letters where the offset's digits belong (seen on Alberta cards)", () => {
    const text = aamvaText(ILLINOIS).replace(/DL\d{4}(\d{4})/, "DLabac$1");
    expect(read(text).lastName).toBe("RIVERA");
  });

  it("the control characters of the header dropped by a scanner", () => {
    expect(read(aamvaText(ILLINOIS).replace("@\n\x1e\r", "@")).lastName).toBe("RIVERA");
  });

  it("NONE and unavl are empty values", () => {
    expect(read(aamvaText({ ...ILLINOIS, middleName: undefined })).middleNames).toEqual([]);
    const unavailable = aamvaText(ILLINOIS).replace("DADLEE", "DADunavl");
    expect(read(unavailable).middleNames).toEqual([]);
  });

  it("padded values and several middle names", () => {
    const text = aamvaText(ILLINOIS).replace("DADLEE", "DADLEE,ANNE  ").replace("DCSRIVERA", "DCSRIVERA   ");
    expect(read(text)).toMatchObject({ lastName: "RIVERA", middleNames: ["LEE", "ANNE"] });
  });

  it("a US card with its dates written CCYYMMDD (version 01 cards, some issuers)", () => {
    expect(read(aamvaText(ILLINOIS, { otherCountryDates: true }))).toMatchObject({
      dateOfBirth: "1990-05-17",
      expiry: "2030-05-17",
    });
    expect(read(aamvaText(ONTARIO, { otherCountryDates: true })).dateOfBirth).toBe("1994-03-08");
  });

  it("the first of a repeated element wins", () => {
    const text = aamvaText(ILLINOIS).replace("DAQR16272390517", "DAQR16272390517\nDAQX0");
    expect(read(text).documentNumber).toBe("R16272390517");
  });
});

describe("AAMVA parsing: what is not a licence is unreadable, with a reason and none of the text", () => {
  const problem = (text: string) => {
    const reading = parseAamva(text);
    if (reading.ok) throw new Error("read as a licence");
    expect(reading.error.reason).toBe("unreadable");
    expect(reading.error.message).not.toContain("RIVERA");
    expect(reading.error.message).not.toContain("R16272390517");
    return reading.error.problem;
  };

  it.each([
    ["empty text", ""],
    ["a URL from a QR code", "https://example.com/DLDAQ123"],
    ["a boarding pass", "M1RIVERA/JORDAN       E1234567 ORDJFKAA 0123 123Y012A0001 100"],
    ["a header with no issuer number", "@\n\x1e\rANSI 63XX35090001DL00310200DLDAQ1"],
  ])("%s", (_name, text) => expect(problem(text)).toBe("not_aamva"));

  it("a header and no DL or ID subfile", () => {
    const text = "@\n\x1e\rANSI 636035090001ZI00310013ZIZIAIL\nZIBNONE\r";
    expect(problem(text)).toBe("no_licence_subfile");
  });

  it.each([
    ["no date of birth", (t: string) => t.replace(/DBB\d{8}/, "DBBNONE"), "bad_date_of_birth"],
    [
      "a date of birth that is no day",
      (t: string) => t.replace("DBB05171990", "DBB02301990"),
      "bad_date_of_birth",
    ],
    ["no expiry", (t: string) => t.replace(/DBA\d{8}\n/, ""), "bad_expiry"],
    ["no document number", (t: string) => t.replace("DAQR16272390517\n", ""), "missing_document_number"],
    ["no family name", (t: string) => t.replace("DCSRIVERA\n", ""), "missing_name"],
  ])("%s", (_name, change, expected) => expect(problem(change(aamvaText(ILLINOIS)))).toBe(expected));

  it("a text far longer than any licence", () => {
    expect(problem(aamvaText(ILLINOIS) + "x".repeat(9000))).toBe("too_long");
  });

  it("never throws, whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const reading = parseAamva(text);
        expect(typeof reading.ok).toBe("boolean");
      }),
    );
    // Cut short or with a character changed anywhere, a real licence either reads or is unreadable.
    const whole = aamvaText(ILLINOIS);
    fc.assert(
      fc.property(fc.nat(whole.length), fc.string({ minLength: 1, maxLength: 1 }), (at, c) => {
        for (const text of [whole.slice(0, at), whole.slice(0, at) + c + whole.slice(at + 1)]) {
          const reading = parseAamva(text);
          if (reading.ok) expect(reading.licence.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
      }),
    );
  });
});

describe("AAMVA parsing: any licence the factory writes reads back (property)", () => {
  const name = fc.stringMatching(/^[A-Z][A-Z'-]{0,14}[A-Z]$/);
  const date = (min: number, max: number) =>
    fc
      .record({
        y: fc.integer({ min, max }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

  it("names, dates, number, jurisdiction and country, in every layout", () => {
    fc.assert(
      fc.property(
        fc.record({
          firstName: name,
          middleName: fc.option(name, { nil: undefined }),
          lastName: name,
          dateOfBirth: date(1920, 2015),
          expiry: date(2000, 2040),
          documentNumber: fc.stringMatching(/^[A-Z0-9]{6,16}$/),
          jurisdiction: fc.constantFrom("IL", "NY", "CA", "TX", "ON", "BC"),
        }),
        fc.record({
          version: fc.integer({ min: 1, max: 10 }),
          directory: fc.boolean(),
          lineBreak: fc.constantFrom("\n" as const, "\r\n" as const),
          jurisdictionSubfile: fc.boolean(),
        }),
        (fields, layout) => {
          const country = ["ON", "BC"].includes(fields.jurisdiction) ? ("CAN" as const) : ("USA" as const);
          const licence = read(aamvaText({ ...fields, country }, layout));
          expect(licence).toMatchObject({
            firstName: fields.firstName,
            lastName: fields.lastName,
            middleNames: fields.middleName ? [fields.middleName] : [],
            dateOfBirth: fields.dateOfBirth,
            expiry: fields.expiry,
            documentNumber: fields.documentNumber,
            jurisdiction: fields.jurisdiction,
            country,
          });
        },
      ),
    );
  });
});
