import { readFileSync, writeFileSync } from "node:fs";
import { renderArtifacts, servedDocument } from "./api-artifacts.ts";

/**
 * `npm run docs:api`: writes docs/openapi.json, docs/API.md and the generated client types from the routes the
 * server registers (an in-memory database; nothing is served). With --check, writes nothing and fails when a
 * committed file differs from what the routes give.
 */
const check = process.argv.includes("--check");
const root = new URL("../", import.meta.url);
const stale: string[] = [];
for (const [path, content] of Object.entries(await renderArtifacts(await servedDocument()))) {
  const file = new URL(path, root);
  if (!check) writeFileSync(file, content);
  else if (readOr(file) !== content) stale.push(path);
}
if (stale.length > 0) {
  console.error(`Stale: ${stale.join(", ")}. The routes changed the API: run npm run docs:api and commit.`);
  process.exit(1);
}
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
