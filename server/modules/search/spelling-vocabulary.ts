import { sql } from "kysely";
import { correctQuery, type QueryCorrection, SpellingVocabulary } from "#domain/catalogue/spelling.ts";
import type { Db } from "#server/platform/db.ts";
import { heldPerDatabase } from "./held-per-database.ts";

/** The catalogue's words as of a facet_attributes_version (migrations 0008, 0010). */
interface HeldVocabulary {
  version: number;
  vocabulary: SpellingVocabulary;
}

const vocabularies = heldPerDatabase(loadVocabulary);

/** A query as search runs it: corrected (null when nothing was), by a vocabulary as of `version`. */
export interface SpellingCheck {
  correction: QueryCorrection | null;
  version: number;
}

/**
 * The query's typos corrected against the catalogue's words as held (read on first use). `atLeast`: the
 * facet_attributes_version a search's snapshot saw; a vocabulary older than that is read again first.
 * `lastWordIsPrefix`: autocomplete, whose last word is still being typed.
 */
export async function checkSpelling(
  db: Db,
  query: string,
  lastWordIsPrefix: boolean,
  atLeast?: number,
): Promise<SpellingCheck> {
  const held = await (atLeast === undefined ? vocabularies.current(db) : vocabularies.atLeast(db, atLeast));
  return { correction: correctQuery(query, held.vocabulary, { lastWordIsPrefix }), version: held.version };
}

async function loadVocabulary(db: Db): Promise<HeldVocabulary> {
  // The version and the words from one statement, so one snapshot; the outer join keeps the version row when
  // no product may be found. Products a shopper can never find (disabled, engraved copies) lend no words.
  const { rows } = await sql<{ version: number; text: string | null }>`
    select v.version, p.title || ' ' || coalesce(p.brand_name, '') || ' ' || p.category_text as text
    from facet_attributes_version v
    left join products p on not p.disabled and p.etch_of is null`.execute(db);
  return {
    version: rows[0]?.version ?? 0,
    vocabulary: new SpellingVocabulary(rows.flatMap((r) => (r.text === null ? [] : [r.text]))),
  };
}
