import { apiCompare, type Diff } from "api-smart-diff";

/**
 * Breaking changes between the last released OpenAPI document (the one the apps were built from) and the current
 * one, by the rules of docs/adr/0058-api-versioning.md. api-smart-diff matches the two documents (operations by
 * method and path, parameters by name, `$ref`s resolved, recursive ones included) and classifies each change; the
 * rules below correct its classification where it disagrees with ours. Only changes to operations count: a named
 * schema's change is seen in every operation that uses it.
 */

/** The document of the last release, byte for byte the docs/openapi.json it was cut from (`npm run api:release`). */
export const RELEASED_DOCUMENT = "docs/openapi.released.json";
/** The breaking changes made on purpose since that release, each with its reason; emptied by a release. */
export const DECLARED_CHANGES = "docs/api-breaking-changes.json";

export interface BreakingChange {
  /** `POST /auth/login`. */
  operation: string;
  /** What changed where, in the operation: `add requestBody/content/application/json/schema/required "otp"`. */
  change: string;
  /** Where, in the operation: `requestBody/content/application/json/schema/required`. */
  location: string;
  /** The differ's own sentence about it. */
  description: string;
}

/**
 * A breaking change made on purpose: `change` is one the check printed, or a location in the operation, which
 * covers every change at or beneath it (`responses/200/content/application/json/schema/properties/count`).
 */
export interface DeclaredChange {
  operation: string;
  change: string;
  reason: string;
}

type Side = "request" | "answer" | "error answer" | "operation";
type Classification = Diff["type"];

interface Located {
  diff: Diff;
  /** The diff's path inside the operation (after paths, path and method). */
  within: (string | number)[];
  side: Side;
}

/**
 * Our rules, in order; the first that has an opinion wins, else the differ's classification stands. Each says why
 * it departs from the differ.
 */
const RULES: { why: string; classify: (change: Located) => Classification | undefined }[] = [
  {
    why: "Errors are all the Error shape and clients must handle any code: listing or unlisting an error status is compatible.",
    classify: ({ within, side }) =>
      side === "error answer" && within.length === 2 ? "non-breaking" : undefined,
  },
  {
    why: "A generated client names each call after its operationId: renaming one breaks the apps' build.",
    classify: ({ within }) => (within.length === 1 && within[0] === "operationId" ? "breaking" : undefined),
  },
  {
    why: "A changed type is never compatible either way (the differ calls some type changes non-breaking).",
    classify: ({ within, diff }) =>
      within.at(-1) === "type" && diff.action === "replace" && !isPropertyName(within)
        ? "breaking"
        : undefined,
  },
  {
    why: "An answer that may now be null breaks clients that read a value; a request that may be null is wider (the differ has both backwards).",
    classify: ({ within, side, diff }) => {
      if (within.at(-1) !== "nullable" || isPropertyName(within) || side === "operation") return undefined;
      const nowNullable =
        diff.action === "add" ? diff.after === true : diff.action === "remove" ? false : diff.after;
      return (side === "request") === Boolean(nowNullable) ? "non-breaking" : "breaking";
    },
  },
  {
    why: "Any change to an answer's enum is breaking: apps decode enums strictly (a new value fails), and a removed value means a state they show is now told another way.",
    classify: ({ within, side }) =>
      side !== "request" &&
      (within.at(-2) === "enum" || (within.at(-1) === "enum" && !isPropertyName(within)))
        ? "breaking"
        : undefined,
  },
  {
    why: "A request field removed is ignored by the server (zod strips unknown fields): what the apps send stops working silently.",
    classify: ({ within, side, diff }) =>
      side === "request" &&
      diff.action === "remove" &&
      within.at(-2) === "properties" &&
      !isPropertyName(within.slice(0, -1))
        ? "breaking"
        : undefined,
  },
  {
    why: "An example is documentation (ADR 58 lists examples as compatible); the differ leaves a key added inside one unclassified. Only keys in an example's value: a property named `example` is a schema change like any other.",
    classify: ({ within }) => {
      const at = within.findIndex((key, i) => key === "example" && within[i - 1] !== "properties");
      return at >= 0 ? "non-breaking" : undefined;
    },
  },
  {
    why: "What the differ cannot classify, a person must: declare it if it is meant.",
    classify: ({ diff }) => (diff.type === "unclassified" ? "breaking" : undefined),
  },
];

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/** The breaking changes to operations of `released` in `current`, in document order. */
export function breakingChanges(released: unknown, current: unknown): BreakingChange[] {
  const { diffs } = apiCompare(released, current);
  const changes: BreakingChange[] = [];
  const seen = new Set<string>();
  for (const diff of diffs) {
    const [root, path, method, ...within] = diff.path;
    if (root !== "paths" || typeof path !== "string" || typeof method !== "string" || !METHODS.has(method)) {
      continue;
    }
    const located: Located = { diff, within, side: sideOf(within) };
    const type = RULES.map((rule) => rule.classify(located)).find(Boolean) ?? diff.type;
    if (type !== "breaking") continue;
    const change: BreakingChange = {
      operation: `${method.toUpperCase()} ${path}`,
      ...whereAndWhat(located, diff.action === "add" ? current : released, path, method),
      description: diff.description ?? "",
    };
    const key = `${change.operation} ${change.change}`;
    if (!seen.has(key)) changes.push(change);
    seen.add(key);
  }
  return changes;
}

