import { type Kysely, sql } from "kysely";

/**
 * Age verification by ID scan (server/modules/age, ADR 24). A row is a scan session, then its outcome. It keeps
 * only what the decision needs to stand: the outcome and why, when, the issuing jurisdiction, the last day it holds,
 * and a keyed hash of the document (to see one licence verifying many accounts). Never the barcode text, an image,
 * a name, a birth date or the document number. The scan token is kept as its SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table age_verifications (
      id text primary key,
      user_id text not null references users(id),
      status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
      reason text check (reason in ('unreadable', 'under_age', 'expired', 'name_mismatch', 'document_in_use')),
      token_hash text not null,
      session_expires_at timestamptz not null,
      jurisdiction text,
      document_hash text,
      verified_at timestamptz,
      -- YYYY-MM-DD, the last day a success (or an under-age refusal) holds: a calendar date has no time zone.
      expires_on text check (expires_on ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      created_at timestamptz not null default now(),
      check ((status = 'pending') = (verified_at is null)),
      check ((status = 'failed') = (reason is not null))
    )`.execute(db);
  // At most one open session per user: opening another gives the open one a new token.
  await sql`create unique index age_verifications_one_pending on age_verifications (user_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index age_verifications_by_user on age_verifications (user_id, verified_at desc) where status <> 'pending'`.execute(
    db,
  );
  await sql`create index age_verifications_by_document on age_verifications (document_hash) where status = 'success'`.execute(
    db,
  );
  // users.age_verification_status (0004) holds while this date is not past (spec §3 User.ageVerificationStatus).
  await sql`alter table users add column age_verification_expires_on text`.execute(db);
}
