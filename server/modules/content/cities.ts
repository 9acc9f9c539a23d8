import { cityLabel } from "#domain/catalogue/city-label.ts";
import { CITY_NOT_FOUND } from "#domain/copy.ts";
import type { City, CityPage } from "#domain/catalogue/types.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";

const cityColumns = ["code", "name", "state", "slug", "zone", "lat", "lng"] as const;

function toCity(row: Omit<City, "label">): City {
  return { ...row, label: cityLabel(row) };
}

/** GET /order/cities: every city with its picker label (spec §9), by name. */
export async function listCities(db: Db): Promise<City[]> {
  const rows = await db.selectFrom("cities").select(cityColumns).orderBy("name").orderBy("code").execute();
  return rows.map(toCity);
}

/** GET /order/cities/{slug}: the city landing page (/alcohol-delivery-{slug}). */
export async function cityPage(db: Db, slug: string): Promise<CityPage> {
  const row = await db
    .selectFrom("cities")
    .select([...cityColumns, "intro", "timezone"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) throw notFound(CITY_NOT_FOUND, "city_not_found");
  const stores = await db
    .selectFrom("stores")
    .select(["id", "name", "address", "eta_minutes", "is_shipping"])
    .where("city_code", "=", row.code)
    .orderBy("is_shipping")
    .orderBy("name")
    .execute();
  const { intro, timezone, ...city } = row;
  return { city: toCity(city), intro, timezone, stores };
}
