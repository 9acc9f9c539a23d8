import { describe, expect, it } from "vitest";
import { hoursFromText, hoursText } from "./hours-text.ts";

const closed = { sun: "", mon: "", tue: "", wed: "", thu: "", fri: "", sat: "" };

describe("opening hours typed in the console", () => {
  it("reads windows, several a day, closed days empty, and writes them back the same way", () => {
    const { hours, problems } = hoursFromText({
      ...closed,
      mon: "9:00-12:00, 13:00 – 18:00",
      fri: "10:00-02:00",
    });
    expect(problems).toEqual([]);
    expect(hours).toEqual({
      sun: [],
      mon: [
        ["09:00", "12:00"],
        ["13:00", "18:00"],
      ],
      tue: [],
      wed: [],
      thu: [],
      fri: [["10:00", "02:00"]],
      sat: [],
    });
    expect(hoursText(hours.mon)).toBe("09:00-12:00, 13:00-18:00");
    expect(hoursText(undefined)).toBe("");
  });

  it("names the day whose field it cannot read", () => {
    expect(hoursFromText({ ...closed, tue: "all day", sat: "10-22" }).problems).toEqual([
      "Tuesday: write the hours like 10:00-22:00 (empty when closed).",
      "Saturday: write the hours like 10:00-22:00 (empty when closed).",
    ]);
  });
});
