import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type BreakingChange,
  breakingChanges,
  judge,
  RELEASED_DOCUMENT,
  verdictProblems,
} from "#scripts/api-compatibility.ts";

/** A released document in small: a body, a query parameter, named answers with an enum, a recursive schema, errors. */
function released() {
  const error = {
    description: "Refused.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  return {
    openapi: "3.0.3",
    info: { title: "Nightcap API", version: "1.0.0" },
    paths: {
      "/auth/login": {
        post: {
          operationId: "logIn",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    username: { type: "string", maxLength: 254 },
                    password: { type: "string", maxLength: 128 },
                    platform: { type: "string", enum: ["ios", "android", "web"] },
                  },
                  required: ["username", "password"],
                },
              },
            },
          },
          responses: {
            "200": {
              description: "Signed in.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/LoggedIn" } } },
            },
            "401": error,
          },
        },
      },
      "/order/detail": {
        get: {
          operationId: "getOrderDetail",
          parameters: [
            { in: "query", name: "id", required: true, schema: { type: "string", maxLength: 100 } },
          ],
          responses: {
            "200": {
              description: "The order.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } },
            },
            "404": error,
          },
        },
      },
    },
    components: {
      schemas: {
        LoggedIn: {
          type: "object",
          properties: { token: { type: "string" }, firstname: { type: "string" } },
          required: ["token", "firstname"],
        },
        Order: {
          type: "object",
          properties: {
            id: { type: "string" },
            order_status: { type: "integer", enum: [-1, 0, 1, 2] },
            total: { type: "integer", description: "Cents." },
            note: { type: "string", nullable: true },
            category: { $ref: "#/components/schemas/Category" },
          },
          required: ["id", "order_status", "total", "note"],
        },
        Category: {
          type: "object",
          properties: {
            name: { type: "string" },
            subcategories: { type: "array", items: { $ref: "#/components/schemas/Category" } },
          },
          required: ["name", "subcategories"],
        },
        Error: {
          type: "object",
          properties: {
            error: {
              type: "object",
              properties: { code: { type: "string" }, message: { type: "string" } },
              required: ["code", "message"],
            },
          },
          required: ["error"],
        },
      },
    },
  };
}

type Doc = ReturnType<typeof released>;
type Schema = { properties: Record<string, Record<string, unknown>>; required: string[] };
const loginBody = (d: Doc) =>
  d.paths["/auth/login"].post.requestBody.content["application/json"].schema as unknown as Schema;
const order = (d: Doc) => d.components.schemas.Order as unknown as Schema;

function changedBy(change: (d: Doc) => void): Doc {
  const d = released();
  change(d);
  return d;
}

const summary = (changes: BreakingChange[]) => changes.map((c) => `${c.operation}: ${c.change}`);

