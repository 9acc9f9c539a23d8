import { squareZone } from "#domain/geo/zone.ts";
import { clockAtLocalTime } from "#server/platform/clock.ts";
import type { Db } from "#server/platform/db.ts";
import { createCity, createProduct, createStore, stock } from "./catalogue.ts";
import { ZIP_POINTS } from "./delivery-fixture.ts";

const ALWAYS_OPEN = Object.fromEntries(
  ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["00:00", "24:00"]]]),
);

export const CHICAGO_STORE = "t-wacker";
/** A second Chicago store, whose zone reaches almost nothing: its staff must not see the first's orders. */
export const CHICAGO_OTHER_STORE = "t-loop";
export const CHICAGO_BOURBON = "IA-9101-750";
export const CHICAGO_ZONE = "America/Chicago";
/** Inside the first store's zone around ZIP 60601, in no dry area (domain/compliance/areas/). */
export const WACKER_DRIVE = "233 S Wacker Dr, Chicago, IL 60601";

/**
 * Two Chicago stores (the seed's city code CHI, so Chicago's taxes: domain/tax/rates/chi.ts), always open, the
 * first around ZIP 60601 with a 45% bourbon at $29.99 and a $3.99 delivery fee.
 */
export async function createChicagoFixture(db: Db) {
  await createCity(db, {
    code: "CHI",
    name: "Chicago",
    slug: "chicago",
    state: "IL",
    ...ZIP_POINTS.chicago60601,
    timezone: CHICAGO_ZONE,
  });
  for (const [id, name] of [
    [CHICAGO_STORE, "Nightcap Wacker"],
    [CHICAGO_OTHER_STORE, "Nightcap Loop"],
  ])
    await createStore(db, {
      id,
      name,
      city_code: "CHI",
      ...ZIP_POINTS.chicago60601,
      timezone: CHICAGO_ZONE,
      is_default: id === CHICAGO_STORE,
      min_order_cents: 0,
      delivery_fee_cents: 399,
      hours: JSON.stringify(ALWAYS_OPEN),
      zone: JSON.stringify(squareZone(ZIP_POINTS.chicago60601, id === CHICAGO_STORE ? 3 : 0.01)),
    });
  await createProduct(db, {
    sku_id: CHICAGO_BOURBON,
    title: "Fixture Bourbon",
    abv: 45,
    regular_price_cents: 2999,
  });
  await stock(db, CHICAGO_STORE, CHICAGO_BOURBON, 2999);
}

/**
 * The clock of a test that sells alcohol at the fixture's stores: today at 3 p.m. in Chicago, running on from there,
 * when Chicago's law lets packaged alcohol be delivered every day (midnight to 7 a.m., and on Sunday to 11 a.m.,
 * it does not: domain/compliance/rules/il.ts), so the test passes at whatever hour it runs.
 */
export function chicagoAfternoonClock(): () => Date {
  return clockAtLocalTime(CHICAGO_ZONE, 15 * 60);
}
