import { promoCodeOf, promoProblems } from "#domain/promos/definition.ts";
import type { PromoKind } from "#domain/promos/engine.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { listMerchants, registerMerchant } from "../accounts/index.ts";
import { deactivatePromoRow, insertPromo } from "../promos/index.ts";
import { requireAdmin, type Staff } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { addStaff, listStaff, removeStaff } from "./staff.ts";

/**
 * What only administrators manage in the console (issue 15): promos, staff accounts and merchants. Each change is
 * audited (who, when, what, before and after); promo and staff rules are the ones checkout and `npm run staff` use.
 */

async function audit(db: Db, staff: Staff, action: string, detail: object, before: unknown, after: unknown) {
  await db.transaction().execute((tx) =>
    recordAudit(tx, {
      actorId: staff.userId,
      storeId: null,
      orderId: null,
      action,
      detail: detail as Record<string, unknown>,
      before,
      after,
    }),
  );
}

// --- promos ------------------------------------------------------------------------------------------------------

export interface PromoInput {
  code: string;
  kind: PromoKind;
  value: number;
  description: string;
  min_subtotal?: number;
  max_discount?: number | null;
  first_order_only?: boolean;
  starts_at?: string | null;
  expires_at?: string | null;
  max_uses?: number | null;
  max_uses_per_customer?: number | null;
  store_ids?: string[] | null;
  tags?: string[] | null;
  excluded_tags?: string[];
  credit_valid_days?: number | null;
  funded_by?: "platform" | "store";
}

const promoView = (row: {
  code: string;
  kind: PromoKind;
  value: number;
  description: string;
  min_subtotal: number;
  max_discount: number | null;
  first_order_only: boolean;
  starts_at: Date | null;
  expires_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  store_ids: string[] | null;
  tags: string[] | null;
  excluded_tags: string[];
  credit_valid_days: number | null;
  funded_by: "platform" | "store";
  active: boolean;
  created_at: Date;
}) => ({
  ...row,
  starts_at: row.starts_at ? new Date(row.starts_at).toISOString() : null,
  expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  created_at: new Date(row.created_at).toISOString(),
});

/** Every promo, active ones first, newest first. */
export async function listPromos(db: Db, staff: Staff) {
  requireAdmin(staff);
  const rows = await db
    .selectFrom("promos")
    .selectAll()
    .orderBy("active", "desc")
    .orderBy("created_at", "desc")
    .orderBy("code")
    .execute();
  return { promos: rows.map(promoView) };
}

/** A new promo, checked by the promo rules (domain/promos/definition.ts); an existing code is 409. */
export async function createPromo(db: Db, staff: Staff, input: PromoInput) {
  requireAdmin(staff);
  const code = promoCodeOf(input.code);
  const startsAt = input.starts_at ? new Date(input.starts_at) : null;
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  const value = input.kind === "free_delivery" ? (input.value ?? 0) : input.value;
  const problems = promoProblems({
    code,
    kind: input.kind,
    value,
    description: input.description,
    minSubtotal: input.min_subtotal ?? 0,
    maxDiscount: input.max_discount ?? null,
    startsAt,
    expiresAt,
    maxUses: input.max_uses ?? null,
    maxUsesPerCustomer: input.max_uses_per_customer ?? null,
    creditValidDays: input.credit_valid_days ?? null,
  });
  if (input.store_ids?.length) {
    const known = await db.selectFrom("stores").select("id").where("id", "in", input.store_ids).execute();
    const missing = input.store_ids.filter((id) => !known.some((k) => k.id === id));
    if (missing.length > 0) problems.push(`No store has the id ${missing.join(", ")}.`);
  }
  if (problems.length > 0) throw badRequest(problems.join(" "), "invalid_promo");
  const created = await db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom("promos").select("code").where("code", "=", code).executeTakeFirst();
    if (taken) throw new AppError(409, "promo_exists", `A promo already has the code ${code}.`);
    const row = await insertPromo(tx, {
      code,
      kind: input.kind,
      value,
      description: input.description.trim(),
      min_subtotal: input.min_subtotal ?? 0,
      max_discount: input.max_discount ?? null,
      first_order_only: input.first_order_only ?? false,
      starts_at: startsAt,
      expires_at: expiresAt,
      max_uses: input.max_uses ?? null,
      max_uses_per_customer: input.max_uses_per_customer ?? null,
      store_ids: input.store_ids?.length ? input.store_ids : null,
      tags: input.tags?.length ? input.tags : null,
      excluded_tags: input.excluded_tags ?? [],
      credit_valid_days: input.credit_valid_days ?? null,
      funded_by: input.funded_by ?? "platform",
    });
    const view = promoView(row);
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: null,
      orderId: null,
      action: "promo.create",
      detail: { code },
      before: null,
      after: view,
    });
    return view;
  });
  return created;
}

