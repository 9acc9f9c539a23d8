import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ARTIFACTS, renderArtifacts, UNTYPED_LIST, untypedOperations } from "#scripts/api-artifacts.ts";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import { type App, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { LIMITS } from "../modules/accounts/index.ts";
import { checkDocumentedRoutes, undocumentedAnswers } from "./conformance.ts";
import { contractOf } from "./route-contract.ts";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; description?: string }[];
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: unknown; examples?: Record<string, { $ref: string }> }>;
    }
  >;
}
interface Doc {
  info: { description: string; license?: { name: string; url?: string } };
  servers?: { url: string }[];
  tags: { name: string; description: string }[];
  components: {
    securitySchemes: Record<string, { in: string; name: string }>;
    examples: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestDb;
let app: App;
let doc: Doc;
let operations: { method: string; path: string; op: Operation }[];
const op = (method: string, path: string) => doc.paths[path][method];

beforeAll(async () => {
  t = await openTestDb("pglite");
  app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
  doc = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe("the served OpenAPI document", () => {
  it("docs/openapi.json, docs/API.md and the generated client match the routes (regenerate: npm run docs:api)", async () => {
    const artifacts = await renderArtifacts(doc as never);
    for (const path of Object.values(API_ARTIFACTS)) {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"), path).toBe(artifacts[path]);
    }
  });

  it("lists in docs/openapi.untyped.txt exactly the operations answering success without a body schema", () => {
    const listed = readFileSync(new URL(`../../${UNTYPED_LIST}`, import.meta.url), "utf8").split("\n");
    expect(untypedOperations(doc as never)).toEqual(listed.filter(Boolean));
    const answer = (responses: Record<string, unknown>) => ({ get: { operationId: "x", responses } });
    const count = (responses: Record<string, unknown>) =>
      untypedOperations({ info: { title: "", version: "" }, paths: { "/x": answer(responses) } }).length;
    expect(count({ 200: { description: "Default Response" } })).toBe(1);
    expect(count({ 200: { description: "", content: { "application/json": { schema: {} } } } })).toBe(0);
    expect(count({ 204: { description: "Nothing" }, 302: { description: "Away" } })).toBe(0);
    expect(count({ 201: { description: "" }, 400: { description: "" } })).toBe(1);
  });

  it("names, tags, summarises and secures every operation", () => {
    expect(operations.length).toBeGreaterThan(60);
    const declaredTags = new Set(doc.tags.map((tag) => tag.name));
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declaredTags, where).toContain(tag);
      expect(Array.isArray(op.security), where).toBe(true);
      for (const alternative of op.security ?? []) {
        for (const scheme of Object.keys(alternative))
          expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
      }
    }
  });

  it("gives every error answer the shared Error schema and an example; 429 carries Retry-After", () => {
    for (const { method, path, op } of operations) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        `${method} ${path}`,
      ).toContain("500");
      for (const [status, answer] of errors) {
        const json = answer.content?.["application/json"];
        expect(json?.schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
        const examples = Object.values(json?.examples ?? {});
        expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const example of examples)
          expect(doc.components.examples).toHaveProperty(example.$ref.split("/").pop()!);
        if (status === "429") expect(answer.headers).toHaveProperty("Retry-After");
      }
      // 403 for CSRF and cross-site only where a state change is checked; a read may still declare its own
      // (the store console's reads are for staff only).
      const forbidden = Object.keys(op.responses["403"]?.content?.["application/json"].examples ?? {});
      if (forbidden.includes("CsrfRefused") || forbidden.includes("CrossSite"))
        expect(["post", "put", "patch", "delete"], `${method} ${path}`).toContain(method);
    }
  });

  it("names the spec's authentication functions after spec §7", () => {
    for (const name of [
      "loginV2Step1",
      "loginV2Step2",
      "linkSSOToExistingUser",
      "checkSSOUser",
      "googleToken",
      "linkGoogleToExistingUser",
    ]) {
      expect(op("post", `/auth/${name}`).operationId).toBe(name);
    }
  });

  it("lists 429 only for the rate-limited operations, with their counters", () => {
    const limited = operations.filter(({ op }) => op.responses["429"]).map(({ op }) => op.operationId);
    expect(limited.sort()).toEqual(
      [
        "addCard",
        "addPromo",
        "applyCartPromo",
        "captureLead",
        "countBannerEvent",
        "linkGoogleToExistingUser",
        "linkSSOToExistingUser",
        "logIn",
        "loginV2Step1",
        "loginV2Step2",
        "postEvents",
        "postChatMessage",
        "postVisitorChatMessage",
        "requestPasswordReset",
        "sendCustomerPin",
        "signUp",
        "submitAgeScan",
        "submitBusinessEnquiry",
        "submitJobApplication",
        "submitPartnerApplication",
        "verifyCustomerPin",
      ].sort(),
    );
    expect(op("post", "/auth/login").responses["429"].description).toContain(
      `${LIMITS.loginFailuresAccountIp.name} ${LIMITS.loginFailuresAccountIp.limit} per 15 min`,
    );
  });

  it("secures by route: signed-in, optional session, public, CSRF on cookie-riding state changes only", () => {
    expect(op("get", "/me").security).toEqual([{ sessionCookie: [] }, { mobileSession: [] }]);
    expect(Object.keys(op("get", "/me").responses)).toContain("401");
    expect(op("patch", "/me").security).toEqual([
      { sessionCookie: [], csrfToken: [] },
      { mobileSession: [] },
    ]);
    expect(op("post", "/menu/cart/v2").security).toEqual([
      {},
      { visitorCookie: [], csrfToken: [] },
      { sessionCookie: [], csrfToken: [] },
      { mobileSession: [] },
    ]);
    // Read-only POSTs: no CSRF token; an ended session and another site's page are still refused.
    const search = op("post", "/menu/search/v4");
    expect(search.security).toEqual([]);
    const examples = (status: string) =>
      Object.keys(search.responses[status].content?.["application/json"].examples ?? {});
    expect(examples("401")).toEqual(["SessionEnded"]);
    expect(examples("403")).toEqual(["CrossSite"]);
    const product = op("get", "/menu/product/{skus}");
    expect(product.security).toEqual([]);
    expect(Object.keys(product.responses)).toEqual(["200", "400", "404", "500", "503"]);
    // The headers security schemes stand for are not repeated as parameters.
    expect(op("get", "/me").parameters?.map((p) => p.name) ?? []).not.toContain("x-user");
  });

  it("leaves answers open to fields added later; request bodies that refuse unknown fields still say so", () => {
    const closed = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.some(closed)
        : !!value &&
          typeof value === "object" &&
          ((value as { additionalProperties?: unknown }).additionalProperties === false ||
            Object.values(value).some(closed));
    expect(operations.filter(({ op }) => closed(op.responses)).map(({ op }) => op.operationId)).toEqual([]);
    expect(closed(doc.components)).toBe(false);
    const search = op("post", "/menu/search/v4") as Operation & {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(search.requestBody.content["application/json"].schema.properties.filters).toMatchObject({
      additionalProperties: false,
    });
  });

  it("describes the spec's headers where they apply, the servers, the licence and the versions", () => {
    const described = (method: string, path: string, name: string) =>
      op(method, path).parameters?.find((p) => p.in === "header" && p.name === name)?.description;
    expect(described("get", "/menu/product/{skus}", "accept-version")).toMatch(/^4, the only version/);
    expect(described("post", "/menu/cart/v2", "x-multi-store")).toContain("409 split_cart_required");
    expect(described("get", "/menu/vendor", "lat")).toContain("latitude");
    expect(described("post", "/auth/login", "x-platform")).toContain("ios, android or web");
    expect(doc.servers).toEqual([{ url: "/", description: "The server this document was fetched from" }]);
    expect(doc.info.license?.name).toMatch(/terms of service/);
    expect(doc.info.description).toContain("Accept-Version: 4");
    expect(doc.info.description).toContain("/menu/cart/v2");
    expect(doc.info.description).toContain("clients ignore answer fields they do not know");
    // Redirects answer 302 with Location, not 200.
    expect(Object.keys(op("get", "/auth/sso/{provider}/start").responses)).toEqual([
      "302",
      "400",
      "404",
      "500",
      "502",
      "503",
    ]);
  });
});

describe("keeping the document honest", () => {
  const route = {
    url: "/api/x",
    method: "GET",
    schema: { operationId: "getX", summary: "X", tags: ["content"] },
  };

  it("refuses to build an app with a route that lacks an operationId, a summary, tags or auth", async () => {
    for (const [bad, message] of [
      [
        { ...route, schema: { ...route.schema, operationId: undefined } },
        /GET \/api\/x must declare schema.operationId/,
      ],
      [
        { ...route, config: { auth: "public" }, schema: { ...route.schema, summary: undefined } },
        /schema.summary/,
      ],
      [route, /config.auth/],
    ] as const) {
      const bare = Fastify();
      checkDocumentedRoutes(bare, { recordAnswers: false });
      expect(() =>
        bare.route({ ...(bad as { url: string; method: "GET" }), handler: async () => ({}) }),
      ).toThrow(message);
      await bare.close();
    }
    const twice = Fastify();
    checkDocumentedRoutes(twice, { recordAnswers: false });
    const ok = { ...route, config: { auth: "public" as const }, handler: async () => ({}) };
    twice.route(ok);
    expect(() => twice.route({ ...ok, url: "/api/y" })).toThrow(
      /unique schema.operationId \("getX" is GET \/api\/x\)/,
    );
    // Hidden routes are not documented and need nothing.
    twice.route({ url: "/api/hidden", method: "GET", schema: { hide: true }, handler: async () => ({}) });
    await twice.close();
  });

  it("records, in tests, an answer the operation does not list", async () => {
    const probe = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
    probe.get(
      "/api/probe",
      { config: { auth: "public" }, schema: { operationId: "probe", summary: "Probe", tags: ["content"] } },
      async (_req, reply) => reply.code(409).send({ error: { code: "clash", message: "Clash" } }),
    );
    const res = await probe.inject({ method: "GET", url: "/api/probe" });
    expect(res.statusCode).toBe(409);
    expect([...undocumentedAnswers]).toEqual(["GET /api/probe answered 409 clash"]);
    undocumentedAnswers.clear();
    await probe.close();
  });

  it("serialises answers through the route's success schema: unknown fields left out, a wrong shape refused", async () => {
    const probe = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
    probe.get(
      "/api/probe-answer",
      {
        config: { auth: "public" },
        schema: {
          operationId: "probeAnswer",
          summary: "Probe",
          tags: ["content"],
          querystring: z.object({ wrong: z.string().optional() }),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (req) =>
        ((req.query as { wrong?: string }).wrong
          ? { name: 7 }
          : { name: "Ann", secret: "kept on the server" }) as never,
    );
    const ok = await probe.inject({ method: "GET", url: "/api/probe-answer" });
    expect(ok.json()).toEqual({ name: "Ann" });
    expect([...undocumentedAnswers]).toEqual([]);
    const wrong = await probe.inject({ method: "GET", url: "/api/probe-answer?wrong=1" });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().error.code).toBe("internal");
    expect([...undocumentedAnswers]).toEqual([
      expect.stringMatching(/^GET \/api\/probe-answer answered outside its schema: name: /),
    ]);
    undocumentedAnswers.clear();
    await probe.close();
  });

  it("refers to a recursive named schema by its $ref (CopyTexts' nested texts), not through a lone allOf", () => {
    const schemas = (
      doc.components as unknown as {
        schemas: Record<string, { additionalProperties?: { anyOf?: unknown[] } }>;
      }
    ).schemas;
    const copy = schemas.CopyTexts;
    expect(copy.additionalProperties?.anyOf).toEqual([
      { type: "string" },
      { $ref: "#/components/schemas/CopyTexts" },
    ]);
  });

  it("derives answers from the route config: declared errors, rate limits, redirects", () => {
    const contract = contractOf({
      method: "POST",
      url: "/x",
      config: {
        auth: "optional",
        allowEndedSession: true,
        rateLimits: [LIMITS.signupsIp],
        errors: { 409: "Taken." },
      },
      schema: { body: {} },
    });
    expect([...contract.errors.keys()]).toEqual([400, 403, 409, 413, 415, 429, 500, 503]);
    expect(contract.errors.get(403)?.map((a) => a.reason)).toEqual(["CsrfRefused", "CrossSite"]);
    expect(contract.errors.get(409)).toEqual([{ reason: "Conflict", note: "Taken." }]);
    expect(contract.errors.get(400)?.map((a) => a.reason)).toEqual(["InvalidInput", "UnstorableInput"]);
    const redirect = contractOf({ method: "GET", url: "/y", config: { auth: "public", redirects: "Away." } });
    expect(redirect.success).toEqual([302]);
    // Even a route without input: the edge refuses a NUL in any header or query value.
    expect([...redirect.errors.keys()]).toEqual([400, 500, 503]);
    expect(redirect.errors.get(400)).toEqual([{ reason: "UnstorableInput" }]);
    expect(redirect.security).toEqual([]);
  });
});
