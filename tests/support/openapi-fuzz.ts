import fc from "fast-check";

/**
 * Requests for fuzzing every operation of the OpenAPI document the app serves: each one mostly well-formed (so it
 * gets past validation into the handler) with some part malformed, mistyped, oversized or in odd Unicode, and
 * sometimes nothing like what the operation expects at all. Driven by the document alone, so operations added
 * later are fuzzed too.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  $ref?: string;
}

interface OpenApiParameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** What the fuzzer reads of an operation; anything else it carries (operationId, security) it does not need. */
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path template, e.g. /menu/product/{skus}. */
  path: string;
  parameters: OpenApiParameter[];
  body: JsonSchema | null;
}

export interface FuzzRequest {
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  /** The raw body, when one is sent. */
  payload?: string | Buffer;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/** Every operation the document lists, with $refs to its components resolved. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = refResolver(doc);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const json = op.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema ?? {}) })),
        body: json ? resolve(json) : null,
      });
    }
  }
  return operations;
}

function refResolver(doc: OpenApiDocument) {
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.replace("#/components/schemas/", "");
      return resolve(doc.components?.schemas?.[name] ?? {}, depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      if (schema[key]) out[key] = schema[key].map((s) => resolve(s, depth + 1));
    }
    return out;
  };
  return resolve;
}

// ---------------------------------------------------------------------------------------------------------------
// Odd values

/** Text PostgreSQL, JSON, UTF-8 or a careless parser may trip on. */
const ODD_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "a\udc00b",
  "\udbff",
  "\ud83c\udf7a",
  "e\u0301\u0301\u0301",
  "\u202eevil",
  "\ufeff",
  "\uffff",
  "\u200b",
  "\r\n",
  "\t",
  "İı",
  "ﬃ",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "١٢٣",
  "９",
  "'; drop table users; --",
  "%00",
  "%",
  "%E0%A4%A",
  "\\",
  '"',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "2024-02-30",
  "9999-12-31T23:59:59Z",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** A string of odd text: listed cases, any code points, lone surrogates, or very long. */
const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constant("a")), maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "é", "🍺", "\u0000", " ", "%"), fc.integer({ min: 100, max: 12_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

const oddNumber = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  -1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

/** A value of whatever type: the wrong one, usually. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  oddNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** What PostgreSQL text cannot hold (NUL) and what UTF-8 cannot encode (a lone surrogate): the likeliest 500s. */
const unstorable = fc.constantFrom("\u0000", "\ud800", "\udfff", "a\u0000", "\udc00x");

/** A valid string with odd text spliced in: usually a NUL or a lone surrogate, else any odd text. */
const spliced = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(
      valid,
      fc.oneof({ weight: 2, arbitrary: unstorable }, { weight: 1, arbitrary: oddString }),
      fc.nat(),
    )
    .map(([s, odd, at]) => s.slice(0, at % (s.length + 1)) + odd + s.slice(at % (s.length + 1)));

// ---------------------------------------------------------------------------------------------------------------
// Values from schemas

function typesOf(schema: JsonSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return schema.nullable ? [...types, "null"] : types;
}

/**
 * Values known to mean something to the app, by field or parameter name (an email that has an account, a SKU in
 * stock, a category's url name), so that generated requests get past "no such thing" into deeper code. A name not
 * listed gets values from its schema alone.
 */
export type Hints = Record<string, string[]>;

interface Ctx {
  hints: Hints;
  depth: number;
  /** The field or parameter the value is for. */
  name?: string;
  /** How often a value is odd at each node (against 8 valid ones); 0: never. */
  odd: number;
}

const deeper = (ctx: Ctx, name = ctx.name): Ctx => ({ ...ctx, depth: ctx.depth + 1, name });

function validString(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<string> {
  const fromSchema = stringFromSchema(schema);
  const known = ctx.name ? ctx.hints[ctx.name] : undefined;
  return known?.length
    ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fromSchema })
    : fromSchema;
}

function stringFromSchema(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 200);
  const min = Math.min(schema.minLength ?? 0, max);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.webUrl();
    case "date":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength: Math.max(max, 8) });
    } catch {
      // A pattern this engine cannot read: plain strings then.
    }
  }
  return fc.string({ unit: "grapheme", minLength: min, maxLength: max });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo =
    typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
  const hi =
    typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1000);
  const min = Math.max(lo, -1e9);
  const max = Math.max(Math.min(hi, 1e9), min);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
}

