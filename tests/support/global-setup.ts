import { ensurePgliteTemplate } from "./db-template.ts";

/** Before any test file: the migrated embedded database every file copies (tests/support/db-template.ts). */
export default async function setup() {
  await ensurePgliteTemplate();
}
