import { type Kysely, sql } from "kysely";

/**
 * typo_candidates(words): the SKUs whose title or brand name is like the words (pg_trgm word similarity), for
 * the typo-tolerant search pass. Planning `words <% title` with the words known runs word_similarity over
 * every most-common value and histogram bound of the column, ~1.2 ms per search for a plan that never changes
 * (the two trigram indexes are the only sensible way in). PL/pgSQL keeps the statement's plan; with a generic
 * plan forced it is planned once per connection, and with sequential scans off that plan cannot fall back to
 * testing every title or brand name when its estimate (which no longer sees the words) is off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function typo_candidates(words text) returns table (sku_id text)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    set enable_seqscan = off
    as $$
    begin
      -- Two index scans (title, brand name) rather than one OR that would scan all.
      return query
        select p.sku_id from products p where words <% p.title
        union
        select p.sku_id from brands b join products p on p.brand_id = b.id where words <% b.name;
    end $$`.execute(db);
}