export interface Verdict {
  undeclared: BreakingChange[];
  /** Declarations matching no change: the change was undone, or is described otherwise. */
  stale: DeclaredChange[];
  /** Declarations lacking an operation, a change or a reason. */
  incomplete: unknown[];
}

export function judge(changes: BreakingChange[], declared: unknown): Verdict {
  const entries = Array.isArray(declared) ? declared : [declared];
  const complete = entries.filter(
    (d): d is DeclaredChange =>
      typeof d === "object" &&
      d !== null &&
      ["operation", "change", "reason"].every((key) => typeof d[key] === "string" && d[key].trim() !== ""),
  );
  const matches = (c: BreakingChange, d: DeclaredChange) =>
    c.operation === d.operation &&
    (c.change === d.change || c.location === d.change || c.location.startsWith(`${d.change}/`));
  return {
    undeclared: changes.filter((c) => !complete.some((d) => matches(c, d))),
    stale: complete.filter((d) => !changes.some((c) => matches(c, d))),
    incomplete: entries.filter((d) => !complete.includes(d)),
  };
}

/** Problems to print, empty when the current document may ship. */
export function verdictProblems({ undeclared, stale, incomplete }: Verdict): string[] {
  const problems: string[] = [];
  if (undeclared.length > 0) {
    const lines = undeclared.map(
      (c) => `  ${c.operation}: ${c.change}${c.description ? ` (${c.description})` : ""}`,
    );
    const entries = undeclared.map(({ operation, change }) => ({ operation, change, reason: "" }));
    problems.push(
      `${undeclared.length} breaking change(s) to released operations (docs/adr/0058-api-versioning.md):\n` +
        `${lines.join("\n")}\nMake the change compatible, or give it a new path version; if the apps can take ` +
        `it, declare it in ${DECLARED_CHANGES} with its reason (a location as the change covers everything ` +
        `beneath it):\n${JSON.stringify(entries, null, 2)}`,
    );
  }
  if (stale.length > 0) {
    problems.push(
      `${DECLARED_CHANGES}: no longer found, remove: ${stale.map((d) => `${d.operation}: ${d.change}`).join("; ")}`,
    );
  }
  if (incomplete.length > 0) {
    problems.push(
      `${DECLARED_CHANGES}: a list of {"operation","change","reason"}, each filled in; not: ${JSON.stringify(incomplete)}`,
    );
  }
  return problems;
}

function sideOf(within: (string | number)[]): Side {
  if (within[0] === "requestBody" || within[0] === "parameters") return "request";
  if (within[0] !== "responses") return "operation";
  return /^[45]|^default$/.test(String(within[1])) ? "error answer" : "answer";
}

/** Whether the last key of `path` names a property (`properties/type`) rather than a schema keyword. */
function isPropertyName(path: (string | number)[]): boolean {
  return path.at(-2) === "properties";
}

/**
 * `add requestBody/content/application/json/schema/required "otp"`: the action, where, and the value when it is a
 * scalar in a list (an enum value, a required name) rather than its position; parameters by `in` and name.
 */
function whereAndWhat(
  located: Located,
  doc: unknown,
  path: string,
  method: string,
): { change: string; location: string } {
  const { diff, within } = located;
  if (within.length === 0) return { change: `${diff.action} operation`, location: "" };
  const operations = (doc as { paths?: Record<string, Record<string, { parameters?: Parameter[] }>> }).paths;
  const parameters = operations?.[path]?.[method]?.parameters;
  const where = within.map((key, i) => {
    const parameter =
      within[i - 1] === "parameters" && typeof key === "number" ? parameters?.[key] : undefined;
    return parameter ? `${parameter.in}:${parameter.name}` : String(key);
  });
  const value = diff.action === "add" ? diff.after : diff.before;
  if (typeof within.at(-1) === "number" && isScalar(value)) {
    const location = where.slice(0, -1).join("/");
    return { change: `${diff.action} ${location} ${JSON.stringify(value)}`, location };
  }
  const location = where.join("/");
  if (diff.action === "replace" && isScalar(diff.before) && isScalar(diff.after)) {
    return {
      change: `${diff.action} ${location} ${JSON.stringify(diff.before)} → ${JSON.stringify(diff.after)}`,
      location,
    };
  }
  return { change: `${diff.action} ${location}`, location };
}

interface Parameter {
  in: string;
  name: string;
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== "object";
}
