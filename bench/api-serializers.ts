/**
 * The product and search API answers under three serializers in the same run (issue 31, docs/adr/0056-api-contract.md):
 * JSON.stringify without a check (the "before"), the zod serializer the server uses, and fast-json-stringify
 * compiled from the JSON Schema the OpenAPI document publishes. The answers are what the routes' handlers return on
 * the seeded catalogue (a product page's one SKU; a search page's 60 products with facets). Measured twice: the
 * serializer alone in this process (time per answer), and over HTTP from a bare Fastify app whose
 * routes differ only by serializer (bench/serializer-server.ts), in turn over rounds. It also checks what each sends for an answer
 * that carries an unknown field or breaks the schema.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import { seedCatalogue } from "../db/seed/index.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { resolveStore } from "../server/modules/catalogue/index.ts";
import { productsBySku } from "../server/modules/catalogue/product-service.ts";
import { searchBodySchema } from "../server/modules/search/schemas.ts";
import { search } from "../server/modules/search/service.ts";
import { migrate, openDb } from "../server/platform/db.ts";
import { percentile } from "./search-latency.ts";
import {
  ANSWERS,
  type AnswerName,
  publishedSchema,
  SERIALIZERS,
  type SerializerFixture,
  type SerializerKind,
  serializerFor,
} from "./serializers.ts";

/** What the search page sends for "bourbon" (app/features/catalogue/listing-query.ts, page 1). */
const SEARCH_BODY = { query: "bourbon", skip: 0, hitsPerPage: 60, filters: {}, facets: true };

export interface SerializerFigures {
  bytes: Record<AnswerName, Record<SerializerKind, number>>;
  /** Serialising alone, in this process: microseconds per answer. */
  alone: Record<AnswerName, Record<SerializerKind, { p50: number; p99: number; samples: number }>>;
  /** Over HTTP: requests a second and latency in ms, medians of the rounds. */
  http: Record<AnswerName, Record<SerializerKind, { rps: number; p50: number; p99: number }>>;
  /** fast-json-stringify's body against zod's for the real answers. */
  fjsMatchesZod: Record<AnswerName, "same bytes" | "same JSON" | "differs">;
  /** What each serializer does with a product carrying an unknown field, and with one outside the schema. */
  probes: Record<"unknownField" | "wrongType" | "wrongEnum" | "missingField", Record<SerializerKind, string>>;
  products: number;
}

