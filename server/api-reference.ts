/**
 * docs/API.md from the OpenAPI document the server serves at /openapi.json: one table per tag, a row per route.
 * `npm run docs:api` writes it; a test fails when the file and the routes disagree.
 */
interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

export function renderApiReference(doc: OpenApiDoc): string {
  const byTag = new Map<string, string[]>();
  const paths = Object.keys(doc.paths).sort();
  for (const path of paths) {
    const methods = Object.entries(doc.paths[path]).sort(
      ([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b),
    );
    for (const [method, op] of methods) {
      const tag = op.tags?.[0] ?? "other";
      const summary = (op.summary ?? "").replaceAll("|", "\\|");
      const rows = byTag.get(tag) ?? [];
      rows.push(`| ${method.toUpperCase()} | \`${path}\` | ${summary} |`);
      byTag.set(tag, rows);
    }
  }
  const sections = [...byTag.keys()]
    .sort()
    .map((tag) =>
      [
        `## ${tag}`,
        "",
        "| method | path | what it does |",
        "| --- | --- | --- |",
        ...byTag.get(tag)!,
        "",
      ].join("\n"),
    );
  return [
    `# ${doc.info.title} ${doc.info.version}`,
    "",
    "Generated from the OpenAPI document the server serves at `GET /openapi.json` (`npm run docs:api`);",
    "the schemas of every body, query, header and answer are there. Errors are",
    '`{"error":{"code","message"}}` with a 4xx or 5xx status. Money is integer cents.',
    "",
    ...sections,
  ].join("\n");
}
