import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { isProductTag } from "#domain/catalogue/product-tags.ts";
import { productOfProposal } from "#domain/catalogue/proposal.ts";
import { sizeMl } from "#domain/feeds/match.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import {
  addCatalogueProduct,
  announceShelfChange,
  categoryForNewProduct,
  forgetShelf,
} from "../catalogue/index.ts";
import type { Staff } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { workingStore } from "./stock.ts";

/**
 * Products stores propose for the catalogue, and administrators' decisions (issue 34 §1,
 * docs/adr/0075-product-proposals.md). A store proposes a line of its file nothing matched; an administrator approves
 * it into the catalogue (a new product, on the proposing store's shelf at its price and count, its code remembered
 * so the store's next file matches it) or rejects it, saying why.
 */

export interface ProposalBody {
  store_id?: string;
  title: string;
  upc?: string;
  store_sku?: string;
  size?: string;
  price_cents: number;
  quantity: number;
  note?: string;
}

export interface ApprovalBody {
  title?: string;
  brand?: string;
  category: string;
  volume_ml?: number;
}

export const PROPOSAL_NOT_FOUND = "No such proposal.";

const columns = [
  "p.id",
  "p.store_id",
  "s.name as store_name",
  "p.title",
  "p.upc",
  "p.store_sku",
  "p.size",
  "p.price_cents",
  "p.quantity",
  "p.note",
  "p.status",
  "p.proposed_at",
  "p.decided_at",
  "p.decision_note",
  "p.sku_id",
] as const;

function listQuery(db: Db) {
  return db
    .selectFrom("product_proposals as p")
    .innerJoin("stores as s", "s.id", "p.store_id")
    .select(columns);
}

type Row = Awaited<ReturnType<ReturnType<typeof listQuery>["executeTakeFirstOrThrow"]>>;

const viewOf = (r: Row) => ({
  id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  title: r.title,
  upc: r.upc,
  store_sku: r.store_sku,
  size: r.size,
  price_cents: r.price_cents,
  quantity: r.quantity,
  note: r.note,
  status: r.status,
  proposed_at: r.proposed_at.toISOString(),
  decided_at: r.decided_at?.toISOString() ?? null,
  decision_note: r.decision_note,
  sku_id: r.sku_id,
});

export type ProposalView = ReturnType<typeof viewOf>;

/** A store proposes a product; the same one pending twice is one proposal (409). */
export async function propose(db: Db, staff: Staff, body: ProposalBody): Promise<ProposalView> {
  const store = await workingStore(db, staff, body.store_id);
  const id = randomUUID();
  try {
    await db
      .insertInto("product_proposals")
      .values({
        id,
        store_id: store.id,
        proposed_by: staff.userId,
        title: body.title,
        upc: body.upc ?? null,
        store_sku: body.store_sku ?? null,
        size: body.size ?? null,
        price_cents: body.price_cents,
        quantity: body.quantity,
        note: body.note ?? null,
      })
      .execute();
  } catch (err) {
    if ((err as { code?: string }).code === "23505")
      throw new AppError(
        409,
        "already_proposed",
        "Your store has already proposed this product: it is waiting.",
      );
    throw err;
  }
  return viewOf(await listQuery(db).where("p.id", "=", id).executeTakeFirstOrThrow());
}

/** Administrators: every store's, pending first; staff: their own store's. */
export async function listProposals(db: Db, staff: Staff, status?: "pending" | "approved" | "rejected") {
  let q = listQuery(db);
  if (staff.role !== "admin") q = q.where("p.store_id", "=", staff.storeId ?? "-");
  if (status) q = q.where("p.status", "=", status);
  const rows = await q
    .orderBy(sql`case when p.status = 'pending' then 0 else 1 end`)
    .orderBy("p.proposed_at", "desc")
    .limit(200)
    .execute();
  return rows.map(viewOf);
}

/**
 * An administrator approves: the product is made (SKU `SP-…`), put on the proposing store's shelf at its price and
 * count, the store's code remembered for its next file, the decision audited — in one transaction that takes the
 * proposal's row lock, so approving twice makes one product (the second is told it was decided).
 */
