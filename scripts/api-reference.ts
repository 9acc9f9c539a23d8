import { readFileSync, writeFileSync } from "node:fs";
import { renderArtifacts, servedDocument, UNTYPED_LIST, untypedOperations } from "./api-artifacts.ts";
import {
  breakingChanges,
  DECLARED_CHANGES,
  judge,
  RELEASED_DOCUMENT,
  verdictProblems,
} from "./api-compatibility.ts";

/**
 * `npm run docs:api`: writes docs/openapi.json, docs/API.md and the generated client types from the routes the
 * server registers (an in-memory database; nothing is served). With --check, writes nothing and fails when a
 * committed file differs from what the routes give, or when an operation lacks a success schema without being
 * listed in docs/openapi.untyped.txt (a list that only shrinks: writing removes the operations now typed), or on a
 * breaking change to an operation of the released document (docs/openapi.released.json) that is not declared in
 * docs/api-breaking-changes.json (docs/adr/0058-api-versioning.md).
 */
const check = process.argv.includes("--check");
const root = new URL("../", import.meta.url);
const doc = await servedDocument();
const problems: string[] = [];
const stale: string[] = [];
for (const [path, content] of Object.entries(await renderArtifacts(doc))) {
  const file = new URL(path, root);
  if (!check) writeFileSync(file, content);
  else if (readOr(file) !== content) stale.push(path);
}
if (stale.length > 0) {
  problems.push(`Stale: ${stale.join(", ")}. The routes changed the API: run npm run docs:api and commit.`);
}

const untyped = untypedOperations(doc);
const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods)).length;
console.log(`${untyped.length} of ${operations} operations answer success without a body schema (target 0)`);
const listed = (readOr(new URL(UNTYPED_LIST, root)) ?? "").split("\n").filter(Boolean);
const newlyUntyped = untyped.filter((id) => !listed.includes(id));
const nowTyped = listed.filter((id) => !untyped.includes(id));
if (newlyUntyped.length > 0) {
  problems.push(
    `Without a success schema: ${newlyUntyped.join(", ")}. Declare the route's answer (schema.response, ` +
      `docs/ARCHITECTURE.md "Adding a route"); ${UNTYPED_LIST} only shrinks.`,
  );
}
if (nowTyped.length > 0) {
  problems.push(`Now typed: remove ${nowTyped.join(", ")} from ${UNTYPED_LIST}.`);
}
if (listed.join("\n") !== [...listed].sort().join("\n") || new Set(listed).size !== listed.length) {
  problems.push(`${UNTYPED_LIST}: one operationId a line, sorted, each once.`);
}
const compatibility: string[] = [];
const released = readOr(new URL(RELEASED_DOCUMENT, root));
if (released === null) {
  compatibility.push(
    `No ${RELEASED_DOCUMENT} to compare with: npm run api:release cuts it from docs/openapi.json.`,
  );
} else {
  const changes = breakingChanges(JSON.parse(released), doc);
  const verdict = judge(changes, JSON.parse(readOr(new URL(DECLARED_CHANGES, root)) ?? "[]"));
  console.log(
    `${changes.length} breaking change(s) since ${RELEASED_DOCUMENT}, ${verdict.undeclared.length} undeclared`,
  );
  compatibility.push(...verdictProblems(verdict));
}
problems.push(...compatibility);
if (check && problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
if (!check && nowTyped.length > 0) {
  // Writing shrinks the list (never grows it): an operation given its schema leaves it.
  const left = listed.filter((id) => untyped.includes(id));
  writeFileSync(new URL(UNTYPED_LIST, root), left.map((id) => `${id}\n`).join(""));
  console.log(`${UNTYPED_LIST}: ${nowTyped.length} now typed, removed`);
}
if (!check && newlyUntyped.length > 0) console.warn(problems.join("\n"));
else if (!check && compatibility.length > 0) console.warn(compatibility.join("\n"));
console.log(
  check ? "API files match the routes" : "docs/openapi.json, docs/API.md and the client types written",
);

function readOr(file: URL): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
