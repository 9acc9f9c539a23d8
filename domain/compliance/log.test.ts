import { describe, expect, it } from "vitest";
import { COMPLIANCE_CSV_HEADER, complianceCsv } from "./log.ts";

describe("complianceCsv: the log an inspector downloads", () => {
  const store = { name: "Nightcap Wicker Park, Chicago", timezone: "America/Chicago" };
  const base = {
    orderNumber: 1042,
    reason: null,
    jurisdiction: null,
    whose: null,
    actorName: "Dana Driver",
    actorId: "u_1",
  };

  it("writes the store's wall clock, quotes what needs it, and ends every line with CRLF", () => {
    const csv = complianceCsv(store, [
      {
        ...base,
        at: new Date("2026-11-29T03:05:09Z"),
        kind: "id_check",
        outcome: "under_age",
        jurisdiction: "IL",
      },
      {
        ...base,
        at: new Date("2026-11-29T03:06:00Z"),
        kind: "refusal",
        outcome: "under_age",
        reason: 'The ID said "2008", so no.',
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      COMPLIANCE_CSV_HEADER.join(","),
      '2026-11-28,21:05:09,America/Chicago,"Nightcap Wicker Park, Chicago",#1042,ID check at the door,under_age,,IL,,Dana Driver,u_1',
      '2026-11-28,21:06:00,America/Chicago,"Nightcap Wicker Park, Chicago",#1042,Refused at the door,under_age,"The ID said ""2008"", so no.",,,Dana Driver,u_1',
      "",
    ]);
  });

  it("an empty log is the header alone", () => {
    expect(complianceCsv(store, [])).toBe(`${COMPLIANCE_CSV_HEADER.join(",")}\r\n`);
  });
});
