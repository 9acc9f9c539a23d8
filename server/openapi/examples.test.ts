import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "#db/seed/products.ts";
import { readSourceFiles, resolveCatalogueDir } from "#db/seed/source-files.ts";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import { renderApiReference } from "../api-reference.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { cartExample } from "./answer-examples.ts";
import { isJson } from "./examples.ts";

interface Media {
  schema?: object;
  example?: unknown;
}
interface Doc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, Media> }> }>
  >;
  components: { schemas: Record<string, { example?: unknown }> };
}

let t: TestDb;
let doc: Doc;
/** Every success answer with a JSON body: where it is, and its media type object. */
let answers: { where: string; pointer: string; operationId: string; media: Media }[];
let validate: (pointer: string, value: unknown) => string[];

beforeAll(async () => {
  t = await openTestDb("pglite");
  const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
  try {
    doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
  } finally {
    await app.close();
  }
  answers = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) =>
      Object.entries(op.responses)
        .filter(([status]) => /^2\d\d$/.test(status))
        .flatMap(([status, answer]) =>
          Object.entries(answer.content ?? {})
            .filter(([type]) => isJson(type))
            .map(([type, media]) => ({
              where: `${method.toUpperCase()} ${path} ${status} ${type}`,
              pointer: ["paths", path, method, "responses", status, "content", type, "schema"]
                .map((s) => encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1")))
                .join("/"),
              operationId: op.operationId,
              media,
            })),
        ),
    ),
  );
  validate = schemaValidator(doc);
});
afterAll(async () => {
  await t?.close();
});

/**
 * Ajv over the whole document, as OpenAPI 3.0.3 reads its schemas: JSON Schema draft 04 (boolean
 * `exclusiveMinimum`), `nullable` beside `type`, `readOnly` as an annotation; strict, so a keyword nothing here
 * reads fails instead of being skipped. The examples are left out of what Ajv holds: it would walk into them and
 * take an example's `id` field for a draft-04 schema id.
 */
function schemaValidator(document: Doc) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  for (const keyword of ["readOnly", "writeOnly", "deprecated", "paths", "components"]) {
    ajv.addKeyword({ keyword });
  }
  const { paths, components } = withoutExamples(document) as Doc;
  ajv.addSchema({ paths, components }, "openapi.json");
  return (pointer: string, value: unknown): string[] => {
    const check = ajv.getSchema(`openapi.json#/${pointer}`);
    if (!check) throw new Error(`no schema at ${pointer}`);
    if (check(value)) return [];
    return (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
  };
}

/** A copy without `example` keywords (a property named example, under `properties`, stays). */
function withoutExamples(value: unknown, underProperties = false): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutExamples(item));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => underProperties || key !== "example")
      .map(([key, child]) => [key, withoutExamples(child, !underProperties && key === "properties")]),
  );
}

describe("the examples of the success answers", () => {
  it("are on every success answer with a JSON body (the media type's example)", () => {
    expect(answers.length).toBeGreaterThan(150);
    const without = answers.filter(({ media }) => media.example === undefined).map(({ where }) => where);
    expect(without).toEqual([]);
  });

  it("each validate against the answer's own schema", () => {
    const invalid = answers.flatMap(({ where, pointer, media }) =>
      validate(pointer, media.example).map((error) => `${where}: ${error}`),
    );
    expect(invalid).toEqual([]);
    // The check can fail: the cart's example with its total as a string, or without a field the schema requires.
    // (A field the schema lacks is allowed: answers are open to added fields, docs/adr/0058-api-versioning.md.)
    const cart = answers.find(({ operationId }) => operationId === "getCart")!;
    expect(validate(cart.pointer, { ...cartExample, total: "72.96" })).toEqual(["/total must be integer"]);
    const { total: _total, ...withoutTotal } = cartExample;
    expect(validate(cart.pointer, withoutTotal).join()).toContain("must have required property 'total'");
    expect(validate(cart.pointer, { ...cartExample, internal_note: "x" })).toEqual([]);
  });

  it("give the named schemas their own examples, valid against them, and use them inside answers", () => {
    const named = Object.entries(doc.components.schemas).filter(([, schema]) => schema.example !== undefined);
    expect(named.map(([name]) => name)).toEqual(
      expect.arrayContaining(["Cart", "CartProduct", "Category", "Order", "Product", "User"]),
    );
    for (const [name, schema] of named) {
      expect(validate(`components/schemas/${name}`, schema.example), name).toEqual([]);
    }
    const example = (operationId: string) =>
      answers.find((answer) => answer.operationId === operationId)?.media.example;
    expect(example("getCart")).toEqual(doc.components.schemas.Cart.example);
    // A list shows one item of its shape, with that shape's example.
    expect(example("getProducts")).toEqual({ products: [doc.components.schemas.Product.example] });
    // Fields no named schema covers are generated from their type, format and the helpers' examples (instant()).
    expect(example("getSession")).toEqual(doc.components.schemas.SessionInfo.example);
    expect(example("listSessions")).toEqual([
      expect.objectContaining({ id: expect.any(String), createdAt: "2026-11-29T01:23:05.253Z" }),
    ]);
  });

  it("name only products of the seeded catalogue, under their titles", () => {
    const catalogue = new Map(
      buildCatalogue(readSourceFiles(resolveCatalogueDir())).products.map((p) => [p.sku_id, p.title]),
    );
    const named: { sku_id: string; title?: unknown }[] = [];
    const visit = (value: unknown) => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (value && typeof value === "object") {
        const node = value as Record<string, unknown>;
        if (typeof node.sku_id === "string" && node.sku_id !== "string") named.push(node as never);
        for (const child of Object.values(node)) visit(child);
      }
    };
    visit(answers.map(({ media }) => media.example));
    visit(Object.values(doc.components.schemas).map((schema) => schema.example));
    expect(named.length).toBeGreaterThan(10);
    for (const product of named) {
      expect(catalogue.has(product.sku_id), product.sku_id).toBe(true);
      if (typeof product.title === "string") expect(product.title).toBe(catalogue.get(product.sku_id));
    }
  });

  it("are shown in docs/API.md, under each operation", () => {
    const reference = renderApiReference(doc as never);
    for (const { operationId, media } of answers) {
      const section = reference.split(`\n### ${operationId}\n`)[1]?.split("\n### ")[0];
      expect(section, operationId).toContain(`\`\`\`json\n${JSON.stringify(media.example, null, 2)}\n\`\`\``);
    }
    expect(reference).toContain("| [`getCart`](#getcart) |");
  });
});