/** A promo no shopper can use any more (redemptions already made stand). */
export async function deactivatePromo(db: Db, staff: Staff, typed: string) {
  requireAdmin(staff);
  const code = promoCodeOf(typed);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("promos")
      .selectAll()
      .where("code", "=", code)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound("No promo has that code.", "promo_not_found");
    const after = await deactivatePromoRow(tx, code);
    if (row.active)
      await recordAudit(tx, {
        actorId: staff.userId,
        storeId: null,
        orderId: null,
        action: "promo.deactivate",
        detail: { code },
        before: { active: true },
        after: { active: false },
      });
    return promoView(after);
  });
}

// --- staff accounts ----------------------------------------------------------------------------------------------

export async function listStaffAccounts(db: Db, staff: Staff) {
  requireAdmin(staff);
  return { staff: await listStaff(db) };
}

/**
 * An account made store staff (with a store) or an administrator; a new email gets an account with a generated
 * password answered once (as `npm run staff` prints it), never recorded.
 */
export async function addStaffAccount(
  db: Db,
  staff: Staff,
  input: { email: string; role: "store_staff" | "admin"; store_id?: string | null },
) {
  requireAdmin(staff);
  if (input.role === "store_staff" && !input.store_id)
    throw badRequest("Store staff need a store.", "store_required");
  const before = await db
    .selectFrom("users")
    .select(["id", "role", "store_id"])
    .where("email", "=", input.email.trim().toLowerCase())
    .executeTakeFirst();
  const added = await addStaff(db, {
    email: input.email,
    storeId: input.store_id ?? null,
    admin: input.role === "admin",
  });
  await audit(
    db,
    staff,
    "staff.add",
    { email: added.email, user_id: added.id, created: added.password !== null },
    before ? { role: before.role, store_id: before.store_id } : null,
    { role: added.role, store_id: added.storeId },
  );
  return added;
}

/** Back to a shopper's account; an administrator cannot remove their own access. */
export async function removeStaffAccount(db: Db, staff: Staff, userId: string) {
  requireAdmin(staff);
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "role", "store_id"])
    .where("id", "=", userId)
    .where("role", "in", ["store_staff", "admin"])
    .executeTakeFirst();
  if (!user) throw notFound("No staff account has that id.", "staff_not_found");
  if (user.id === staff.userId) throw badRequest("You cannot remove your own access.", "own_account");
  await removeStaff(db, user.email);
  await audit(
    db,
    staff,
    "staff.remove",
    { email: user.email, user_id: user.id },
    { role: user.role, store_id: user.store_id },
    { role: "customer", store_id: null },
  );
  return { staff: await listStaff(db) };
}

// --- merchants ---------------------------------------------------------------------------------------------------

const merchantView = (m: { id: string; name: string; redirect_urls: string[]; created_at: Date }) => ({
  id: m.id,
  name: m.name,
  redirect_urls: m.redirect_urls,
  created_at: new Date(m.created_at).toISOString(),
});

export async function listMerchantAccounts(db: Db, staff: Staff) {
  requireAdmin(staff);
  return { merchants: (await listMerchants(db)).map(merchantView) };
}

/** A merchant for direct sign-on (/sos), or an existing one's name and return addresses replaced. */
export async function saveMerchant(
  db: Db,
  staff: Staff,
  input: { id: string; name: string; redirect_urls: string[] },
) {
  requireAdmin(staff);
  const before = await db.selectFrom("merchants").selectAll().where("id", "=", input.id).executeTakeFirst();
  const saved = await registerMerchant(db, {
    id: input.id,
    name: input.name,
    redirectUrls: input.redirect_urls,
  });
  await audit(
    db,
    staff,
    before ? "merchant.update" : "merchant.create",
    { merchant_id: saved.id },
    before ?? null,
    saved,
  );
  return merchantView(saved);
}

// --- the audit trail ---------------------------------------------------------------------------------------------

/** What an audit row's detail names (recordAudit's callers): the SKU, the fields, the promo code, the email, … */
export type AuditDetail = {
  sku_id?: string;
  fields?: string[];
  code?: string;
  email?: string;
} & Record<string, unknown>;

/** The latest recorded changes: an administrator sees all (or one store's), staff their own store's. */
export async function auditTrail(
  db: Db,
  staff: Staff,
  query: { store_id?: string; limit: number; skip: number },
) {
  let q = db
    .selectFrom("console_audit as a")
    .innerJoin("users as u", "u.id", "a.actor_id")
    .select([
      "a.id",
      "a.action",
      "a.store_id",
      "a.order_id",
      "a.detail",
      "a.before",
      "a.after",
      "a.created_at",
      "u.email as actor",
    ]);
  if (staff.role !== "admin") {
    if (query.store_id !== undefined && query.store_id !== staff.storeId)
      throw new AppError(403, "other_store", "You can only see your own store's changes.");
    q = q.where("a.store_id", "=", staff.storeId ?? "-");
  } else if (query.store_id) q = q.where("a.store_id", "=", query.store_id);
  const rows = await q.orderBy("a.id", "desc").limit(query.limit).offset(query.skip).execute();
  return {
    entries: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      detail: r.detail as AuditDetail,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
