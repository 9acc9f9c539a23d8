/**
 * docs/API.md from the OpenAPI document the server serves at /openapi.json: one table per tag, a row per operation.
 * `npm run docs:api` writes it; a test fails when the file and the routes disagree.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** Who may call, in a few words, from the operation's security alternatives. */
export function whoMayCall(security: Operation["security"]): string {
  const alternatives = security ?? [];
  const anyone = alternatives.length === 0 || alternatives.some((s) => Object.keys(s).length === 0);
  const who = !anyone
    ? "signed-in user"
    : alternatives.some((s) => "mobileSession" in s)
      ? "anyone (session optional)"
      : "anyone";
  return alternatives.some((s) => "csrfToken" in s) ? `${who}; CSRF token with cookies` : who;
}

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
      const errors = Object.keys(op.responses ?? {})
        .filter((status) => Number(status) >= 400)
        .join(" ");
      const rows = byTag.get(tag) ?? [];
      rows.push(
        `| ${method.toUpperCase()} | \`${path}\` | \`${op.operationId ?? ""}\` | ${whoMayCall(op.security)} | ${errors} | ${summary} |`,
      );
      byTag.set(tag, rows);
    }
  }
  const sections = [...byTag.keys()]
    .sort()
    .map((tag) =>
      [
        `## ${tag}`,
        "",
        "| method | path | operationId | who may call | errors | what it does |",
        "| --- | --- | --- | --- | --- | --- |",
        ...byTag.get(tag)!,
        "",
      ].join("\n"),
    );
  return [
    `# ${doc.info.title} ${doc.info.version}`,
    "",
    "Generated from the OpenAPI document the server serves at `GET /openapi.json` (`npm run docs:api`, which also",
    "writes it to [openapi.json](openapi.json)); the schemas of every body, query, header and answer are there, and",
    'what each error answer means. Errors are `{"error":{"code","message"}}` with a 4xx or 5xx status. Money is',
    "integer cents.",
    "",
    "Who may call: web calls ride on the session cookie (`nc_user`) or the anonymous visitor's (`nc_anon`); the",
    'apps send their session token as `x-user`. "CSRF token with cookies": a call riding on a cookie sends',
    "`x-csrf-token` (from `GET /auth/session`); calls with `x-user` or without cookies do not.",
    "",
    ...sections,
  ].join("\n");
}