export async function measureApiSerializers(rounds = 5): Promise<SerializerFigures> {
  const fixture = await captureAnswers();
  const serialize = Object.fromEntries(
    (Object.keys(ANSWERS) as AnswerName[]).map((name) => [
      name,
      Object.fromEntries(SERIALIZERS.map((k) => [k, serializerFor(k, name, fixture.jsonSchemas[name])])),
    ]),
  ) as Record<AnswerName, Record<SerializerKind, (value: unknown) => string>>;

  const bytes = mapAnswers((name) =>
    mapKinds((k) => Buffer.byteLength(serialize[name][k](fixture.values[name]))),
  );
  const fjsMatchesZod = mapAnswers((name) => {
    const zod = serialize[name].zod(fixture.values[name]);
    const fjs = serialize[name].fjs(fixture.values[name]);
    if (zod === fjs) return "same bytes" as const;
    return isDeepStrictEqual(JSON.parse(zod), JSON.parse(fjs))
      ? ("same JSON" as const)
      : ("differs" as const);
  });
  const probes = probeProduct(fixture, serialize.product);
  const alone = serialiseAlone(fixture, serialize, rounds);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-serializers-"));
  const fixtureFile = path.join(dir, "fixture.json");
  fs.writeFileSync(fixtureFile, JSON.stringify(fixture));
  const server = await startSerializerServer(fixtureFile);
  try {
    const sku = (fixture.values.product as { products: { sku_id: string }[] }).products[0].sku_id;
    const targets = mapAnswers((name) =>
      mapKinds((k) =>
        name === "product"
          ? { url: `${server.origin}/${k}/menu/product/${sku}` }
          : {
              url: `${server.origin}/${k}/menu/search/v4`,
              method: "POST" as const,
              headers: { "content-type": "application/json" },
              body: JSON.stringify(SEARCH_BODY),
            },
      ),
    );
    const samples = mapAnswers(() => mapKinds(() => [] as autocannon.Result[]));
    for (let round = 0; round < rounds; round++) {
      for (const name of Object.keys(ANSWERS) as AnswerName[])
        for (const k of turn(round)) samples[name][k].push(await load(targets[name][k]));
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const http = mapAnswers((name) =>
      mapKinds((k) => ({
        rps: median(samples[name][k].map((r) => r.requests.average)),
        p50: median(samples[name][k].map((r) => r.latency.p50)),
        p99: median(samples[name][k].map((r) => r.latency.p99)),
      })),
    );
    return { bytes, alone, http, fjsMatchesZod, probes, products: fixture.products };
  } finally {
    server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The handlers' values on the seeded catalogue, and the document's schemas, as the server builds them. */
async function captureAnswers(): Promise<SerializerFixture & { products: number }> {
  const { db } = await openDb({ kind: "pglite" });
  try {
    await migrate(db);
    await seedCatalogue(db);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    try {
      const res = await app.inject({ method: "GET", url: "/openapi.json" });
      if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}`);
      const doc = res.json();
      // What the routes do for a request without store hints: the fallback store prices and stocks the answer.
      const store = await resolveStore(db, {});
      const results = await search(
        db,
        store,
        { query: SEARCH_BODY.query },
        searchBodySchema.parse(SEARCH_BODY),
      );
      const sku = results.products[0]?.sku_id;
      if (!sku) throw new Error("search found no product to bench");
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from products`.execute(db);
      return {
        values: { product: { products: await productsBySku(db, [sku], store) }, search: results },
        jsonSchemas: { product: publishedSchema(doc, "product"), search: publishedSchema(doc, "search") },
        products: rows[0].n,
      };
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
  }
}

/** The serializers in the order a round measures them: each goes first in turn, against the machine's drift. */
const turn = (round: number) => SERIALIZERS.map((_, i) => SERIALIZERS[(i + round) % SERIALIZERS.length]);

/** Each serializer on each answer, in turn over rounds of a second: microseconds per answer. */
function serialiseAlone(
  fixture: SerializerFixture,
  serialize: Record<AnswerName, Record<SerializerKind, (value: unknown) => string>>,
  rounds: number,
): SerializerFigures["alone"] {
  const times = mapAnswers(() => mapKinds(() => [] as number[]));
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(ANSWERS) as AnswerName[]) {
      for (const k of turn(round)) {
        const fn = serialize[name][k];
        const value = fixture.values[name];
        const until = performance.now() + 1000;
        while (performance.now() < until) {
          const t0 = performance.now();
          fn(value);
          times[name][k].push((performance.now() - t0) * 1000);
        }
      }
    }
  }
  return mapAnswers((name) =>
    mapKinds((k) => {
      const sorted = times[name][k].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), samples: sorted.length };
    }),
  );
}

/** The product answer with an unknown field, a price as a string, an unknown enum value, a required field missing. */
function probeProduct(
  fixture: SerializerFixture,
  serialize: Record<SerializerKind, (value: unknown) => string>,
): SerializerFigures["probes"] {
  const answer = fixture.values.product as { products: Record<string, unknown>[] };
  const withProduct = (change: (p: Record<string, unknown>) => void) => {
    const product = structuredClone(answer.products[0]);
    change(product);
    return { products: [product] };
  };
  const cases = {
    unknownField: {
      value: withProduct((p) => {
        p.cost_cents = 1234;
      }),
      field: "cost_cents",
    },
    wrongType: {
      value: withProduct((p) => {
        p.regular_price = "12.99";
      }),
      field: "regular_price",
    },
    wrongEnum: {
      value: withProduct((p) => {
        p.substitution_preference = "maybe";
      }),
      field: "substitution_preference",
    },
    missingField: {
      value: withProduct((p) => {
        delete p.title;
      }),
      field: "title",
    },
  };
  return Object.fromEntries(
    Object.entries(cases).map(([probe, { value, field }]) => [
      probe,
      mapKinds((k) => {
        try {
          const sent = JSON.parse(serialize[k](value)).products[0];
          return field in sent ? `sent ${JSON.stringify(sent[field])}` : "sent without it";
        } catch {
          return "refused";
        }
      }),
    ]),
  ) as SerializerFigures["probes"];
}

interface LoadTarget {
  url: string;
  method?: "POST";
  headers?: Record<string, string>;
  body?: string;
}

async function load(target: LoadTarget, seconds = 2): Promise<autocannon.Result> {
  await autocannon({ ...target, connections: 10, duration: 1 }); // warm-up
  const result = await autocannon({ ...target, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

async function startSerializerServer(fixtureFile: string) {
  const script = fileURLToPath(new URL("serializer-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, fixtureFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (line) => resolve(Number(String(line).trim())));
    child.once("exit", (code) => reject(new Error(`serializer server exited (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

function mapAnswers<T>(f: (name: AnswerName) => T): Record<AnswerName, T> {
  return { product: f("product"), search: f("search") };
}

function mapKinds<T>(f: (kind: SerializerKind) => T): Record<SerializerKind, T> {
  return { json: f("json"), zod: f("zod"), fjs: f("fjs") };
}
