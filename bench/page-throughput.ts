/**
 * Pages against the same HTML served as a static file by the same process (issue 18, ADR 0042): anonymous pages
 * (shared between shoppers) and personalised ones (a signed-in shopper's: for a browser that has run our scripts the
 * document is a shared frame and the data comes from the API, ADR 0046; once more rendered whole, as for a browser
 * without scripts), then 100 connections hammering pages no cache holds, where the server must answer or refuse fast.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { SCRIPTS_COOKIE } from "../app/lib/shared-page.ts";
import { DEMO_STAFF_PASSWORD, demoStaffEmail } from "../server/modules/console/staff.ts";

const STATIC_DIR = "bench-pages";
const ANONYMOUS = { home: "/", category: "/whiskey", product: "" } as const;
const PERSONAL = { account: "/account", orders: "/orders", tracking: "/tracking" } as const;
const WHOLE = { "account-whole": "/account" } as const;
type PageName = keyof typeof ANONYMOUS | keyof typeof PERSONAL | keyof typeof WHOLE;
const NAMES: PageName[] = [
  ...(Object.keys(ANONYMOUS) as PageName[]),
  ...(Object.keys(PERSONAL) as PageName[]),
  ...(Object.keys(WHOLE) as PageName[]),
];

/**
 * The static server only serves files that exist when it starts: placeholders go in before the storefront starts
 * and are filled with each page's HTML once it runs.
 */
export function preparePageFiles(clientDir: string): () => void {
  const dir = path.join(clientDir, STATIC_DIR);
  fs.mkdirSync(dir, { recursive: true });
  for (const name of NAMES)
    for (const ext of ["", ".br", ".gz"]) fs.writeFileSync(path.join(dir, `${name}.html${ext}`), "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export interface PageRow {
  page: string;
  kind: "anonymous" | "personalised" | "personalised (no scripts)";
  pageRps: number;
  fileRps: number;
  bytes: number;
}

export async function measurePageThroughput(
  base: string,
  clientDir: string,
  productPath: string,
  rounds = 3,
): Promise<PageRow[]> {
  const anonymousCookie = `nc_anon=${randomUUID()}`;
  const staffCookie = await signIn(base);
  const pages: { name: PageName; path: string; cookie: string; kind: PageRow["kind"] }[] = [
    ...Object.entries(ANONYMOUS).map(([name, p]) => ({
      name: name as PageName,
      path: p || productPath,
      cookie: anonymousCookie,
      kind: "anonymous" as const,
    })),
    ...Object.entries(PERSONAL).map(([name, p]) => ({
      name: name as PageName,
      path: p,
      cookie: `${staffCookie}; ${SCRIPTS_COOKIE}=1`,
      kind: "personalised" as const,
    })),
    ...Object.entries(WHOLE).map(([name, p]) => ({
      name: name as PageName,
      path: p,
      cookie: staffCookie,
      kind: "personalised (no scripts)" as const,
    })),
  ];
  const bytes = new Map<PageName, number>();
  for (const page of pages) {
    const res = await fetch(`${base}${page.path}`, {
      headers: { cookie: page.cookie, "accept-encoding": "identity" },
    });
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    const html = Buffer.from(await res.arrayBuffer());
    bytes.set(page.name, html.length);
    writePageFile(clientDir, page.name, html);
  }
  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      const headers = { cookie: page.cookie, "accept-encoding": "br" };
      for (const [which, url] of [
        ["page", `${base}${page.path}`],
        ["file", `${base}/${STATIC_DIR}/${page.name}.html`],
      ] as const) {
        const key = `${page.name}:${which}`;
        samples.set(key, [...(samples.get(key) ?? []), await rps(url, headers)]);
      }
    }
  }
  const median = (key: string) => {
    const values = (samples.get(key) ?? []).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return pages.map((p) => ({
    page: `${p.name} ${p.path}`,
    kind: p.kind,
    pageRps: median(`${p.name}:page`),
    fileRps: median(`${p.name}:file`),
    bytes: bytes.get(p.name) ?? 0,
  }));
}

function writePageFile(clientDir: string, name: PageName, html: Buffer) {
  const file = path.join(clientDir, STATIC_DIR, `${name}.html`);
  fs.writeFileSync(file, html);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html));
}

async function signIn(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  remember(await fetch(`${base}/`));
  const session = await fetch(`${base}/auth/session`, { headers: { cookie: cookie() } });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: {
      cookie: cookie(),
      "content-type": "application/json",
      "x-csrf-token": csrfToken,
      "x-platform": "web",
    },
    body: JSON.stringify({ username: demoStaffEmail("st_chi-river-north"), password: DEMO_STAFF_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`bench sign-in answered ${login.status}: ${await login.text()}`);
  remember(login);
  return cookie();
}

async function rps(url: string, headers: Record<string, string>, seconds = 3): Promise<number> {
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export interface Hammering {
  connections: number;
  seconds: number;
  /** Pages answered 200, and their rate (the goodput). */
  ok: number;
  goodput: number;
  refused: number;
  errors: number;
  timeouts: number;
  /** Latency of the answered pages (ms). */
  p50: number;
  p99: number;
  max: number;
}

/**
 * `connections` clients, each asking for a page no cache holds (a different search every time) as soon as its last
 * answer came, for `seconds`: how many pages were answered and how fast (the goodput), how many refused with 503,
 * and the answered pages' latency. A closed loop, as a balancer retrying 503s at once would make it.
 */
export async function hammerUncachedPages(
  base: string,
  connections: number,
  seconds = 10,
): Promise<Hammering> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = { cookie: `nc_anon=${randomUUID()}`, "accept-encoding": "br" };
  const answered: number[] = [];
  let refused = 0;
  let errors = 0;
  let timeouts = 0;
  let n = 0;
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}${path}`, { agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", reject);
    });
  const started = performance.now();
  const until = started + seconds * 1000;
  async function client() {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        const status = await get(`/search/bench-${Date.now()}-${n++}`);
        if (status === 200) answered.push(performance.now() - sent);
        else if (status === 503) refused += 1;
        else errors += 1;
      } catch (err) {
        if ((err as Error).message === "timeout") timeouts += 1;
        else errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  answered.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(answered[Math.min(answered.length - 1, Math.floor(q * answered.length))] ?? 0);
  return {
    connections,
    seconds,
    ok: answered.length,
    goodput: answered.length / elapsed,
    refused,
    errors,
    timeouts,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(answered.at(-1) ?? 0),
  };
}
