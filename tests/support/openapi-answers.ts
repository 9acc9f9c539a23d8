import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

/**
 * Checks a success answer against what the OpenAPI document says of it: the status is one the operation lists, the
 * media type one of that answer's, and the body valid against its schema.
 *
 * The document is OpenAPI 3.0.3, whose Schema Object is JSON Schema draft 04/05 (wright-00) with OpenAPI's own
 * keywords: boolean `exclusiveMinimum`, `nullable` (Ajv reads it beside `type`), annotations such as `example` and
 * `readOnly`. Ajv's draft-04 class reads that dialect; ajv-formats checks `date-time`, `date`, `uuid`, `uri`. Strict
 * mode stays on, so a keyword or format the document gains and nothing here reads fails loudly instead of being
 * skipped. `$ref`s resolve to the document's components.
 */

/** The parts of an OpenAPI 3.0 document the checker reads. */
export interface AnswerDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedAnswer> }>>;
  components?: Record<string, unknown>;
}

interface DocumentedAnswer {
  content?: Record<string, { schema?: object }>;
}

export interface Answer {
  /** GET, POST… */
  method: string;
  /** The operation's path template, as the document writes it: /order/status/{id}. */
  path: string;
  status: number;
  /** The answer's Content-Type header, if any. */
  contentType?: string;
  body: string;
}

/**
 * OpenAPI 3.0 Schema Object keywords that annotate: left out of what Ajv gets, since Ajv walks every key of a schema
 * looking for draft 04's `id`, and an example's `{ "id": "o_1" }` would read as one.
 */
const EXAMPLES = new Set(["example", "examples", "xml", "externalDocs"]);
/** Annotations kept, which Ajv is told to ignore. */
const ANNOTATIONS = ["readOnly", "writeOnly", "deprecated"];

const DOCUMENT_ID = "openapi.json";

const answerKey = (method: string, path: string, status: string, mediaType: string) =>
  `${method} ${path} ${status} ${mediaType}`;

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const mapValues = (record: unknown, f: (value: unknown) => unknown) =>
  isSchema(record) ? Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)])) : record;

/** The schema without its examples, walked by keyword (a property named `example` stays). */
function withoutExamples(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (EXAMPLES.has(key)) continue;
    if (key === "properties" || key === "patternProperties") out[key] = mapValues(value, withoutExamples);
    else if (key === "allOf" || key === "anyOf" || key === "oneOf")
      out[key] = Array.isArray(value) ? value.map(withoutExamples) : value;
    else if (key === "items" || key === "additionalProperties" || key === "not")
      out[key] = withoutExamples(value);
    else out[key] = value;
  }
  return out;
}

/**
 * A checker for answers of the document's operations: `check(answer)` is null when the answer is what the document
 * says, else a sentence naming the operation, the status and what is wrong (Ajv's errors, one per line).
 */
export function answerChecker(doc: AnswerDocument) {
  if (!doc.openapi.startsWith("3.0.")) {
    throw new Error(`the answer checker reads OpenAPI 3.0 schemas; this document is ${doc.openapi}`);
  }
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  // Ajv holds the answers' schemas and the components they refer to (`#/components/schemas/…`) in one schema,
  // under two keys that are not keywords: it only walks through them to reach a pointer. Answers with the same
  // schema (every error answer is the Error component) share one, compiled once.
  const answers: Schema = {};
  const schemaOf = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        for (const [mediaType, { schema }] of Object.entries(answer.content ?? {})) {
          if (!schema) continue;
          const text = JSON.stringify(withoutExamples(schema));
          let name = seen.get(text);
          if (!name) {
            name = String(seen.size);
            seen.set(text, name);
            answers[name] = JSON.parse(text);
          }
          schemaOf.set(answerKey(method, path, status, mediaType), name);
        }
      }
    }
  }
  ajv.addKeyword({ keyword: "answers" });
  ajv.addKeyword({ keyword: "components" });
  const schemas = mapValues(
    (doc.components as { schemas?: unknown } | undefined)?.schemas ?? {},
    withoutExamples,
  );
  ajv.addSchema({ components: { schemas }, answers }, DOCUMENT_ID);

  return {
    check(answer: Answer): string | null {
      const method = answer.method.toLowerCase();
      const where = `${answer.method.toUpperCase()} ${answer.path} → ${answer.status}`;
      const responses = doc.paths[answer.path]?.[method]?.responses;
      if (!responses) return `${where}: the document has no such operation`;
      const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, "default"].find(
        (key) => key in responses,
      );
      if (!statusKey) return `${where}: the operation does not list this status`;
      const content = responses[statusKey].content;
      if (!content) {
        return answer.body === "" ? null : `${where}: a body, where the document describes none`;
      }
      const mediaType = (answer.contentType ?? "").split(";")[0].trim().toLowerCase();
      if (!(mediaType in content)) {
        return `${where}: answered ${mediaType || "no Content-Type"}, the document says ${Object.keys(content).join(", ")}`;
      }
      if (!content[mediaType].schema) return `${where}: the document gives ${mediaType} no schema`;

      let body: unknown = answer.body;
      if (mediaType === "application/json" || mediaType.endsWith("+json")) {
        try {
          body = JSON.parse(answer.body);
        } catch {
          return `${where}: ${mediaType} that is not JSON: ${answer.body.slice(0, 80)}`;
        }
      }
      const name = schemaOf.get(answerKey(method, answer.path, statusKey, mediaType));
      const validate = name && ajv.getSchema(`${DOCUMENT_ID}#/answers/${name}`);
      if (!validate) return `${where}: the schema could not be read`;
      if (validate(body)) return null;
      const errors = (validate.errors ?? []).map(
        (e) => `body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
      );
      return `${where}: the answer is outside its schema:\n  ${errors.join("\n  ")}`;
    },
  };
}