/** What is odd for this schema: any wrong value, odd text spliced into a valid string, one over its limits. */
function oddFor(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const odd: fc.MaybeWeightedArbitrary<unknown>[] = [oddValue];
  if (typesOf(schema).includes("string")) {
    odd.push({ weight: 3, arbitrary: spliced(validString(schema, ctx)) });
    if (schema.maxLength !== undefined) {
      odd.push(fc.constantFrom("a", "é", "🍺").map((c) => c.repeat((schema.maxLength ?? 0) + 1)));
    }
  }
  if (typesOf(schema).includes("array") && schema.items) {
    odd.push(
      fc.array(validValue(schema.items, deeper({ ...ctx, odd: 0 })), {
        minLength: (schema.maxItems ?? 50) + 1,
        maxLength: (schema.maxItems ?? 50) + 3,
      }),
    );
  }
  return fc.oneof(...odd);
}

/** A value for the schema: one it accepts, each of whose parts is odd now and then (ctx.odd). */
function valueFor(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  const valid = validValue(schema, ctx);
  if (ctx.odd === 0 || ctx.depth > 4) return valid;
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: ctx.odd, arbitrary: oddFor(schema, ctx) });
}

function validValue(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, deeper(ctx))));
  if (schema.allOf?.length) {
    const merged: JsonSchema = { properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged, { ...part, properties: merged.properties, required: merged.required });
      Object.assign(merged.properties ?? {}, part.properties);
      merged.required?.push(...(part.required ?? []));
    }
    return validValue(merged, ctx);
  }
  const types = typesOf(schema);
  const type = types.find((t) => t !== "null") ?? (schema.properties ? "object" : undefined);
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case "string":
        return validString(schema, ctx);
      case "integer":
        return validNumber(schema, true);
      case "number":
        return validNumber(schema, false);
      case "boolean":
        return fc.boolean();
      case "array":
        return fc.array(schema.items ? valueFor(schema.items, deeper(ctx)) : oddValue, {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case "object": {
        const props = schema.properties ?? {};
        const model = Object.fromEntries(
          Object.entries(props).map(([k, s]) => [k, valueFor(s, deeper(ctx, k))]),
        );
        const required = (schema.required ?? []).filter((k) => k in props);
        return fc.record(model, { requiredKeys: required });
      }
      default:
        // No type: a free-form value (a query object, an open map).
        return ctx.odd === 0 ? fc.string({ maxLength: 8 }) : oddValue;
    }
  })();
  return types.includes("null") ? fc.option(base, { nil: null, freq: 8 }) : base;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** A path segment or query value as it goes on the wire: percent-encoded. */
function encoded(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would (a surrogate encoded anyway).
    return "%ED%A0%80";
  }
}

/** Segments no client should send: malformed escapes, encoded NULs and slashes, dot segments, very long ones. */
const RAW_SEGMENTS = [
  "%",
  "%E0%A4%A",
  "%ED%A0%80",
  "%FF",
  "%C0%AF",
  "%00",
  "a%00b",
  "%2F",
  "..",
  "%2e%2e",
  "%252F",
  ";x=1",
  "a".repeat(2100),
];

/** An odd path segment or query value as it goes on the wire: odd text percent-encoded, or a raw odd segment. */
export const oddUrlPart: fc.Arbitrary<string> = fc.oneof(
  oddString.map(encoded),
  fc.constantFrom(...RAW_SEGMENTS),
);

