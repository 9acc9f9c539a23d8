import scripts from "virtual:view-scripts";
import type { CatalogueView } from "./catalogue-path.server.ts";

/**
 * The address of the chunk holding a catalogue view's code (each view has one of its own: vite.config.ts,
 * `VIEW_FILES`); null in development, where Vite serves each module as it is asked for.
 */
export function viewScript(kind: CatalogueView["kind"]): string | null {
  return scripts[kind] ?? null;
}
