import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aamvaText } from "#tests/factories/licences.ts";
import { type Licence, parseAamva } from "./aamva.ts";
import { addDays } from "./calendar.ts";
import { AGE_MESSAGES, type AgeDecisionInput, decideAge } from "./decide.ts";
import { firstNameMatches, lastNameMatches, nameWords } from "./names.ts";

const DELIVERY = "2026-11-26";
const ACCOUNT = { firstname: "Jordan", lastname: "Rivera" };

const licence = (over: Partial<Licence> = {}): AgeDecisionInput["licence"] => ({
  firstName: "JORDAN",
  middleNames: ["LEE"],
  lastName: "RIVERA",
  dateOfBirth: "1990-05-17",
  expiry: "2030-05-17",
  ...over,
});

const decide = (over: Partial<Licence> = {}, account = ACCOUNT, deliveryDate = DELIVERY) =>
  decideAge({ licence: licence(over), account, deliveryDate });

describe("the age decision over a table of licences (issue 14's evidence)", () => {
  it.each([
    ["an adult", {}, { result: "success", expiresOn: "2027-11-26" }],
    ["20 years and 364 days old", { dateOfBirth: "2005-11-27" }, { result: "failed", reason: "under_age" }],
    ["21 today", { dateOfBirth: "2005-11-26" }, { result: "success" }],
    ["expired yesterday", { expiry: "2026-11-25" }, { result: "failed", reason: "expired" }],
    ["expiring on the delivery date", { expiry: DELIVERY }, { result: "success", expiresOn: DELIVERY }],
    [
      "someone else's",
      { firstName: "ALEX", lastName: "MORGAN" },
      { result: "failed", reason: "name_mismatch" },
    ],
    ["another first name, same family", { firstName: "CASEY", middleNames: [] }, { reason: "name_mismatch" }],
  ])("%s", (_name, over, expected) => {
    expect(decide(over as Partial<Licence>)).toMatchObject(expected);
  });

  it("a Canadian card, read from its barcode (dates CCYYMMDD), with an accented name on the account", () => {
    const reading = parseAamva(
      aamvaText({
        firstName: "Emilie",
        lastName: "Tremblay",
        dateOfBirth: "2005-11-26",
        expiry: "2029-03-08",
        documentNumber: "T6543-21098-40308",
        jurisdiction: "ON",
        country: "CAN",
      }),
    );
    if (!reading.ok) throw new Error("unreadable");
    expect(
      decideAge({
        licence: reading.licence,
        account: { firstname: "Émilie", lastname: "Tremblay" },
        deliveryDate: DELIVERY,
      }),
    ).toMatchObject({ result: "success", expiresOn: "2027-11-26" });
    expect(
      decideAge({
        licence: reading.licence,
        account: { firstname: "Émilie", lastname: "Tremblay" },
        deliveryDate: "2026-11-25",
      }),
    ).toMatchObject({ result: "failed", reason: "under_age" });
  });

  it("the verification ends with the document when it expires within the year", () => {
    expect(decide({ expiry: "2027-01-31" })).toMatchObject({ result: "success", expiresOn: "2027-01-31" });
  });

  it("runs from the scan's day when that is before the delivery", () => {
    expect(
      decideAge({
        licence: licence(),
        account: ACCOUNT,
        deliveryDate: "2026-11-28",
        verifiedOn: "2026-11-26",
      }),
    ).toMatchObject({ result: "success", expiresOn: "2027-11-26" });
  });

  it("born on 29 February: 21 on 1 March in a common year, not on 28 February", () => {
    expect(decide({ dateOfBirth: "2004-02-29" }, ACCOUNT, "2025-02-28")).toMatchObject({
      reason: "under_age",
    });
    expect(decide({ dateOfBirth: "2004-02-29" }, ACCOUNT, "2025-03-01")).toMatchObject({ result: "success" });
  });

  it("an under-age refusal stands a year; the others do not stand at all", () => {
    expect(decide({ dateOfBirth: "2010-01-01" })).toEqual({
      result: "failed",
      reason: "under_age",
      message: AGE_MESSAGES.under_age,
      expiresOn: "2027-11-26",
    });
    expect(decide({ expiry: "2020-01-01" })).not.toHaveProperty("expiresOn");
    expect(decide({ lastName: "MORGAN" })).not.toHaveProperty("expiresOn");
  });

  it("someone else's ID comes first: an under-age sibling's card is a name mismatch, not a refusal", () => {
    expect(decide({ firstName: "CASEY", middleNames: [], dateOfBirth: "2010-01-01" })).toMatchObject({
      reason: "name_mismatch",
    });
  });

  it("says why in the shopper's words", () => {
    expect(decide({ expiry: "2020-01-01" }).message).toBe(AGE_MESSAGES.expired);
    expect(decide({ lastName: "MORGAN" }).message).toBe(AGE_MESSAGES.name_mismatch);
    expect(AGE_MESSAGES.under_age).toContain("21");
  });

  it("refuses dates that are not calendar dates (a programming error, not a shopper's)", () => {
    expect(() => decide({}, ACCOUNT, "2026-02-30")).toThrow(/calendar dates/);
  });
});

