import { Form } from "react-router";
import { CsrfField } from "../accounts/session.tsx";

/**
 * How a store's point-of-sale file is read (issue 34 §1), as the shelf feed page and the scheduled feed page both
 * ask it: the kind of file (a Square export, with its location, or another system's CSV with its columns named) and
 * what happens to shelf products the file leaves out.
 */

/** The columns a store names for a CSV that is not a Square export, in the form's order. */
export const FEED_COLUMNS = [
  ["upc", "UPC"],
  ["sku", "SKU"],
  ["name", "Name"],
  ["price", "Price"],
  ["quantity", "Quantity"],
] as const;

export type FeedColumn = (typeof FEED_COLUMNS)[number][0];

export interface FeedReading {
  layout?: string | null;
  mapping?: Partial<Record<FeedColumn, string>> | null;
  square_location?: string | null;
  missing?: string | null;
}

/** The mapping or the Square location the form's fields give, as the feed calls take them. */
export function readingOfForm(f: (name: string) => string): {
  mapping?: Record<string, string>;
  square_location?: string;
} {
  if (f("layout") === "generic") {
    const mapping: Record<string, string> = {};
    for (const [key] of FEED_COLUMNS) if (f(`col_${key}`)) mapping[key] = f(`col_${key}`);
    return { mapping };
  }
  return f("square_location") ? { square_location: f("square_location") } : {};
}

/** The two fieldsets, filled from how the store's file was last read. */
export function FeedReadingFields({ reading }: { reading: FeedReading | null }) {
  const generic = reading?.layout === "generic";
  const missing = reading?.missing ?? "keep";
  return (
    <>
      <fieldset>
        <legend>What kind of file</legend>
        <label>
          <input type="radio" name="layout" value="square" defaultChecked={!generic} /> Square item library
          export
        </label>
        <label>
          Square location (when the export has several)
          <input
            name="square_location"
            placeholder="As in “Current Quantity …”"
            defaultValue={reading?.square_location ?? ""}
          />
        </label>
        <label>
          <input type="radio" name="layout" value="generic" defaultChecked={generic} /> Another system's CSV:
          name its columns
        </label>
        <div className="console-feed__columns">
          {FEED_COLUMNS.map(([key, label]) => (
            <label key={key}>
              {label} column
              <input name={`col_${key}`} defaultValue={reading?.mapping?.[key] ?? ""} />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Products on the shelf the file leaves out</legend>
        <label>
          <input type="radio" name="missing" value="keep" defaultChecked={missing === "keep"} /> Keep them as
          they are
        </label>
        <label>
          <input type="radio" name="missing" value="zero" defaultChecked={missing === "zero"} /> Set their
          stock to 0
        </label>
        <label>
          <input type="radio" name="missing" value="hide" defaultChecked={missing === "hide"} /> Take them off
          the shelf
        </label>
      </fieldset>
    </>
  );
}

/** "Apply these changes" for a previewed feed of the store's (the feed page's review, the scheduled feed's last fetch). */
export function ApplyFeedForm({ feedId, storeId, busy }: { feedId: string; storeId: string; busy: boolean }) {
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="feed" value={feedId} />
      <input type="hidden" name="store_id" value={storeId} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Apply these changes
      </button>
    </Form>
  );
}
