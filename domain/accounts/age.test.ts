import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageInYears,
  type CalendarDate,
  formatCalendarDate,
  isUnderAge,
  MINIMUM_AGE,
  parseBirthday,
  todayForAgeCheck,
} from "./age.ts";

const d = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

describe("birthday parsing (spec §5: must parse as a date)", () => {
  it.each([
    ["1990-04-17", d(1990, 4, 17)],
    ["04/17/1990", d(1990, 4, 17)],
    ["4/7/1990", d(1990, 4, 7)],
    ["2000-02-29", d(2000, 2, 29)],
  ])("reads %s", (text, expected) => expect(parseBirthday(text)).toEqual(expected));

  it.each([
    "",
    "yesterday",
    "1990-13-01",
    "1990-02-30",
    "1999-02-29",
    "1899-12-31",
    "1990/04/17",
    "17.04.1990",
  ])("refuses %j", (text) => expect(parseBirthday(text)).toBeNull());

  it("formats back to YYYY-MM-DD", () => {
    expect(formatCalendarDate(d(1990, 4, 7))).toBe("1990-04-07");
  });
});

describe("age in full years and the under-21 rule (spec §5, §9: minimum age 21)", () => {
  it("the minimum age is 21", () => expect(MINIMUM_AGE).toBe(21));

  it.each([
    [d(2000, 6, 15), d(2021, 6, 14), 20, true],
    [d(2000, 6, 15), d(2021, 6, 15), 21, false],
    [d(2000, 6, 15), d(2021, 12, 31), 21, false],
    [d(2000, 12, 31), d(2021, 1, 1), 20, true],
    // Born on 29 February: in a common year the birthday comes on 1 March.
    [d(2000, 2, 29), d(2021, 2, 28), 20, true],
    [d(2000, 2, 29), d(2021, 3, 1), 21, false],
  ])("born %o, on %o: %i years, under age %s", (birthday, today, age, under) => {
    expect(ageInYears(birthday, today)).toBe(age);
    expect(isUnderAge(birthday, today)).toBe(under);
  });

  it("the age grows by exactly one on each birthday (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2010 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 90 }),
        (year, month, day, years) => {
          const birthday = d(year, month, day);
          const onBirthday = d(year + years, month, day);
          expect(ageInYears(birthday, onBirthday)).toBe(years);
          const dayBefore = day > 1 ? d(year + years, month, day - 1) : null;
          if (dayBefore && years > 0) expect(ageInYears(birthday, dayBefore)).toBe(years - 1);
        },
      ),
    );
  });

  it("today is taken where the US day starts last (Hawaii)", () => {
    // 09:00 UTC on 2 March is still 1 March in Honolulu (UTC-10).
    expect(todayForAgeCheck(new Date("2026-03-02T09:00:00Z"))).toEqual(d(2026, 3, 1));
    expect(todayForAgeCheck(new Date("2026-03-02T11:00:00Z"))).toEqual(d(2026, 3, 2));
  });
});