describe("names: case, accents, punctuation, middle names, compound surnames", () => {
  it.each([
    ["case", "jordan", [], "JORDAN", true],
    ["accents", "Émilie", [], "EMILIE", true],
    ["going by the middle name", "Lee", ["LEE"], "JORDAN", true],
    ["first and middle typed as the first name", "Jordan Lee", ["LEE"], "JORDAN", true],
    ["middle name the licence leaves out", "Jordan Lee", [], "JORDAN", true],
    ["a hyphenated first name", "Mary-Anne", ["ANNE"], "MARY", true],
    ["written without its space", "Maryanne", [], "MARY ANNE", true],
    ["written with a space the licence lacks", "Mary Anne", [], "MARYANNE", true],
    ["a nickname", "Sam", [], "SAMUEL", false],
    ["another name", "Jordan", ["LEE"], "CASEY", false],
    ["a middle name the licence lacks, first", "Lee Jordan", [], "JORDAN", false],
    ["empty", "", [], "JORDAN", false],
  ])("first name: %s", (_name, account, middles, first, expected) => {
    expect(firstNameMatches(account, first, middles)).toBe(expected);
  });

  it.each([
    ["case", "rivera", "RIVERA", true],
    ["accents", "García", "GARCIA", true],
    ["a compound surname on the licence", "García", "GARCIA LOPEZ", true],
    ["a compound surname on the account", "García López", "GARCIA", true],
    ["a hyphen", "Smith-Jones", "SMITH JONES", true],
    ["an apostrophe", "O'Brien", "OBRIEN", true],
    ["an apostrophe read as a space", "O'Brien", "O BRIEN", true],
    ["particles without their spaces", "Van der Berg", "VANDERBERG", true],
    ["a suffix in the family name", "Rivera", "RIVERA JR", true],
    ["ß", "Strauß", "STRAUSS", true],
    ["a particle alone", "De", "DE LA CRUZ", false],
    ["part of a word", "Rive", "RIVERA", false],
    ["another name", "Morgan", "RIVERA", false],
  ])("last name: %s", (_name, account, onLicence, expected) => {
    expect(lastNameMatches(account, onLicence)).toBe(expected);
  });

  it("words are folded the same whatever their case and accents (property)", () => {
    const accented: Record<string, string> = { a: "á", e: "é", i: "í", o: "ö", u: "ü", n: "ñ", c: "ç" };
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,12}$/),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (word, flips) => {
          const typed = [...word]
            .map((ch, i) => (flips[i] ? (accented[ch] ?? ch).toUpperCase() : (accented[ch] ?? ch)))
            .join("");
          expect(nameWords(typed)).toEqual([word]);
          expect(firstNameMatches(typed, word.toUpperCase(), [])).toBe(true);
          expect(lastNameMatches(typed, word.toUpperCase())).toBe(true);
        },
      ),
    );
  });
});

describe("the age decision (properties)", () => {
  const day = (min: number, max: number) =>
    fc
      .record({
        y: fc.integer({ min, max }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

  it("success exactly when 21 on the delivery date and the ID valid that day; the verification ends in time", () => {
    fc.assert(
      fc.property(day(1940, 2015), day(2020, 2035), day(2024, 2032), (dateOfBirth, expiry, deliveryDate) => {
        const decision = decide({ dateOfBirth, expiry }, ACCOUNT, deliveryDate);
        const [by, bm, bd] = dateOfBirth.split("-").map(Number);
        const twentyFirst = `${by + 21}-${String(bm).padStart(2, "0")}-${String(bd).padStart(2, "0")}`;
        const adult = twentyFirst <= deliveryDate;
        const valid = expiry >= deliveryDate;
        expect(decision.result).toBe(adult && valid ? "success" : "failed");
        if (!adult) expect(decision).toMatchObject({ reason: "under_age" });
        else if (!valid) expect(decision).toMatchObject({ reason: "expired" });
        if (decision.result === "success") {
          expect(decision.expiresOn >= deliveryDate).toBe(true);
          expect(decision.expiresOn <= expiry).toBe(true);
          expect(decision.expiresOn <= addDays(deliveryDate, 365)).toBe(true);
        }
      }),
    );
  });

  it("the day before the 21st birthday is refused, the birthday accepted", () => {
    fc.assert(
      fc.property(day(1950, 2010), (dateOfBirth) => {
        const [by, bm, bd] = dateOfBirth.split("-").map(Number);
        const birthday = `${by + 21}-${String(bm).padStart(2, "0")}-${String(bd).padStart(2, "0")}`;
        const exp = { expiry: "2199-01-01", dateOfBirth };
        expect(decide(exp, ACCOUNT, addDays(birthday, -1))).toMatchObject({ reason: "under_age" });
        expect(decide(exp, ACCOUNT, birthday)).toMatchObject({ result: "success" });
      }),
    );
  });
});