describe("breaking changes to released operations", () => {
  it("finds none between a document and itself", () => {
    expect(breakingChanges(released(), released())).toEqual([]);
  });

  it.each<[string, (d: Doc) => void, string[]]>([
    [
      "a removed operation",
      (d) => delete (d.paths as Partial<Doc["paths"]>)["/order/detail"],
      ["GET /order/detail: remove operation"],
    ],
    [
      "a removed answer field",
      (d) => {
        delete order(d).properties.total;
        order(d).required = order(d).required.filter((name) => name !== "total");
      },
      [
        "GET /order/detail: remove responses/200/content/application/json/schema/properties/total",
        'GET /order/detail: remove responses/200/content/application/json/schema/required "total"',
      ],
    ],
    [
      "a new required request field",
      (d) => {
        loginBody(d).properties.otp = { type: "string" };
        loginBody(d).required.push("otp");
      },
      [
        "POST /auth/login: add requestBody/content/application/json/schema/properties/otp",
        'POST /auth/login: add requestBody/content/application/json/schema/required "otp"',
      ],
    ],
    [
      "an enum value a request may no longer send",
      (d) => {
        loginBody(d).properties.platform.enum = ["ios", "android"];
      },
      ['POST /auth/login: remove requestBody/content/application/json/schema/properties/platform/enum "web"'],
    ],
    [
      "an enum value removed from an answer",
      (d) => {
        order(d).properties.order_status.enum = [-1, 0, 1];
      },
      [
        "GET /order/detail: remove responses/200/content/application/json/schema/properties/order_status/enum 2",
      ],
    ],
    [
      "an enum value added to an answer",
      (d) => {
        order(d).properties.order_status.enum = [-1, 0, 1, 2, 3];
      },
      ["GET /order/detail: add responses/200/content/application/json/schema/properties/order_status/enum 3"],
    ],
    [
      "a changed success status",
      (d) => {
        const responses = d.paths["/auth/login"].post.responses as Record<string, unknown>;
        responses["201"] = responses["200"];
        delete responses["200"];
      },
      ["POST /auth/login: remove responses/200"],
    ],
    [
      "a changed type in a query parameter",
      (d) => {
        d.paths["/order/detail"].get.parameters[0].schema = { type: "integer", maxLength: 100 };
      },
      ['GET /order/detail: replace parameters/query:id/schema/type "string" → "integer"'],
    ],
    [
      "an answer field that may now be null",
      (d) => {
        order(d).properties.total.nullable = true;
      },
      ["GET /order/detail: add responses/200/content/application/json/schema/properties/total/nullable"],
    ],
    [
      "a request field removed",
      (d) => delete loginBody(d).properties.platform,
      ["POST /auth/login: remove requestBody/content/application/json/schema/properties/platform"],
    ],
    [
      "a renamed operationId",
      (d) => {
        d.paths["/auth/login"].post.operationId = "signIn";
      },
      ['POST /auth/login: replace operationId "logIn" → "signIn"'],
    ],
    [
      "a narrower request value",
      (d) => {
        loginBody(d).properties.username.maxLength = 100;
      },
      [
        "POST /auth/login: replace requestBody/content/application/json/schema/properties/username/maxLength 254 → 100",
      ],
    ],
  ])("fails on %s", (_, change, expected) => {
    const changes = breakingChanges(released(), changedBy(change));
    expect(summary(changes)).toEqual(expected);
    expect(judge(changes, []).undeclared).toEqual(changes);
  });

  it.each<[string, (d: Doc) => void]>([
    [
      "a new optional request field",
      (d) => {
        loginBody(d).properties.remember = { type: "boolean" };
      },
    ],
    [
      "a new answer field, required or not",
      (d) => {
        order(d).properties.eta = { type: "string", format: "date-time" };
        order(d).properties.tip = { type: "integer" };
        order(d).required.push("tip");
      },
    ],
    [
      "a new operation",
      (d) => {
        (d.paths as Record<string, unknown>)["/order/v4"] = { post: { ...d.paths["/auth/login"].post } };
      },
    ],
    [
      "an enum value a request may now send, a wider request value, a request field no longer required",
      (d) => {
        loginBody(d).properties.platform.enum = ["ios", "android", "web", "watch"];
        loginBody(d).properties.username.maxLength = 500;
        loginBody(d).required = ["username"];
      },
    ],
    [
      "an error status listed or unlisted, and descriptions",
      (d) => {
        const responses = d.paths["/auth/login"].post.responses as Record<string, unknown>;
        responses["429"] = responses["401"];
        delete (d.paths["/order/detail"].get.responses as Record<string, unknown>)["404"];
        order(d).properties.total.description = "Integer cents.";
      },
    ],
    [
      "an answer field that may no longer be null",
      (d) => {
        delete order(d).properties.note.nullable;
      },
    ],
  ])("passes %s", (_, change) => {
    expect(summary(breakingChanges(released(), changedBy(change)))).toEqual([]);
  });

  it("passes a key added to an answer's example (the differ leaves it unclassified)", () => {
    const example = { id: "o1", order_status: 0, total: 100, note: null };
    const before = changedBy((d) => Object.assign(order(d), { example }));
    const after = changedBy((d) => Object.assign(order(d), { example: { ...example, tip: 0 } }));
    expect(summary(breakingChanges(before, after))).toEqual([]);
  });

  it("passes a declared breaking change, by the change printed or by a location covering it", () => {
    const changes = breakingChanges(
      released(),
      changedBy((d) => {
        delete (d.paths as Partial<Doc["paths"]>)["/order/detail"];
        loginBody(d).properties.otp = { type: "string" };
        loginBody(d).required.push("otp");
      }),
    );
    expect(changes).toHaveLength(3);
    const reason = "The apps of 2027 send a one-time code; older ones are refused by the store anyway.";
    const verdict = judge(changes, [
      { operation: "GET /order/detail", change: "remove operation", reason: "Replaced by /order/v4." },
      { operation: "POST /auth/login", change: "requestBody/content/application/json/schema", reason },
    ]);
    expect(verdict).toEqual({ undeclared: [], stale: [], incomplete: [] });
    expect(verdictProblems(verdict)).toEqual([]);

    // Declared for another operation, or for a change that is not there, or without a reason: still undeclared.
    const wrong = judge(changes, [
      { operation: "POST /auth/signup", change: "requestBody/content/application/json/schema", reason },
      { operation: "GET /order/detail", change: "remove responses/200", reason: "Gone." },
      { operation: "POST /auth/login", change: "requestBody", reason: " " },
    ]);
    expect(summary(wrong.undeclared)).toEqual(summary(changes));
    expect(wrong.stale.map((d) => d.operation)).toEqual(["POST /auth/signup", "GET /order/detail"]);
    expect(wrong.incomplete).toHaveLength(1);
  });

  it("prints the declarations to paste, which then pass", () => {
    const changes = breakingChanges(
      released(),
      changedBy((d) => delete (d.paths as Partial<Doc["paths"]>)["/order/detail"]),
    );
    const [problem] = verdictProblems(judge(changes, []));
    expect(problem).toContain("GET /order/detail: remove operation");
    const pasted = JSON.parse(problem.slice(problem.indexOf("\n[")));
    expect(judge(changes, pasted).undeclared).toEqual(changes);
    const filled = pasted.map((d: object) => ({ ...d, reason: "Nothing calls it since the apps of 2026." }));
    expect(judge(changes, filled)).toEqual({ undeclared: [], stale: [], incomplete: [] });
  });

  it("reads the real released document, recursive schemas and all", () => {
    const whole = JSON.parse(readFileSync(new URL(`../../${RELEASED_DOCUMENT}`, import.meta.url), "utf8"));
    // The operations using the recursive Category, and sign-in: the whole document takes seconds to compare.
    const paths = Object.entries(whole.paths).filter(
      ([path, item]) => path === "/auth/login" || JSON.stringify(item).includes("schemas/Category"),
    );
    expect(paths.length).toBeGreaterThan(1);
    const schemas = new Map<string, unknown>();
    const refer = (value: unknown): void => {
      for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/(\w+)"/g)) {
        if (!schemas.has(name)) {
          schemas.set(name, whole.components.schemas[name]);
          refer(whole.components.schemas[name]);
        }
      }
    };
    refer(paths);
    const doc = {
      ...whole,
      paths: Object.fromEntries(paths),
      components: { ...whole.components, schemas: Object.fromEntries(schemas) },
    };
    const changed = structuredClone(doc);
    delete changed.paths["/auth/login"].post;
    changed.components.schemas.Category.properties.zzz_added = { type: "string" };
    expect(summary(breakingChanges(doc, changed))).toEqual(["POST /auth/login: remove operation"]);
  });
});
