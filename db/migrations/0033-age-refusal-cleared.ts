import { type Kysely, sql } from "kysely";

/**
 * An ID check's refusal can be cleared by an administrator (docs/adr/0051-console-safeguards.md): the row stays as
 * it was decided, with who cleared it, when and why; a cleared row no longer stands (the shopper may scan again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table age_verifications
      add column cleared_at timestamptz,
      add column cleared_by text references users(id),
      add column cleared_reason text,
      add constraint age_verifications_cleared_whole check (
        (cleared_at is null and cleared_by is null and cleared_reason is null)
        or (cleared_at is not null and cleared_by is not null and length(cleared_reason) > 0 and status = 'failed')
      )`.execute(db);
}
