import { readFileSync, writeFileSync } from "node:fs";
import {
  breakingChanges,
  DECLARED_CHANGES,
  type DeclaredChange,
  judge,
  RELEASED_DOCUMENT,
  verdictProblems,
} from "./api-compatibility.ts";

/**
 * `npm run api:release`, when an app release is built from the API (docs/adr/0058-api-versioning.md): the current
 * docs/openapi.json becomes the released document that `npm run lint:api` compares with, byte for byte, and the
 * declared breaking changes, now released, are cleared. Refused while a breaking change is undeclared. Run it on
 * a checkout whose `npm run lint:api` passes (so docs/openapi.json is what the routes serve), then commit.
 */
const root = new URL("../", import.meta.url);
// API_ARTIFACTS.document, not imported: api-artifacts.ts loads the whole server.
const current = readFileSync(new URL("docs/openapi.json", root), "utf8");
const declared: DeclaredChange[] = JSON.parse(readOr(DECLARED_CHANGES) ?? "[]");
const released = readOr(RELEASED_DOCUMENT);
if (released !== null) {
  const verdict = judge(breakingChanges(JSON.parse(released), JSON.parse(current)), declared);
  if (verdict.undeclared.length > 0 || verdict.incomplete.length > 0) {
    console.error(verdictProblems(verdict).join("\n"));
    process.exit(1);
  }
  for (const d of declared)
    console.log(`released breaking change: ${d.operation}: ${d.change} (${d.reason})`);
}
writeFileSync(new URL(RELEASED_DOCUMENT, root), current);
writeFileSync(new URL(DECLARED_CHANGES, root), "[]\n");
const operations = Object.values(JSON.parse(current).paths as Record<string, object>).flatMap(
  Object.keys,
).length;
console.log(
  `${RELEASED_DOCUMENT}: ${operations} operations released; ${DECLARED_CHANGES} emptied. Commit both.`,
);

function readOr(path: string): string | null {
  try {
    return readFileSync(new URL(path, root), "utf8");
  } catch {
    return null;
  }
}