/** A path segment or query value: valid, or (odd) an odd value percent-encoded or a raw odd segment. */
const urlValue = (schema: JsonSchema, ctx: Ctx): fc.Arbitrary<string> =>
  ctx.odd === 0
    ? validValue(schema, ctx).map(encoded)
    : fc.oneof(oddFor(schema, ctx).map(encoded), fc.constantFrom(...RAW_SEGMENTS));

/** A header value as text. */
const headerValue = (schema: JsonSchema, ctx: Ctx): fc.Arbitrary<string> =>
  (ctx.odd === 0 ? validValue(schema, ctx) : oddFor(schema, ctx)).map((v) =>
    typeof v === "string" ? v : (JSON.stringify(v) ?? ""),
  );

/** Headers any operation may read besides those it declares: cookies, position, identity, content negotiation. */
const strayHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: fc
      .tuple(fc.constantFrom("nc_user", "nc_anon", "address", "nc_sso", "nc_oidc", "other"), oddUrlPart)
      .map(([name, value]) => `${name}=${value}`),
    lat: fc.oneof(fc.constantFrom("40.7", "-91", "1e3", "abc", "999"), oddString),
    lng: fc.oneof(fc.constantFrom("-74", "181", "NaN"), oddString),
    "x-store-id": oddString,
    "x-platform": fc.oneof(fc.constantFrom("web", "ios", "android", "merchant"), oddString),
    "x-user": oddString,
    "x-multi-store": fc.oneof(fc.constantFrom("true", "false", "1"), oddString),
    "accept-version": fc.oneof(fc.constantFrom("4", "3", "99"), oddString),
    "accept-encoding": fc.constantFrom("br", "gzip", "deflate", "identity;q=0", "*;q=0", "x"),
    "x-request-id": oddString,
    origin: fc.constantFrom("https://evil.example", "null", "http://localhost"),
  },
  { requiredKeys: [] },
);

const strayQuery = fc.tuple(
  fc.constantFrom("lat", "lng", "x", "page", "a[b]", "__proto__", "constructor"),
  oddUrlPart,
);

type Body = { payload: string | Buffer; type: string };

