import { sql } from "kysely";
import { INVALID_EMAIL, isValidEmail, normalizeEmail } from "#domain/accounts/email.ts";
import type { Platform } from "#domain/accounts/roles.ts";
import { ENQUIRY_FORMS, type EnquiryKind } from "#domain/leads/forms.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { Outbox } from "../messages/index.ts";
import { enquiryThanksMessage, leadOfferMessage } from "./messages.ts";

export const FIELDS_INVALID = "Please check the fields marked below.";
export const LEAD_THANKS = "Thanks! Your offer is on its way to your inbox.";

/**
 * The lead-capture prompt's email: kept once per mailbox (a second time only moves its last-seen time and count),
 * and the signup offer goes out by email the first time only.
 */
export async function captureLead(
  deps: { db: Db; outbox: Outbox; origin: string | null },
  input: { email: string; platform: Platform; page: string | null },
): Promise<{ message: string; new: boolean }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email))
    throw new AppError(400, "invalid_fields", INVALID_EMAIL, { email: INVALID_EMAIL });
  return deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("leads")
      .values({ email, platform: input.platform, page: input.page })
      .onConflict((oc) =>
        oc.expression(sql`lower(email)`).doUpdateSet({
          last_seen_at: new Date(),
          times: sql`leads.times + 1`,
        }),
      )
      .returning(["times"])
      .executeTakeFirstOrThrow();
    const isNew = row.times === 1;
    if (isNew) await deps.outbox.enqueue(tx, leadOfferMessage(email, deps.origin));
    return { message: LEAD_THANKS, new: isNew };
  });
}

export const ENQUIRY_THANKS: Record<EnquiryKind, string> = {
  partner: "Thanks! We've received your application and sent a copy to your email.",
  business: "Thanks! An account manager will be in touch; we've emailed you a copy.",
  job: "Thanks for applying! We've emailed you to confirm we have it.",
};

/** A /retailers, /business or /apply form: checked by its rule (a message per field), kept, answered by email. */
export async function submitEnquiry(
  deps: { db: Db; outbox: Outbox },
  kind: EnquiryKind,
  fields: Record<string, string | undefined>,
  platform: Platform,
): Promise<{ id: string; message: string }> {
  const result = ENQUIRY_FORMS[kind](fields);
  if (!result.ok) throw new AppError(400, "invalid_fields", FIELDS_INVALID, result.errors);
  return deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto("enquiries")
      .values({
        kind,
        name: result.name,
        email: result.email,
        detail: JSON.stringify(result.detail),
        platform,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await deps.outbox.enqueue(tx, enquiryThanksMessage(result.email, kind, result.name, result.detail));
    return { id: String(row.id), message: ENQUIRY_THANKS[kind] };
  });
}

export interface EnquiryEntry {
  id: string;
  kind: "lead" | EnquiryKind;
  name: string | null;
  email: string;
  platform: Platform;
  detail: Record<string, string>;
  createdAt: string;
}

/** The console's Enquiries: leads and the three forms together, newest first (or one kind). */
export async function listEnquiries(
  db: Db,
  query: { kind?: "lead" | EnquiryKind; limit: number },
): Promise<{ entries: EnquiryEntry[] }> {
  const leads =
    query.kind === undefined || query.kind === "lead"
      ? await db
          .selectFrom("leads")
          .select(["id", "email", "platform", "page", "times", "created_at"])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .execute()
      : [];
  let forms = db
    .selectFrom("enquiries")
    .select(["id", "kind", "name", "email", "platform", "detail", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit);
  if (query.kind && query.kind !== "lead") forms = forms.where("kind", "=", query.kind);
  const enquiries = query.kind === "lead" ? [] : await forms.execute();
  const entries: EnquiryEntry[] = [
    ...leads.map(
      (l): EnquiryEntry => ({
        id: `lead-${l.id}`,
        kind: "lead",
        name: null,
        email: l.email,
        platform: l.platform,
        detail: { ...(l.page ? { page: l.page } : {}), ...(l.times > 1 ? { times: String(l.times) } : {}) },
        createdAt: new Date(l.created_at).toISOString(),
      }),
    ),
    ...enquiries.map(
      (e): EnquiryEntry => ({
        id: `${e.kind}-${e.id}`,
        kind: e.kind,
        name: e.name,
        email: e.email,
        platform: e.platform,
        detail: (typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail) as Record<string, string>,
        createdAt: new Date(e.created_at).toISOString(),
      }),
    ),
  ];
  entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return { entries: entries.slice(0, query.limit) };
}
