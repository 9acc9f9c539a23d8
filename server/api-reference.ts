/**
 * docs/API.md from the OpenAPI document the server serves at /openapi.json: one table per tag, a row per operation,
 * then a section per operation with its success answers and their examples. `npm run docs:api` writes it; a test
 * fails when the file and the routes disagree.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

interface Answer {
  description?: string;
  content?: Record<
    string,
    { schema?: { $ref?: string; type?: string; items?: { $ref?: string } }; example?: unknown }
  >;
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

/** What an operation answers when it succeeds: each 2xx or 3xx status, its body's schema and an example. */
function renderSuccess(op: Operation): string[] {
  const lines: string[] = [];
  for (const [status, answer] of Object.entries((op.responses ?? {}) as Record<string, Answer>)) {
    if (!/^[23]\d\d$/.test(status)) continue;
    const content = Object.entries(answer.content ?? {});
    if (content.length === 0) lines.push(`**${status}**: ${answer.description ?? ""}`.trim(), "");
    for (const [mediaType, media] of content) {
      const schema = media.schema;
      const name = schemaName(schema?.$ref) ?? (schema?.type === "array" && schemaName(schema.items?.$ref));
      const shape = !name ? "" : schema?.$ref ? `, schema \`${name}\`` : `, an array of \`${name}\``;
      lines.push(
        `**${status}** \`${mediaType}\`${shape}${media.example === undefined ? `: ${answer.description}` : ""}`,
        "",
      );
      if (media.example !== undefined) {
        lines.push("```json", JSON.stringify(media.example, null, 2), "```", "");
      }
    }
  }
  return lines;
}

function schemaName(ref: string | undefined): string | undefined {
  return ref?.split("/").pop();
}

export function renderApiReference(doc: OpenApiDoc): string {
  const byTag = new Map<string, string[]>();
  const detailsByTag = new Map<string, string[]>();
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
      const id = op.operationId ?? "";
      const rows = byTag.get(tag) ?? [];
      rows.push(
        `| ${method.toUpperCase()} | \`${path}\` | [\`${id}\`](#${id.toLowerCase()}) | ${whoMayCall(op.security)} | ${errors} | ${summary} |`,
      );
      byTag.set(tag, rows);
      const details = detailsByTag.get(tag) ?? [];
      details.push(`### ${id}`, "", `\`${method.toUpperCase()} ${path}\``, "", ...renderSuccess(op));
      detailsByTag.set(tag, details);
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
        ...detailsByTag.get(tag)!,
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
    "## Versions and breaking changes",
    "",
    "The apps are built from this document and stay in use for months, so an operation never changes",
    "incompatibly under its path ([ADR 58](adr/0058-api-versioning.md)). Compatible: a new operation, an optional",
    "parameter or request field, a wider request value, a field added to an answer (clients ignore fields they",
    "do not know; answers are not closed with `additionalProperties: false`), an error status listed or unlisted.",
    "Breaking: removing or renaming an operation, a parameter or an answer field; a new required parameter or",
    "request field; a narrower request value; a changed type, success status or `operationId`; a value added to or",
    "removed from an answer's enum; an answer field that may now be null. A breaking change gets a new path",
    "version beside the old one (a future `/order/v4` beside `/order/v3`), the old one kept `deprecated` while apps",
    "call it. `npm run lint:api` fails on a breaking change since the last released document",
    "([openapi.released.json](openapi.released.json)) unless [api-breaking-changes.json](api-breaking-changes.json)",
    "declares it with its reason; `npm run api:release` makes the current document the released one.",
    "",
    "Below each table, every operation's success answer with an example: a shared shape (`Cart`, `Product`,",
    "`Order`…) is a real answer of the seeded catalogue, the rest is generated from the answer's schema, and a list",
    "shows one or two items.",
    "",
    ...sections,
  ].join("\n");
}
