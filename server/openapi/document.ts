import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import type { RouteOptions } from "fastify";
import { createJsonSchemaTransformObject, jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { errorBodySchema } from "../errors.ts";
import { ADDRESS_COOKIE } from "../modules/geo/index.ts";
import { ANONYMOUS_COOKIE, CSRF_HEADER, USER_COOKIE } from "../modules/sessions/index.ts";
import type { RateLimitRule } from "../platform/rate-limit.ts";
import { ERROR_REASONS, type ErrorReasonName } from "./error-answers.ts";
import { withAnswerExamples } from "./examples.ts";
import { contractOf, type OperationContract, type RouteFacts, SCHEMES } from "./route-contract.ts";

/**
 * The OpenAPI document served at GET /openapi.json: @fastify/swagger walks the routes, their zod schemas become
 * JSON Schema (fastify-type-provider-zod), and the parts every operation shares are added here from each route's
 * config (route-contract.ts): security, error answers, redirects, descriptions of the spec's headers. Nothing is
 * written beside the routes by hand. docs/adr/0019-openapi-document-as-a-product.md says why.
 */

type Json = Record<string, unknown>;

/** Answers computed in `transform` (which sees the route) and put in place in `transformObject`. */
const ANSWERS = "x-nightcap-answers";

const DESCRIPTION = `The storefront's JSON API, shared by the web storefront and the mobile apps (spec §7). Money is
integer cents; times are ISO 8601.

**Who is calling.** Web calls ride on cookies: the session (\`${USER_COOKIE}\`, set by the sign-in calls) and the
anonymous visitor (\`${ANONYMOUS_COOKIE}\`, set on the first page visit or the first cart write, which carries a
guest's cart). The apps send \`x-platform: ios\` or \`android\` to the sign-in calls, get the session token in the
answer's body, and send it back as \`x-user\`. Each operation's \`security\` lists the ways to call it; \`{}\` among
them means "no credentials needed".

**CSRF.** Every POST, PUT, PATCH and DELETE riding on a cookie must send the token of \`GET /auth/session\`
(\`csrfToken\`) in \`${CSRF_HEADER}\`; answers that change the session hand out the next one in the same header.
Calls with \`x-user\` and calls without cookies need none. Read-only POSTs (search, filters, brand pages) need none.
A request from another site's page is refused (403 \`cross_site\`).

**Errors.** Every 4xx and 5xx answer is \`{"error":{"code","message"}}\` (the \`Error\` schema): \`code\` is stable
for programs, \`message\` is a sentence for the shopper. Each operation lists the errors it can answer; 429 answers
carry \`Retry-After\` (seconds). Before any operation, the server refuses a request line and headers over 16 KiB
together (a very long path included) with 431 \`headers_too_large\`, and a request it cannot read as HTTP with 400
\`bad_request\`, in the same shape, and closes the connection.

**Versions.** Versions are per call, not per API, as the apps' spec names them: a call whose contract had to
change incompatibly got a new path beside the old one (\`/menu/cart/v2\`, \`/menu/main/v4\`, \`/menu/search/v4\`,
\`/order/v3\`), and so will the next one; paths without a version are version 1. Product and brand-page calls
take \`Accept-Version: 4\`, the only version served (absent means 4; anything else answers 400). Under one path an
operation only changes compatibly: it may gain optional parameters and request fields, accept wider values, and
answer with more fields and other error statuses, so clients ignore answer fields they do not know (answers are
not closed with \`additionalProperties: false\`) and handle any error \`code\`. It never loses an operation, a
parameter or an answer field, never adds a required parameter or request field, narrows what a request may send,
changes a type, a success status or an \`operationId\`, nor adds or removes a value of an answer's enum. A path
replaced by a new version stays, marked \`deprecated\`, while apps in use still call it. \`info.version\` is this
document's version.

**Store and position.** Priced answers are for one store: \`x-store-id\`, else \`lat\`/\`lng\` (header or query),
else the saved address; \`GET /menu/vendor\` says which store serves a position. The saved address is the
\`${ADDRESS_COOKIE}\` cookie \`POST /order/address\` sets (a year), which checkout delivers to: the apps keep it as a
browser does.`;

/** What the spec's shared headers and query parameters mean, added where an operation takes them. */
const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  "header x-platform":
    "ios, android or web (the default). On sign-in calls the apps get the session token in the body, not a cookie.",
  "header x-multi-store":
    "true: the shopper accepts a cart from two stores (a split order). Without it, adding an item from a second " +
    "store answers 409 split_cart_required.",
  "header x-store-id":
    "The store to price and stock from (`store_id` of GET /menu/vendor); wins over lat/lng.",
  "header lat": "The shopper's latitude (decimal degrees), to pick the store delivering there; send lng too.",
  "header lng":
    "The shopper's longitude (decimal degrees), to pick the store delivering there; send lat too.",
  "query lat": "The shopper's latitude (decimal degrees), as the lat header.",
  "query lng": "The shopper's longitude (decimal degrees), as the lng header.",
  "header accept-version": "4, the only version served (spec §7); absent means 4.",
};

