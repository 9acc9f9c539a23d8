import scripts from "virtual:view-scripts";
import type { CatalogueView } from "./catalogue-path.server.ts";

/**
 * The address of the chunk holding a catalogue view's code, for the views that have one of their own (the product
 * page, the city landing: vite.config.ts, `VIEW_FILES`); null for the others, and in development, where Vite serves
 * each module as it is asked for.
 */
export function viewScript(kind: CatalogueView["kind"]): string | null {
  return kind === "product" || kind === "city" ? (scripts[kind] ?? null) : null;
}
