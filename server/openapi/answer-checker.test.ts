import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type AnswerDocument, answerChecker } from "#tests/support/openapi-answers.ts";

/**
 * The checker the fuzz test (server/openapi-fuzz.test.ts) reads every success answer with: it must refuse what the
 * document does not describe, read OpenAPI 3.0's dialect as the standard does, and compile every schema of the
 * real document.
 */

const THING = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string" },
    count: { type: "integer", minimum: 0, exclusiveMinimum: true },
    at: { type: "string", format: "date-time" },
    colour: { type: "string", nullable: true, enum: ["red", "blue", null] },
    parent: {
      anyOf: [{ $ref: "#/components/schemas/Ref" }, { type: "string", nullable: true, enum: [null] }],
    },
  },
  required: ["id", "name", "count", "at", "colour", "parent"],
  additionalProperties: false,
  example: { id: "not checked: an annotation" },
};

const docWith = (thing: object): AnswerDocument => ({
  openapi: "3.0.3",
  paths: {
    "/things/{id}": {
      get: {
        responses: {
          "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
          "404": { content: { "application/json": { schema: { type: "object" } } } },
        },
      },
      delete: { responses: { "204": {} } },
    },
    "/things/{id}/label": {
      get: { responses: { "200": { content: { "text/plain": { schema: { type: "string" } } } } } },
    },
  },
  components: {
    schemas: {
      Thing: thing,
      Ref: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    },
  },
});

const DOC = docWith(THING);

const GOOD = {
  id: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
  name: "Flask",
  count: 2,
  at: "2026-11-28T10:00:00.000Z",
  colour: null,
  parent: null,
};

const small = answerChecker(DOC);

const thing = (body: unknown, over: { status?: number; contentType?: string } = {}) =>
  small.check({
    method: "GET",
    path: "/things/{id}",
    status: over.status ?? 200,
    contentType: over.contentType ?? "application/json; charset=utf-8",
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("the answer checker", () => {
  it("accepts an answer its schema describes, nullable parts null or not", () => {
    expect(thing(GOOD)).toBeNull();
    expect(thing({ ...GOOD, colour: "red", parent: { id: "p1" } })).toBeNull();
  });

  it("refuses a wrong-typed field, naming the operation, the status and Ajv's error", () => {
    expect(thing({ ...GOOD, count: "2" })).toBe(
      'GET /things/{id} → 200: the answer is outside its schema:\n  body/count must be integer {"type":"integer"}',
    );
  });

  it("refuses a missing required field, a field the schema does not have, and a wrong referenced object", () => {
    const { name: _, ...nameless } = GOOD;
    expect(thing(nameless)).toContain("body must have required property 'name'");
    expect(thing({ ...GOOD, secret: "leaked" })).toContain("body must NOT have additional properties");
    expect(thing({ ...GOOD, parent: { name: "no id" } })).toContain(
      "body/parent must have required property 'id'",
    );
  });

  it("reads OpenAPI 3.0's dialect: boolean exclusiveMinimum, formats, enums that must list null to take it", () => {
    expect(thing({ ...GOOD, count: 0 })).toContain("body/count must be > 0");
    expect(thing({ ...GOOD, at: "yesterday" })).toContain('body/at must match format "date-time"');
    expect(thing({ ...GOOD, id: "42" })).toContain('body/id must match format "uuid"');
    expect(thing({ ...GOOD, colour: "green" })).toContain(
      "body/colour must be equal to one of the allowed values",
    );
    // OpenAPI 3.0.3: `nullable` adds null to the type only; an enum without null still refuses it.
    const colour = { type: "string", nullable: true, enum: ["red", "blue"] };
    const strictEnum = docWith({ ...THING, properties: { ...THING.properties, colour } });
    const check = answerChecker(strictEnum).check({
      method: "GET",
      path: "/things/{id}",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify(GOOD),
    });
    expect(check).toContain("body/colour must be equal to one of the allowed values");
  });

  it("refuses a status, a media type or a body the document does not list", () => {
    expect(thing(GOOD, { status: 201 })).toBe(
      "GET /things/{id} → 201: the operation does not list this status",
    );
    expect(thing(GOOD, { contentType: "text/html" })).toBe(
      "GET /things/{id} → 200: answered text/html, the document says application/json",
    );
    expect(thing("{not json")).toContain("application/json that is not JSON");
    const checker = small;
    expect(checker.check({ method: "DELETE", path: "/things/{id}", status: 204, body: "" })).toBeNull();
    expect(checker.check({ method: "DELETE", path: "/things/{id}", status: 204, body: "{}" })).toContain(
      "a body, where the document describes none",
    );
    expect(checker.check({ method: "GET", path: "/nothing", status: 200, body: "" })).toContain(
      "the document has no such operation",
    );
    const label = { method: "GET", path: "/things/{id}/label", status: 200, contentType: "text/plain" };
    expect(checker.check({ ...label, body: "Flask" })).toBeNull();
  });

  it("fails loudly on a keyword it does not read, and on a document that is not OpenAPI 3.0", () => {
    const odd = docWith({ ...THING, discriminator: { propertyName: "name" } });
    expect(() =>
      answerChecker(odd).check({
        method: "GET",
        path: "/things/{id}",
        status: 200,
        contentType: "application/json",
        body: "{}",
      }),
    ).toThrow(/unknown keyword: "discriminator"/);
    expect(() => answerChecker({ ...DOC, openapi: "3.1.0" })).toThrow(/reads OpenAPI 3.0 schemas/);
  });
});

describe("the answer checker over the API's document (docs/openapi.json)", () => {
  const doc: AnswerDocument = JSON.parse(
    readFileSync(new URL("../../docs/openapi.json", import.meta.url), "utf8"),
  );
  const checker = answerChecker(doc);

  it("compiles every answer's schema of every operation", () => {
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          for (const contentType of Object.keys(answer.content ?? {})) {
            // Whatever it says of the body, the schema compiled (an unreadable one throws).
            checker.check({ method, path, status: Number(status), contentType, body: "0" });
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("takes null where the server sends it: a nullable named object, a nullable enum", () => {
    const address = { method: "GET", path: "/order/address", status: 200, contentType: "application/json" };
    expect(checker.check({ ...address, body: '{"address":null}' })).toBeNull();
    expect(checker.check({ ...address, body: '{"address":{"zip":"10001"}}' })).toContain(
      "body/address must have required property",
    );
    const status = {
      _id: "o1",
      order_status: 0,
      shipping_status: null,
      eta: null,
      driver: null,
      tracking_state: null,
      failed_status: null,
      active: true,
      substitution_status: null,
    };
    const tracking = {
      method: "GET",
      path: "/order/status/{id}",
      status: 200,
      contentType: "application/json",
    };
    expect(checker.check({ ...tracking, body: JSON.stringify(status) })).toBeNull();
    expect(
      checker.check({ ...tracking, body: JSON.stringify({ ...status, order_status: "placed" }) }),
    ).toContain("body/order_status must be number");
  });
});