/** The headers security schemes stand for: described there, not as parameters. */
const SCHEME_HEADERS = new Set(["x-user", CSRF_HEADER]);

export const TAGS = [
  {
    name: "accounts: sign-in",
    description: "Sign up, log in (password, emailed code, social, merchant sign-on), log out.",
  },
  {
    name: "accounts: users",
    description: "The signed-in user: profile, preferences, devices, PIN, merchant mode.",
  },
  {
    name: "age",
    description:
      "Age verification by ID scan: the cart's ID check, the scanner's reading of a licence's barcode (decided on the server, never kept), its outcome.",
  },
  {
    name: "address",
    description: "The delivery address, the store serving it and its delivery availability.",
  },
  {
    name: "cart",
    description: "The server-side cart of the shopper or the anonymous visitor (spec §7 cart calls).",
  },
  {
    name: "catalogue",
    description: "Menu, categories, products, brands and recommendations, priced at one store.",
  },
  {
    name: "chat",
    description:
      "Support chat: the shopper's widget (their thread, live messages, unread count) and anonymous visitors' messages left with an email; staff answer in the console.",
  },
  {
    name: "console",
    description:
      "The store console: store staff (their store) and administrators (any) see orders and move them (accept, dispatch, deliver, fail, cancel, refund), report short lines while picking, and drive them (the driver view, position reports); every action is audited.",
  },
  {
    name: "favourites",
    description:
      "The products a signed-in shopper hearted: the SKU set the storefront's hearts read, the list, heart and un-heart.",
  },
  { name: "content", description: "Texts, city pages, brand fragments, the sitemap and robots.txt." },
  {
    name: "development only",
    description:
      "The demo merchant's postback receiver: in development, tests and on the embedded default, never on a real database in production.",
  },
  {
    name: "gifts",
    description:
      "A gift's recipient, from the link's token (no account): the gift, when its store can bring it before it lapses, and the claim.",
  },
  { name: "images", description: "Generated product and category images (SVG)." },
  {
    name: "payments",
    description:
      "Saved cards and how the store takes cards: card numbers go to the payment provider's own page, never to this API.",
  },
  {
    name: "checkout",
    description: "Placing the cart as orders under one payment, 3-D Secure, the payment provider's webhook.",
  },
  {
    name: "orders",
    description:
      "The user's orders: history, detail and status; what may change before dispatch; tips, ratings and feedback after delivery.",
  },
  {
    name: "reviews",
    description: "Product ratings and reviews, written only by shoppers who received the product.",
  },
  {
    name: "loyalty",
    description:
      "The loyalty programme (points from completed orders and one-off actions, tiers, redeeming points into store credit, staff adjustments) and the giveaway (its configuration, a shopper's entries, the administrators' settings and recorded draw).",
  },
  {
    name: "notifications",
    description:
      "Push notifications of an order's status changes: the device's push token (a Web Push subscription on the web) and the VAPID key a page subscribes with.",
  },
  {
    name: "substitutions",
    description:
      "Items the store found short while picking: the shopper reviews them (remove, keep the in-stock part, replace, reset) and the order's lines and money follow.",
  },
  {
    name: "analytics",
    description:
      "Analytics events and page views (`POST /e`, batched by the storefront and sent with sendBeacon), and the console's funnel and searches that found nothing.",
  },
  {
    name: "banners",
    description:
      "Our own banner placement service (`mc/serve?u=`): placements by location, categories and row, their impressions and clicks, and the console's banners.",
  },
  {
    name: "round-up",
    description: "The round-up donation: organisations, the shopper's choice, what they gave.",
  },
  {
    name: "promos",
    description: "Promo codes, the signup offer and store credit (a ledger).",
  },
  {
    name: "referrals",
    description:
      "Share links: the signed-in shopper's code and link, the friends who signed up through it and whether they earned credit.",
  },
  {
    name: "enquiries",
    description:
      "What visitors send us: the lead-capture prompt's email, partner stores, business accounts and job applications; staff read them in the console.",
  },
  {
    name: "messages",
    description:
      "The local mailbox: emails and texts kept on this machine when no provider is configured (never on a real database in production).",
  },
  { name: "search", description: "Full-text search and filtered listings (read-only POSTs: no CSRF token)." },
];