export async function approveProposal(
  db: Db,
  admin: Staff,
  id: string,
  body: ApprovalBody,
): Promise<ProposalView> {
  const category = await categoryForNewProduct(db, body.category);
  if (!category || !isProductTag(category.tag))
    throw badRequest(`No category has the name ${body.category}.`, "unknown_category");
  const skuId = await db.transaction().execute(async (tx) => {
    const p = await tx
      .selectFrom("product_proposals")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw notFound(PROPOSAL_NOT_FOUND, "proposal_not_found");
    if (p.status !== "pending")
      throw new AppError(409, "proposal_decided", `This proposal was already ${p.status}.`);
    const volumeMl = body.volume_ml ?? sizeMl(p.size ?? "") ?? sizeMl(p.title);
    const product = productOfProposal(
      { id: p.id, title: p.title, upc: p.upc, volumeMl, priceCents: p.price_cents },
      {
        title: body.title?.trim() || p.title,
        brand: body.brand?.trim() || null,
        category: { urlName: category.url_name, tag: category.tag as never },
        volumeMl,
      },
    );
    await addCatalogueProduct(tx, product, {
      storeId: p.store_id,
      priceCents: p.price_cents,
      stock: p.quantity,
    });
    await tx
      .updateTable("product_proposals")
      .set({ status: "approved", decided_by: admin.userId, decided_at: new Date(), sku_id: product.sku_id })
      .where("id", "=", id)
      .execute();
    const code = p.store_sku
      ? { kind: "sku" as const, code: p.store_sku }
      : p.upc
        ? { kind: "upc" as const, code: p.upc }
        : null;
    if (code)
      await tx
        .insertInto("feed_code_maps")
        .values({
          store_id: p.store_id,
          code_kind: code.kind,
          code: code.code,
          sku_id: product.sku_id,
          mapped_by: admin.userId,
        })
        .onConflict((oc) =>
          oc
            .columns(["store_id", "code_kind", "code"])
            .doUpdateSet({ sku_id: product.sku_id, mapped_by: admin.userId }),
        )
        .execute();
    await recordAudit(tx, {
      actorId: admin.userId,
      storeId: p.store_id,
      orderId: null,
      action: "catalogue.proposal_approved",
      detail: { proposal_id: id, sku_id: product.sku_id, category: category.url_name },
      before: null,
      after: { sku_id: product.sku_id, title: product.title, price_cents: p.price_cents, stock: p.quantity },
    });
    await announceShelfChange(tx, "store");
    return product.sku_id;
  });
  forgetShelf(db, "store");
  return viewOf(await listQuery(db).where("p.sku_id", "=", skuId).executeTakeFirstOrThrow());
}

/** An administrator rejects, saying why (the store reads it). */
export async function rejectProposal(db: Db, admin: Staff, id: string, note: string): Promise<ProposalView> {
  await db.transaction().execute(async (tx) => {
    const p = await tx
      .selectFrom("product_proposals")
      .select(["status", "store_id"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!p) throw notFound(PROPOSAL_NOT_FOUND, "proposal_not_found");
    if (p.status !== "pending")
      throw new AppError(409, "proposal_decided", `This proposal was already ${p.status}.`);
    await tx
      .updateTable("product_proposals")
      .set({ status: "rejected", decided_by: admin.userId, decided_at: new Date(), decision_note: note })
      .where("id", "=", id)
      .execute();
    await recordAudit(tx, {
      actorId: admin.userId,
      storeId: p.store_id,
      orderId: null,
      action: "catalogue.proposal_rejected",
      detail: { proposal_id: id, note },
      before: null,
      after: null,
    });
  });
  return viewOf(await listQuery(db).where("p.id", "=", id).executeTakeFirstOrThrow());
}

/** Whether this staff member's store proposed the product (a store may give photos of its own proposals). */
export async function storeProposed(db: Db, storeId: string, skuId: string): Promise<boolean> {
  const row = await db
    .selectFrom("product_proposals")
    .select("id")
    .where("store_id", "=", storeId)
    .where("sku_id", "=", skuId)
    .executeTakeFirst();
  return row !== undefined;
}
