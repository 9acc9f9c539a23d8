/**
 * An uncached search page against its API call (issue 35, last paragraph): the server's CPU per request for
 * `GET /search/{term}` rendered for a shopper (no page cache can answer it) against `POST /menu/search/v4` with the
 * body the page's loader sends (app/features/catalogue/listing-query.ts, page 1), both over HTTP from this process
 * to one storefront process, as a browser asks (an anonymous shopper's cookie, brotli accepted).
 *
 * Both ask the same shopper queries (names, brands, categories: pages of 60 products with facets). Every page URL is
 * one no cache has seen: a distinct `?from=` the page ignores (as a campaign's tracking parameter); each answer's
 * `x-page-cache` is checked to be a miss. CPU is the server process's (every thread: the render, the embedded
 * database, compression) over each window, read from /proc; the two are measured in turn over rounds, and each figure
 * is the median of its rounds (this machine's speed drifts from one minute to the next).
 *
 * BENCH_AB=<work tree>: the same measured on another checkout's built storefront, its rounds interleaved with these.
 * BENCH_SERVER_PROFILE=dir: the server runs with --cpu-prof, and dir gets its profile of the pages' windows and of
 * the API's (search-page.cpuprofile, search-api.cpuprofile; bench/profile-summary.ts reads them).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { type StorefrontProcess, startStorefront } from "../tests/support/storefront-process.ts";

/** Shopper queries that each find a page of products with facets (bench/search-latency.ts has the typos). */
const TERMS = [
  "bourbon",
  "vodka",
  "red wine",
  "ipa",
  "tequila blanco",
  "gin",
  "rum",
  "champagne",
  "pinot noir",
  "lager",
  "seltzer",
  "cabernet sauvignon",
  "jameson",
  "whisky 12 year",
  "coffee liqueur",
  "makers mark",
];

/** What the search page's loader sends for a term (searchOptionsFor(parseListingQuery(…)) on page 1). */
export const searchBodyFor = (query: string) => ({
  query,
  skip: 0,
  hitsPerPage: 60,
  filters: {},
  facets: true,
});

export interface Cost {
  /** Server CPU per request, ms (median of the rounds). */
  cpuMs: number;
  /** Wall time per request at CONNECTIONS in flight, ms (median of the rounds). */
  wallMs: number;
  /** Bytes on the wire per answer (brotli), and uncompressed. */
  bytes: number;
  rawBytes: number;
}

export interface SearchPageFigures {
  page: Cost;
  api: Cost;
  rounds: number;
  requests: number;
  connections: number;
  /** Products on each page (the mean over the queries), and how many of the page answers were cache misses. */
  productsPerPage: number;
  misses: number;
  /** The same measured on another work tree's storefront, its rounds interleaved with these (`against`). */
  against?: { root: string; page: Cost; api: Cost };
}

const CONNECTIONS = 2;

/** One storefront under measurement: its client, and what each round gave. */
interface Side {
  storefront: StorefrontProcess;
  client: Client;
  agent: http.Agent;
  samples: Record<"page" | "api", (Sample & { cpuMs: number })[]>;
  windows: Record<"page" | "api", Window[]>;
  raw: Record<"page" | "api", number>;
  products: number;
}

/**
 * `against`: another work tree (a checkout of another commit, with its node_modules and its build): its storefront
 * runs beside this one, idle while this one is measured and the other way round, the two taking turns within each
 * round, so that a change is compared with the code before it in the same minutes of this machine's drifting speed.
 */