export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  const origin = config.publicOrigin?.replace(/\/$/, "");
  return {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Nightcap API",
        version: "1.0.0",
        description: DESCRIPTION,
        license: {
          name: "Proprietary: use is governed by the Nightcap terms of service",
          url: `${origin ?? ""}/terms-of-service`,
        },
      },
      servers: [
        origin
          ? { url: origin, description: "The storefront's public origin" }
          : { url: "/", description: "The server this document was fetched from" },
      ],
      tags: TAGS,
      components: {
        securitySchemes: {
          [SCHEMES.session]: {
            type: "apiKey",
            in: "cookie",
            name: USER_COOKIE,
            description: "The web session, set by the sign-in calls (HttpOnly, a year).",
          },
          [SCHEMES.visitor]: {
            type: "apiKey",
            in: "cookie",
            name: ANONYMOUS_COOKIE,
            description: "The anonymous visitor, set on the first page visit or cart write: a guest's cart.",
          },
          [SCHEMES.mobile]: {
            type: "apiKey",
            in: "header",
            name: "x-user",
            description: "The apps' session token, from the body of a sign-in answer sent with x-platform.",
          },
          [SCHEMES.csrf]: {
            type: "apiKey",
            in: "header",
            name: CSRF_HEADER,
            description: "The CSRF token of GET /auth/session, bound to the session or visitor cookie.",
          },
        },
        schemas: { Error: z.toJSONSchema(errorBodySchema, { target: "openapi-3.0" }) as Json },
        headers: {
          RetryAfter: {
            description: "Seconds to wait before trying again.",
            schema: { type: "integer", minimum: 1 },
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input as never) as { schema: Json & { hide?: boolean }; url: string };
      if (out.schema.hide) return out;
      const route = input.route as RouteOptions;
      const contract = contractOf(route as unknown as RouteFacts);
      return {
        url: out.url,
        schema: { ...out.schema, security: contract.security, [ANSWERS]: answersOf(contract, route) },
      };
    },
    transformObject: (document) => finishDocument(withNamedSchemas(document)),
  };
}

interface Answers {
  redirect?: string;
  errors: Record<string, Json>;
  reasons: ErrorReasonName[];
}

