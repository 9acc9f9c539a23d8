import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abvLabel, litresToMl, packVolumeLabel, productSubtitle, proofToAbv, volumeLabel } from "./volume.ts";

describe("volume labels", () => {
  it.each([
    [50, "50ml"],
    [341, "341ml"],
    [750, "750ml"],
    [999, "999ml"],
    [1000, "1L"],
    [1140, "1.14L"],
    [1500, "1.5L"],
    [1750, "1.75L"],
    [3000, "3L"],
    [5250, "5.25L"],
  ])("%i ml → %s", (ml, label) => {
    expect(volumeLabel(ml)).toBe(label);
  });

  it.each([
    [0.341, 6, "6 x 341ml"],
    [0.355, 24, "24 x 355ml"],
    [0.75, 1, "750ml"],
    [3, 1, "3L"],
    [0.05, 10, "10 x 50ml"],
  ])("BC %f L × %i → %s", (litres, qty, label) => {
    expect(packVolumeLabel(litresToMl(litres), qty)).toBe(label);
  });

  it("turns BC litres into whole millilitres without float noise", () => {
    expect([0.341, 0.355, 0.473, 1.14, 0.207].map(litresToMl)).toEqual([341, 355, 473, 1140, 207]);
  });

  it("rejects sizes that are not real", () => {
    expect(() => volumeLabel(0)).toThrow(RangeError);
    expect(() => volumeLabel(12.5)).toThrow(RangeError);
    expect(() => packVolumeLabel(355, 0)).toThrow(RangeError);
    expect(() => litresToMl(-1)).toThrow(RangeError);
  });

  it("labels every size as ml below a litre and L from a litre", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30_000 }), (ml) => {
        const label = volumeLabel(ml);
        return ml < 1000 ? label === `${ml}ml` : /^\d+(\.\d{1,2})?L$/.test(label);
      }),
    );
  });
});

describe("subtitle and strength", () => {
  it.each([
    [{ volumeLabel: "750ml", abv: 40 }, "750ml · 40% ABV"],
    [{ volumeLabel: "6 x 341ml", abv: 7.2 }, "6 x 341ml · 7.2% ABV"],
    [{ volumeLabel: "1L", abv: 0 }, "1L"],
    [{ volumeLabel: "15 pouches", abv: null, extra: "6mg" }, "15 pouches · 6mg"],
    [{ volumeLabel: null, abv: 12.5 }, "12.5% ABV"],
  ])("%j → %s", (parts, subtitle) => {
    expect(productSubtitle(parts)).toBe(subtitle);
  });

  it("turns US proof into ABV", () => {
    expect([80, 86, 101, 0].map(proofToAbv)).toEqual([40, 43, 50.5, 0]);
    expect(abvLabel(43.25)).toBe("43.3%");
  });
});
