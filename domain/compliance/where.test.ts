import { describe, expect, it } from "vitest";
import { BARNARD_COLLEGE, BEVERLY_MORGAN_PARK, LINCOLN_SQUARE_1907 } from "./areas/index.ts";
import { alcoholClassOf, lineLitres } from "./goods.ts";
import {
  addressRestrictions,
  type Destination,
  dryAreaAt,
  type GoodsLine,
  lineRefusal,
  orderLimitError,
  type Route,
} from "./where.ts";

const TODAY = "2026-11-29";

/** Points read off the streets the areas are described by. */
const POINTS = {
  /** XOchimilco, 2030 W Montrose Ave: inside the Lincoln Square precinct dry from 1907 to its 2024 repeal. */
  lincolnSquare: { lat: 41.9617, lng: -87.6797 },
  /** 103rd St and 2100 W: Beverly, east of Western Ave. */
  beverly: { lat: 41.707, lng: -87.675 },
  /** 103rd St west of Western Ave (2600 W): the wet side. */
  westOfWestern: { lat: 41.707, lng: -87.69 },
  /** Barnard College's lawn, between Broadway and Claremont Ave at W 117th St. */
  barnard: { lat: 40.8097, lng: -73.964 },
  /** Columbia's Low Library steps, across Broadway. */
  columbia: { lat: 40.8079, lng: -73.9621 },
  /** River North, Chicago: wet. */
  riverNorth: { lat: 41.8893, lng: -87.6339 },
  /** Central Orlando (ZIP 32801's centre). */
  orlando: { lat: 28.5399, lng: -81.3727 },
  /** The White House (ZIP 20500). */
  washington: { lat: 38.8977, lng: -77.0365 },
};

const to = (point: { lat: number; lng: number }, state: string | null): Destination => ({ ...point, state });
const delivered = (destination: Destination, on = TODAY): Route => ({ shipping: false, destination, on });
const shipped = (destination: Destination, on = TODAY): Route => ({ shipping: true, destination, on });

const line = (tags: string[], qty = 1, volumeMl: number | null = 750, packageQty = 1): GoodsLine => ({
  tags,
  qty,
  volumeMl,
  packageQty,
});
const WHISKEY = line(["WS", "EN"]);
const WINE = line(["RW"]);
const BEER = line(["BE"], 1, 355, 6);
const SNACK = line(["SN"], 1, null);
const GLASSES = line(["GFS"], 1, null);

describe("alcoholClassOf", () => {
  it.each([
    [["WS"], "spirits"],
    [["GFS", "WS"], "spirits"], // a whiskey gift pack
    [["CO"], "spirits"], // ready-to-drink cocktails: the stricter reading
    [["SW", "RS"], "wine"],
    [["SK"], "wine"],
    [["BE"], "beer"],
    [["HS"], "beer"],
    [["SN"], null],
    [["MX"], null],
    [["GFS"], null], // glassware, chocolates
    [["TB"], null],
  ])("%j is %s", (tags, cls) => {
    expect(alcoholClassOf(tags)).toBe(cls);
  });

  it("counts litres by unit, package and quantity", () => {
    expect(lineLitres({ volumeMl: 355, packageQty: 6, qty: 2 })).toBeCloseTo(4.26);
    expect(lineLitres({ volumeMl: null, packageQty: 1, qty: 3 })).toBe(0);
  });
});

describe("dryAreaAt", () => {
  it.each([
    ["Lincoln Square before its repeal", POINTS.lincolnSquare, "2024-11-04", LINCOLN_SQUARE_1907.id],
    ["Lincoln Square on the last day of the ban", POINTS.lincolnSquare, "2024-12-04", LINCOLN_SQUARE_1907.id],
    ["Lincoln Square once licences may be issued", POINTS.lincolnSquare, "2024-12-05", null],
    ["Lincoln Square today", POINTS.lincolnSquare, TODAY, null],
    ["Beverly east of Western", POINTS.beverly, TODAY, BEVERLY_MORGAN_PARK.id],
    ["Beverly west of Western", POINTS.westOfWestern, TODAY, null],
    ["Barnard's campus", POINTS.barnard, TODAY, BARNARD_COLLEGE.id],
    ["Barnard's campus before its policy", POINTS.barnard, "2011-08-31", null],
    ["Columbia, across Broadway", POINTS.columbia, TODAY, null],
    ["River North", POINTS.riverNorth, TODAY, null],
  ])("%s", (_name, point, on, id) => {
    expect(dryAreaAt(point, on)?.id ?? null).toBe(id);
  });
});

