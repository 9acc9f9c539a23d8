import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { type BannerRule, isRunning, placementsFor } from "#domain/banners/placement.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { BannerInput, BannerPatch } from "./schemas.ts";

type Row = {
  id: string;
  title: string;
  body: string;
  image_url: string | null;
  link: string;
  location: "category" | "storefront";
  categories: string[];
  after_row_of_result: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = [
  "id",
  "title",
  "body",
  "image_url",
  "link",
  "location",
  "categories",
  "after_row_of_result",
  "active",
  "starts_at",
  "ends_at",
  "created_at",
  "updated_at",
] as const;

const rule = (r: Row): BannerRule & Row => ({
  ...r,
  startsAt: r.starts_at ? new Date(r.starts_at) : null,
  endsAt: r.ends_at ? new Date(r.ends_at) : null,
  createdAt: new Date(r.created_at),
});

export const asPlacement = (r: Row) => ({
  id: r.id,
  title: r.title,
  text: r.body,
  image_url: r.image_url,
  link: r.link,
  location: r.location,
  categories: r.categories,
  after_row_of_result: r.after_row_of_result,
});

/** The placements `unit` serves now (spec §7 mc/serve): the running, targeted banners by row. */
export async function serve(db: Db, unit: string, now: Date) {
  const rows = (await db
    .selectFrom("banners")
    .select(COLUMNS)
    .where("active", "=", true)
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .execute()) as Row[];
  return placementsFor(rows.map(rule), unit, now).map(asPlacement);
}

/** Every banner, newest first, with whether it runs now and its impressions and clicks. */
export async function listBanners(db: Db, now: Date) {
  const [rows, counts] = await Promise.all([
    db.selectFrom("banners").select(COLUMNS).orderBy("created_at", "desc").execute() as Promise<Row[]>,
    db
      .selectFrom("banner_events")
      .select(["banner_id", "kind", sql<string>`count(*)`.as("n")])
      .groupBy(["banner_id", "kind"])
      .execute(),
  ]);
  const countOf = (id: string, kind: string) =>
    Number(counts.find((c) => c.banner_id === id && c.kind === kind)?.n ?? 0);
  return rows.map((r) => ({
    ...asPlacement(r),
    active: r.active,
    starts_at: r.starts_at ? new Date(r.starts_at).toISOString() : null,
    ends_at: r.ends_at ? new Date(r.ends_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
    running: isRunning(rule(r), now),
    impressions: countOf(r.id, "impression"),
    clicks: countOf(r.id, "click"),
  }));
}

function checkDates(startsAt: string | null, endsAt: string | null) {
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
    throw new AppError(400, "invalid_dates", "The end must be after the start.");
}

async function checkCategories(db: Db, categories: readonly string[]) {
  if (categories.length === 0) return;
  const found = await db
    .selectFrom("categories")
    .select("url_name")
    .where("url_name", "in", [...categories])
    .execute();
  const known = new Set(found.map((c) => c.url_name));
  const unknown = categories.filter((c) => !known.has(c));
  if (unknown.length > 0)
    throw new AppError(
      400,
      "unknown_category",
      `No category has the url name ${unknown.map((u) => `“${u}”`).join(", ")}.`,
    );
}

export async function createBanner(db: Db, staffId: string, input: BannerInput) {
  checkDates(input.starts_at, input.ends_at);
  const categories = input.location === "category" ? [...new Set(input.categories)] : [];
  await checkCategories(db, categories);
  const id = randomUUID();
  await db
    .insertInto("banners")
    .values({
      id,
      title: input.title,
      body: input.text,
      image_url: input.image_url,
      link: input.link,
      location: input.location,
      categories,
      after_row_of_result: input.after_row_of_result,
      active: input.active,
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      created_by: staffId,
    })
    .execute();
  return id;
}

export async function updateBanner(db: Db, id: string, patch: BannerPatch) {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("banners")
      .select(COLUMNS)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("No banner has that id.", "banner_not_found");
    const starts =
      patch.starts_at !== undefined
        ? patch.starts_at
        : row.starts_at
          ? new Date(row.starts_at).toISOString()
          : null;
    const ends =
      patch.ends_at !== undefined ? patch.ends_at : row.ends_at ? new Date(row.ends_at).toISOString() : null;
    checkDates(starts, ends);
    const location = patch.location ?? row.location;
    const categories = location === "category" ? [...new Set(patch.categories ?? row.categories)] : [];
    await checkCategories(tx, categories);
    await tx
      .updateTable("banners")
      .set({
        title: patch.title ?? row.title,
        body: patch.text ?? row.body,
        image_url: patch.image_url !== undefined ? patch.image_url : row.image_url,
        link: patch.link ?? row.link,
        location,
        categories,
        after_row_of_result: patch.after_row_of_result ?? row.after_row_of_result,
        active: patch.active ?? row.active,
        starts_at: starts,
        ends_at: ends,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .execute();
  });
}

/** One impression or click per banner and page view: a repeat is not counted (answers false). */
export async function countBannerEvent(
  db: Db,
  e: { banner_id: string; kind: "impression" | "click"; page_view: string },
  visitor: string | null,
): Promise<boolean> {
  const exists = await db.selectFrom("banners").select("id").where("id", "=", e.banner_id).executeTakeFirst();
  if (!exists) throw notFound("No banner has that id.", "banner_not_found");
  const res = await db
    .insertInto("banner_events")
    .values({ banner_id: e.banner_id, kind: e.kind, page_view: e.page_view, visitor })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}