export async function measureSearchPageCost(
  options: { rounds?: number; requests?: number; port?: number; against?: string } = {},
): Promise<SearchPageFigures> {
  const rounds = options.rounds ?? 5;
  const requests = options.requests ?? 100;
  const profileOut = process.env.BENCH_SERVER_PROFILE;
  const profileDir = profileOut ? fs.mkdtempSync(path.join(os.tmpdir(), "nightcap-profile-")) : null;
  const sides: Side[] = [];
  const open = (storefront: StorefrontProcess): Side => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const side: Side = {
      storefront,
      agent,
      client: new Client(storefront.base, agent),
      samples: { page: [], api: [] },
      windows: { page: [], api: [] },
      raw: { page: 0, api: 0 },
      products: 0,
    };
    sides.push(side);
    return side;
  };
  try {
    const here = open(
      await startStorefront({
        port: options.port,
        nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
      }),
    );
    const there = options.against ? open(await startStorefront({ root: options.against })) : null;
    for (const side of sides) {
      // What each answer holds, uncompressed, and that the page lists what the API found.
      for (const term of TERMS) {
        const api = await side.client.api(term, "identity");
        const found = (JSON.parse(api.body.toString()) as { products: unknown[] }).products.length;
        if (found === 0) throw new Error(`the bench's query "${term}" found nothing`);
        side.products += found;
        const page = await side.client.page(term, "identity");
        const cards = page.body.toString().match(/class="product-card"/g)?.length ?? 0;
        if (cards !== found)
          throw new Error(`/search/${term} shows ${cards} products, its API call ${found}`);
        side.raw.page += page.body.length;
        side.raw.api += api.body.length;
      }
      // Warm-up: the JIT, the catalogue's caches.
      await side.client.run("page", requests);
      await side.client.run("api", requests);
      side.client.misses = 0;
    }
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        for (const kind of ["page", "api"] as const) {
          const from = nowUs();
          const cpu0 = processCpuMs(side.storefront.pid);
          const sample = await side.client.run(kind, requests);
          const cpu = processCpuMs(side.storefront.pid) - cpu0;
          side.windows[kind].push({ fromUs: from, untilUs: nowUs() });
          side.samples[kind].push({ ...sample, cpuMs: cpu / requests });
        }
      }
    }
    for (const side of sides)
      if (side.client.misses !== rounds * requests)
        throw new Error(`${rounds * requests - side.client.misses} search pages came from the page cache`);
    const cost = (side: Side, kind: "page" | "api"): Cost => ({
      cpuMs: median(side.samples[kind].map((s) => s.cpuMs)),
      wallMs: median(side.samples[kind].map((s) => s.wallMs)),
      bytes: median(side.samples[kind].map((s) => s.bytes)),
      rawBytes: side.raw[kind] / TERMS.length,
    });
    return {
      page: cost(here, "page"),
      api: cost(here, "api"),
      rounds,
      requests,
      connections: CONNECTIONS,
      productsPerPage: here.products / TERMS.length,
      misses: here.client.misses,
      ...(there && options.against
        ? { against: { root: options.against, page: cost(there, "page"), api: cost(there, "api") } }
        : {}),
    };
  } finally {
    for (const side of sides) {
      side.agent.destroy();
      await side.storefront.stop();
    }
    const here = sides[0];
    if (profileDir && profileOut && here) {
      fs.mkdirSync(profileOut, { recursive: true });
      const written = profileOf(profileDir);
      trimProfile(written, here.windows.page, path.join(profileOut, "search-page.cpuprofile"));
      trimProfile(written, here.windows.api, path.join(profileOut, "search-api.cpuprofile"));
      fs.rmSync(profileDir, { recursive: true, force: true });
    }
  }
}

interface Sample {
  wallMs: number;
  bytes: number;
}

interface Window {
  fromUs: number;
  untilUs: number;
}

class Client {
  private n = 0;
  misses = 0;
  constructor(
    private readonly base: string,
    private readonly agent: http.Agent,
  ) {}

  /** A search page no cache holds. */
  async page(term: string, encoding = "br") {
    const res = await this.request("GET", `/search/${encodeURIComponent(term)}?from=bench-${this.n++}`, {
      encoding,
    });
    if (res.headers["x-page-cache"] === "miss") this.misses += 1;
    return res;
  }

  /** The search page's API call. */
  api(term: string, encoding = "br") {
    return this.request("POST", "/menu/search/v4", { encoding, body: searchBodyFor(term) });
  }

  /** `count` requests of a kind, CONNECTIONS at a time, over the terms in turn. */
  async run(kind: "page" | "api", count: number): Promise<Sample> {
    let next = 0;
    let bytes = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < count) {
        const term = TERMS[next++ % TERMS.length] as string;
        const res = kind === "page" ? await this.page(term) : await this.api(term);
        bytes += res.body.length;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return { wallMs: (performance.now() - started) / count, bytes: bytes / count };
  }

  private request(
    method: "GET" | "POST",
    url: string,
    opts: { encoding: string; body?: unknown },
  ): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.base}${url}`,
        {
          method,
          agent: this.agent,
          headers: {
            // An anonymous shopper's browser (server/front-door.ts replays nothing for it).
            cookie: "nc_anon=6d2b3f0e-8c51-4d7a-9a43-2f4b9c1e7a55",
            "accept-encoding": opts.encoding,
            ...(payload ? { "content-type": "application/json", "x-platform": "web" } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            if (res.statusCode !== 200) reject(new Error(`${method} ${url} answered ${res.statusCode}`));
            else resolve({ body: Buffer.concat(chunks), headers: res.headers });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** The process's CPU time (user and system, every thread), ms. */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function profileOf(dir: string): string {
  const files = fs.readdirSync(dir).map((f) => path.join(dir, f));
  const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) throw new Error("the server wrote no CPU profile");
  return file;
}

/** The profile's samples within the windows (the clock --cpu-prof stamps them with is process.hrtime's). */
function trimProfile(file: string, windows: Window[], out: string) {
  const p = JSON.parse(fs.readFileSync(file, "utf8"));
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let t = p.startTime;
  for (const [i, id] of (p.samples as number[]).entries()) {
    t += p.timeDeltas[i];
    if (!windows.some((w) => t >= w.fromUs && t <= w.untilUs)) continue;
    samples.push(id);
    timeDeltas.push(p.timeDeltas[i]);
  }
  fs.writeFileSync(out, JSON.stringify({ ...p, samples, timeDeltas }));
}