function answersOf(contract: OperationContract, route: RouteOptions): Answers {
  const errors: Record<string, Json> = {};
  for (const [status, answer] of contract.errors) {
    const sentences = answer.map(({ reason, note }) => note ?? ERROR_REASONS[reason].when);
    if (status === 429) sentences.push(limitsText(contract.rateLimits));
    errors[status] = {
      description: sentences.join(" "),
      ...(status === 429 ? { headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } } : {}),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          examples: Object.fromEntries(
            answer.map(({ reason }) => [reason, { $ref: `#/components/examples/${reason}` }]),
          ),
        },
      },
    };
  }
  const reasons = [...contract.errors.values()].flatMap((answer) => answer.map((a) => a.reason));
  return { redirect: route.config?.redirects, errors, reasons };
}

function limitsText(rules: readonly RateLimitRule[]): string {
  const each = rules.map((r) => `${r.name} ${r.limit} per ${Math.round(r.windowMs / 60_000)} min`);
  return `Counters (fixed windows): ${each.join("; ")}.`;
}

/** The zod schemas named with `.meta({ id })` (global registry) as components, input ones suffixed `Input`. */
const namedSchemas = createJsonSchemaTransformObject({});

/**
 * The document with the named schemas its operations refer to, directly or through another named schema. The
 * registry holds every named schema loaded, each in an input and an output version; unused ones are left out.
 */
function withNamedSchemas(document: Parameters<typeof namedSchemas>[0]): Json {
  const doc = namedSchemas(document) as Json;
  const own = new Set(
    Object.keys(((document as { openapiObject: Json }).openapiObject.components as Json)?.schemas ?? {}),
  );
  const schemas = (doc.components as Json).schemas as Record<string, Json>;
  const used = namedSchemasUnder(doc.paths, schemas);
  unwrapLoneRefs(doc);
  nullableAsOpenApi303(doc);
  openAnswers(doc, schemas);
  (doc.components as Json).schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => own.has(name) || used.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return doc;
}

/** The named schemas `value` refers to, directly or through another named schema. */
function namedSchemasUnder(
  value: unknown,
  schemas: Record<string, Json>,
  found = new Set<string>(),
): Set<string> {
  if (Array.isArray(value)) for (const item of value) namedSchemasUnder(item, schemas, found);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith("#/components/schemas/")) {
        const name = child.slice("#/components/schemas/".length);
        if (!found.has(name)) {
          found.add(name);
          namedSchemasUnder(schemas[name], schemas, found);
        }
      } else namedSchemasUnder(child, schemas, found);
    }
  }
  return found;
}

/**
 * Answers may gain fields without a new version (docs/adr/0058-api-versioning.md), so their objects must not say
 * `additionalProperties: false` (zod's output of every object): a client validating strictly against the
 * document would refuse the next field added. The flag is dropped from every answer and from the named schemas
 * only answers use; request bodies keep it where the route refuses unknown fields (search filters).
 */
function openAnswers(doc: Json, schemas: Record<string, Json>): void {
  const operations = Object.values(doc.paths as Record<string, Record<string, Json>>).flatMap(Object.values);
  const requestSchemas = namedSchemasUnder(
    operations.map((operation) => [operation.parameters, operation.requestBody]),
    schemas,
  );
  for (const operation of operations) dropClosedObjects(operation.responses);
  for (const [name, schema] of Object.entries(schemas))
    if (!requestSchemas.has(name)) dropClosedObjects(schema);
}

function dropClosedObjects(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) dropClosedObjects(item);
  else if (value && typeof value === "object") {
    const schema = value as Json;
    if (schema.additionalProperties === false) delete schema.additionalProperties;
    for (const child of Object.values(schema)) dropClosedObjects(child);
  }
}

/** A schema that accepts null and nothing else (OpenAPI 3.0 has no `type: "null"`). */
const nullOnly = (): Json => ({ type: "string", nullable: true, enum: [null] });