describe("lineRefusal", () => {
  it.each<[string, GoodsLine, Route, string | null]>([
    ["whiskey delivered in River North", WHISKEY, delivered(to(POINTS.riverNorth, "IL")), null],
    [
      "whiskey delivered in Beverly",
      WHISKEY,
      delivered(to(POINTS.beverly, "IL")),
      "Alcohol can't be delivered to this address: it is in Beverly and Morgan Park east of Western Avenue (Chicago's 19th Ward). Its precincts are voted dry: no alcohol is sold there.",
    ],
    ["chips delivered in Beverly", SNACK, delivered(to(POINTS.beverly, "IL")), null],
    [
      "beer delivered in Lincoln Square in 2024",
      BEER,
      delivered(to(POINTS.lincolnSquare, "IL"), "2024-06-01"),
      "Alcohol can't be delivered to this address: it is in the 9th precinct of Chicago's 47th Ward (Lincoln Square). Its voters banned alcohol sales there in 1907.",
    ],
    ["beer delivered in Lincoln Square now", BEER, delivered(to(POINTS.lincolnSquare, "IL")), null],
    [
      "wine to Barnard's campus",
      WINE,
      delivered(to(POINTS.barnard, "NY")),
      "Alcohol can't be delivered to this address: it is in Barnard College's campus. The college does not allow alcohol to be delivered to its campus or residence halls.",
    ],
    [
      "spirits shipped to Illinois",
      WHISKEY,
      shipped(to(POINTS.riverNorth, "IL")),
      "Spirits can't be shipped to Illinois: its law does not let us send spirits there.",
    ],
    [
      "wine shipped to Illinois",
      WINE,
      shipped(to(POINTS.riverNorth, "IL")),
      "Wine can't be shipped to Illinois: its law does not let us send wine there.",
    ],
    ["glassware shipped to Illinois", GLASSES, shipped(to(POINTS.riverNorth, "IL")), null],
    ["wine shipped to Florida", WINE, shipped(to(POINTS.orlando, "FL")), null],
    [
      "spirits shipped to Florida",
      WHISKEY,
      shipped(to(POINTS.orlando, "FL")),
      "Spirits can't be shipped to Florida: its law does not let us send spirits there.",
    ],
    ["spirits shipped to the District", WHISKEY, shipped(to(POINTS.washington, "DC")), null],
    ["spirits shipped to New Hampshire", WHISKEY, shipped(to({ lat: 43.2, lng: -71.5 }, "NH")), null],
    [
      "beer shipped to Oregon",
      BEER,
      shipped(to({ lat: 45.5, lng: -122.6 }, "OR")),
      "Beer can't be shipped to Oregon: its law does not let us send beer there.",
    ],
    ["beer shipped within California", BEER, shipped(to({ lat: 38.58, lng: -121.49 }, "CA")), null],
    [
      "wine shipped to Alaska (its 2024 licence is for producers only)",
      WINE,
      shipped(to({ lat: 61.2176, lng: -149.8997 }, "AK")),
      "Wine can't be shipped to Alaska: its law does not let us send wine there.",
    ],
    [
      "wine shipped into a dry area: the dry area's reason first",
      WINE,
      shipped(to(POINTS.beverly, "IL")),
      "Alcohol can't be delivered to this address: it is in Beverly and Morgan Park east of Western Avenue (Chicago's 19th Ward). Its precincts are voted dry: no alcohol is sold there.",
    ],
    ["spirits shipped where the state is not known yet", WHISKEY, shipped(to(POINTS.riverNorth, null)), null],
  ])("%s", (_name, goods, route, reason) => {
    expect(lineRefusal(goods, route)).toBe(reason);
  });
});

describe("orderLimitError", () => {
  const dc = shipped(to(POINTS.washington, "DC"));
  it.each<[string, GoodsLine[], Route, string | null]>([
    ["12 bottles of wine shipped to the District: one case", [line(["RW"], 12)], dc, null],
    [
      "13 bottles of wine shipped to the District",
      [line(["RW"], 12), line(["WW"], 1)],
      dc,
      "The District of Columbia allows at most 1 case (9 litres) per person per month of wine to be shipped: this order has 9.75 litres. Lower it to 9 litres or less to place it.",
    ],
    [
      "seven magnums shipped to the District",
      [line(["SW"], 7, 1500)],
      dc,
      "The District of Columbia allows at most 1 case (9 litres) per person per month of wine to be shipped: this order has 10.5 litres. Lower it to 9 litres or less to place it.",
    ],
    [
      "wine and 20 bottles of spirits to the District: spirits have no cap",
      [line(["RW"], 12), line(["WS"], 20)],
      dc,
      null,
    ],
    [
      "24 bottles of wine shipped to Connecticut",
      [line(["RW"], 24)],
      shipped(to({ lat: 41.76, lng: -72.68 }, "CT")),
      null,
    ],
    [
      "25 bottles of wine shipped to Connecticut",
      [line(["RW"], 25)],
      shipped(to({ lat: 41.76, lng: -72.68 }, "CT")),
      "Connecticut allows at most 2 cases (18 litres) per person every 2 months of wine to be shipped: this order has 18.75 litres. Lower it to 18 litres or less to place it.",
    ],
    ["100 bottles of wine shipped to Florida", [line(["RW"], 100)], shipped(to(POINTS.orlando, "FL")), null],
    [
      "13 bottles of wine delivered in the District",
      [line(["RW"], 13)],
      delivered(to(POINTS.washington, "DC")),
      null,
    ],
  ])("%s", (_name, lines, route, error) => {
    expect(orderLimitError(lines, route)).toBe(error);
  });
});

describe("addressRestrictions", () => {
  it("a dry area forbids all alcohol, delivered or shipped, and names its sources", () => {
    const [only, ...rest] = addressRestrictions(shipped(to(POINTS.beverly, "IL")));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ code: "dry_area", classes: ["beer", "wine", "spirits"] });
    expect(only.area).toMatchObject({ id: BEVERLY_MORGAN_PARK.id, kind: "dry_precinct" });
    expect(only.area?.sources).toContain("https://bapa.org/bapa-history-the-wet-dry-issue/");
  });

  it("shipped, each class the state does not let in", () => {
    expect(addressRestrictions(shipped(to(POINTS.riverNorth, "IL"))).map((r) => r.classes)).toEqual([
      ["beer"],
      ["wine"],
      ["spirits"],
    ]);
    expect(addressRestrictions(shipped(to(POINTS.orlando, "FL"))).map((r) => r.reason)).toEqual([
      "Beer can't be shipped to Florida: its law does not let us send beer there.",
      "Spirits can't be shipped to Florida: its law does not let us send spirits there.",
    ]);
  });

  it("delivered outside every dry area: nothing", () => {
    expect(addressRestrictions(delivered(to(POINTS.riverNorth, "IL")))).toEqual([]);
  });
});