/** Bodies that are not what any operation takes: broken JSON, prototype keys, deep nesting, too big, not JSON. */
const RAW_BODIES: Body[] = [
  { payload: "", type: "application/json" },
  { payload: "{", type: "application/json" },
  { payload: "nul", type: "application/json" },
  { payload: '{"__proto__":{"admin":true}}', type: "application/json" },
  { payload: '{"constructor":{"prototype":{"admin":true}}}', type: "application/json" },
  { payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}`, type: "application/json" },
  { payload: `{"a":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`, type: "application/json" },
  { payload: `{"a":"${"x".repeat(300 * 1024)}"}`, type: "application/json" },
  {
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    type: "application/json",
  },
  { payload: '{"query":"x"}', type: "text/plain" },
  { payload: "query=x&a=%00", type: "application/x-www-form-urlencoded" },
  { payload: '{"query":"x"}', type: "application/json; charset=utf-16" },
  { payload: '{"query":"x"}', type: "multipart/form-data; boundary=x" },
];

/** Where a value has parts: every path into it, the value itself first. */
function partsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => partsOf(v, [...at, i])));
  if (value && typeof value === "object") {
    return here.concat(...Object.entries(value).map(([k, v]) => partsOf(v, [...at, k])));
  }
  return here;
}

/**
 * The value with exactly one part made odd: odd text spliced into a string, any other part replaced by an odd
 * value, or an object given an odd extra key. One odd part at a time is what gets past validation to the code
 * behind it.
 */
const withOneOddPart = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc
    .tuple(
      valid,
      fc.nat(),
      fc.oneof({ weight: 2, arbitrary: unstorable }, { weight: 1, arbitrary: oddString }),
      oddValue,
      fc.nat(),
    )
    .map(([value, pick, text, odd, at]) => {
      const parts = partsOf(value);
      const path = parts[pick % parts.length];
      const change = (current: unknown): unknown => {
        if (typeof current === "string") {
          const i = at % (current.length + 1);
          return current.slice(0, i) + text + current.slice(i);
        }
        if (current && typeof current === "object" && !Array.isArray(current) && at % 3 === 0) {
          return { ...current, [text]: odd };
        }
        return odd;
      };
      if (path.length === 0) return change(value);
      const copy = structuredClone(value) as Record<string | number, unknown>;
      let parent = copy;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      const last = path[path.length - 1];
      parent[last] = change(parent[last]);
      return copy;
    });

const jsonBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
  value.map((v) => ({ payload: JSON.stringify(v) ?? "null", type: "application/json" }));

/** Any body at all: JSON of any shape, or one of the raw odd bodies. */
const junkBody: fc.Arbitrary<Body> = fc.oneof(
  jsonBody(fc.jsonValue({ maxDepth: 3 })),
  jsonBody(oddValue),
  fc.constantFrom(...RAW_BODIES),
);

/**
 * Requests for one operation. Each is valid but for one target: one parameter (odd value or raw odd segment), one
 * part of the body, the body with parts odd here and there, a body of any shape, stray headers and query
 * parameters, or nothing at all (a valid request, to go deep). A request with everything odd at once would only
 * ever meet the validator.
 */
export function requestFor(op: Operation, hints: Hints = {}): fc.Arbitrary<FuzzRequest> {
  const targets = [
    "none",
    "stray",
    "junk body",
    ...(op.body ? ["body", "body", "body", "odd body"] : []),
    ...op.parameters.map((p) => `${p.in}:${p.name}`),
  ];
  // One arbitrary per target, built once (fast-check's chain would build them again for every request).
  return fc.oneof(
    ...targets.map((target) => {
      const ctx = (name: string | undefined, odd: number): Ctx => ({ hints, depth: 0, name, odd });
      const part = (
        where: OpenApiParameter["in"],
        value: (s: JsonSchema, c: Ctx) => fc.Arbitrary<string>,
      ) => {
        const params = op.parameters.filter((p) => p.in === where);
        const model = Object.fromEntries(
          params.map((p) => [
            p.name,
            value(p.schema ?? {}, ctx(p.name, target === `${where}:${p.name}` ? 1 : 0)),
          ]),
        );
        // A targeted parameter is always sent; the others when required, or half of the time.
        const required = params
          .filter((p) => p.required || target === `${where}:${p.name}`)
          .map((p) => p.name);
        return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, string>>;
      };
      const validBody = op.body ? valueFor(op.body, ctx(undefined, 0)) : null;
      const body: fc.Arbitrary<Body | null> =
        target === "junk body"
          ? junkBody
          : target === "odd body" && op.body
            ? jsonBody(valueFor(op.body, ctx(undefined, 2)))
            : validBody && target === "body"
              ? jsonBody(withOneOddPart(validBody))
              : validBody
                ? jsonBody(validBody)
                : fc.constant(null);
      return fc
        .record({
          path: part("path", urlValue),
          query: part("query", urlValue),
          headers: part("header", headerValue),
          stray: target === "stray" ? strayHeaders : fc.constant({}),
          strayQuery: target === "stray" ? fc.option(strayQuery) : fc.constant(null),
          body,
        })
        .map(({ path, query, headers, stray, strayQuery, body }) => {
          const pathname = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? "x");
          const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
          if (strayQuery) pairs.push(`${strayQuery[0]}=${strayQuery[1]}`);
          const request: FuzzRequest = {
            method: op.method,
            url: pairs.length ? `${pathname}?${pairs.join("&")}` : pathname,
            headers: { ...stray, ...headers },
          };
          if (body) {
            request.payload = body.payload;
            request.headers["content-type"] = body.type;
          }
          return request;
        });
    }),
  );
}