/**
 * Makes `nullable: true` say what zod means by it, as OpenAPI 3.0.3 reads the keyword: it only adds null to the
 * `type` of its own schema, and every other keyword beside it still applies to null. So:
 * - a nullable enum (`z.enum([…]).nullable()`) lists null among its values, else the enum refuses null;
 * - a nullable named object (`addressSchema.nullable()`, written `{ nullable: true, allOf: [{ $ref }] }`) or
 *   nullable union (`{ nullable: true, anyOf: […] }`) becomes `anyOf: [the schemas, nullOnly()]`, since the
 *   referenced schema refuses null whatever its neighbour says (and `nullable` without a `type` means nothing).
 * A strict validator (Ajv) then accepts exactly the answers the server sends, and generated clients still read
 * `X | null`.
 */
function nullableAsOpenApi303(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) nullableAsOpenApi303(item);
  else if (value && typeof value === "object") {
    const schema = value as Json;
    for (const child of Object.values(schema)) nullableAsOpenApi303(child);
    if (schema.nullable !== true) return;
    // A new array: zod may share one enum's values between a nullable and a non-nullable place.
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    const { allOf, anyOf, oneOf } = schema as { allOf?: Json[]; anyOf?: Json[]; oneOf?: Json[] };
    const members = oneOf ?? anyOf ?? (allOf && allOf.length > 1 ? [{ allOf }] : allOf);
    if (!members) return;
    for (const key of ["nullable", "type", "allOf", "anyOf", "oneOf"]) delete schema[key];
    schema[oneOf ? "oneOf" : "anyOf"] = [...members, nullOnly()];
  }
}

/**
 * A schema that only refers to a named one (`z.lazy(() => copyTextsSchema)` inside a recursive schema) comes out
 * as `{ allOf: [{ $ref }] }` for OpenAPI 3.0; Redocly's no-illogical-composition-keywords wants the `$ref` itself.
 */
function unwrapLoneRefs(value: unknown): void {
  if (!value || typeof value !== "object") return;
  const node = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(node)) {
    const allOf =
      child && typeof child === "object" && Object.keys(child).length === 1 ? (child as Json).allOf : null;
    const ref = Array.isArray(allOf) && allOf.length === 1 ? (allOf[0] as Json) : null;
    if (ref && Object.keys(ref).length === 1 && typeof ref.$ref === "string") node[key] = ref;
    unwrapLoneRefs(node[key]);
  }
}

/**
 * Puts each operation's answers in place, with the examples they use (an error's by its reason, a success's
 * sampled from its schema), and describes the shared parameters.
 */
function finishDocument(doc: Json): Json {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const used = new Set<ErrorReasonName>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const answers = operation[ANSWERS] as Answers | undefined;
      delete operation[ANSWERS];
      if (!answers) continue;
      const responses = { ...(operation.responses as Record<string, Json>) };
      if (answers.redirect) {
        delete responses["200"];
        responses["302"] = {
          description: answers.redirect,
          headers: { Location: { description: "Where to go next.", schema: { type: "string" } } },
        };
      }
      operation.responses = { ...responses, ...answers.errors };
      for (const reason of answers.reasons) used.add(reason);
      const parameters = (operation.parameters as Json[] | undefined)
        ?.filter((p) => !(p.in === "header" && SCHEME_HEADERS.has(String(p.name))))
        .map((p) => {
          const description = PARAMETER_DESCRIPTIONS[`${p.in} ${p.name}`];
          return description && !p.description ? { ...p, description } : p;
        });
      if (parameters && parameters.length > 0) operation.parameters = parameters;
      else delete operation.parameters;
    }
  }
  withAnswerExamples(doc);
  const components = doc.components as Json;
  components.examples = Object.fromEntries(
    Object.entries(ERROR_REASONS)
      .filter(([name]) => used.has(name as ErrorReasonName))
      .map(([name, reason]) => [
        name,
        { summary: `${reason.status} ${reason.example.code}`, value: { error: reason.example } },
      ]),
  );
  return doc;
}
