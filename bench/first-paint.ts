/**
 * The product page's largest contentful paint against a blank React Router 7 app (issue 18, "First paint": within
 * 1.15×). The blank app (bench/blank-app) is built and served here the way the storefront serves itself: its
 * client build as static files with long-lived caching and brotli (as the storefront's precompressed twins), its
 * server build through React Router's request handler, its document brotli-compressed. Lighthouse 12 mobile runs
 * alternate blank / product so that a busy machine slows both alike; each figure is the median of its runs.
 *
 * `npm run bench` calls measureFirstPaint; `BENCH_ONLY=first-paint npm run bench` runs only this part (with the
 * initial JS and Lighthouse score rows of the home, category and product pages, the budgets it must keep).
 * FIRST_PAINT_REPORTS=<dir> keeps each run's Lighthouse report (JSON) there, to see what the paint waited for.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import type { Result } from "lighthouse";
import { createRequestHandler, type ServerBuild } from "react-router";
import { lighthouseOnce } from "./lighthouse.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
export const blankAppDir = path.join(root, "bench", "blank-app");

export interface FirstPaintRun {
  lcp: number;
  fcp: number;
  /** The main thread's total blocking time. */
  tbt: number;
  /** What Lighthouse names as the largest paint: the element's selector and its snippet. */
  element: string;
  /** Resources Lighthouse counts as blocking the first paint, with its estimated saving. */
  blocking: string[];
}

export interface FirstPaint {
  blank: { median: number; runs: FirstPaintRun[] };
  product: { median: number; runs: FirstPaintRun[] };
  ratio: number;
  failures: string[];
}

/** Builds the blank app (its client and server builds, under bench/blank-app/build). */
export function buildBlankApp() {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    { cwd: blankAppDir, stdio: "ignore" },
  );
}

/** Medians of `runs` alternating Lighthouse runs on the blank app and on `productUrl`. */
export async function measureFirstPaint(
  productUrl: string,
  chromiumPath: string,
  port: number,
  runs = 5,
): Promise<FirstPaint> {
  buildBlankApp();
  const blank = await startBlankApp(port);
  const reports = process.env.FIRST_PAINT_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const samples = { blank: [] as FirstPaintRun[], product: [] as FirstPaintRun[] };
  const failures: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      for (const [name, url] of [
        ["blank", `${blank.origin}/`],
        ["product", productUrl],
      ] as const) {
        // A run Chromium could not start (NO_NAVSTART, now and then) is tried once more.
        let result = await lighthouseOnce(url, chromiumPath);
        if ("error" in result) {
          failures.push(`${name}: ${result.error}`);
          result = await lighthouseOnce(url, chromiumPath);
        }
        if ("error" in result) {
          failures.push(`${name}: ${result.error}`);
          continue;
        }
        if (reports)
          fs.writeFileSync(path.join(reports, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
        samples[name].push(runOf(result.lhr));
      }
    }
  } finally {
    await blank.stop();
  }
  const blankMedian = median(samples.blank.map((r) => r.lcp));
  const productMedian = median(samples.product.map((r) => r.lcp));
  return {
    blank: { median: blankMedian, runs: samples.blank },
    product: { median: productMedian, runs: samples.product },
    ratio: productMedian / blankMedian,
    failures,
  };
}

function runOf(lhr: Result): FirstPaintRun {
  const audit = (id: string) => lhr.audits[id];
  const elementItems = (audit("largest-contentful-paint-element")?.details as { items?: unknown[] })?.items;
  const node = findNode(elementItems);
  const blockingItems = (audit("render-blocking-resources")?.details as { items?: unknown[] })?.items ?? [];
  return {
    lcp: audit("largest-contentful-paint")?.numericValue ?? Number.NaN,
    fcp: audit("first-contentful-paint")?.numericValue ?? Number.NaN,
    tbt: audit("total-blocking-time")?.numericValue ?? Number.NaN,
    element: node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim() : "?",
    blocking: blockingItems.map((item) => {
      const { url, wastedMs } = item as { url: string; wastedMs?: number };
      return `${new URL(url).pathname} (${Math.round(wastedMs ?? 0)} ms)`;
    }),
  };
}

/** The LCP element audit nests its node in a table inside a list (Lighthouse 12). */
function findNode(items: unknown): { selector?: string; snippet?: string } | null {
  if (!Array.isArray(items)) return null;
  for (const item of items) {
    if (item && typeof item === "object") {
      const node = (item as { node?: { type?: string } }).node;
      if (node?.type === "node") return node as { selector?: string; snippet?: string };
      const nested = findNode((item as { items?: unknown }).items);
      if (nested) return nested;
    }
  }
  return null;
}

export const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
};

/**
 * The blank app's server in a process of its own, as the storefront runs in its own: served from the bench's
 * process, Lighthouse's own work there delayed its answers (a 1.5 s time to first byte in one run of five).
 */
async function startBlankApp(port: number): Promise<{ origin: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the blank app's server exited (${code})`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The built blank app on `port`: assets from build/client (brotli, immutable), every other path rendered. */
export async function serveBlankApp(port: number): Promise<{ origin: string; stop(): Promise<void> }> {
  const clientDir = path.join(blankAppDir, "build", "client");
  const build = (await import(path.join(blankAppDir, "build", "server", "index.js"))) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const compressed = new Map<string, Buffer>();
  // Assets at brotli's best (the storefront's are precompressed at 11), documents at 6 as the storefront's.
  const brotli = (data: Buffer, quality = 11) =>
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const acceptsBrotli = /\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""));
      if (url.pathname === "/favicon.ico") {
        res.statusCode = 404; // the blank app has none; React Router would log every request for it
        res.end();
        return;
      }
      const file = path.join(clientDir, path.normalize(url.pathname));
      if (
        file.startsWith(clientDir) &&
        url.pathname !== "/" &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        const type = TYPES[path.extname(file)] ?? "application/octet-stream";
        const immutable = url.pathname.startsWith("/assets/");
        res.setHeader("content-type", type);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
        let body: Buffer = fs.readFileSync(file);
        if (acceptsBrotli && /\.(js|css|svg)$/.test(file)) {
          const cached = compressed.get(file) ?? brotli(body);
          compressed.set(file, cached);
          body = cached;
          res.setHeader("content-encoding", "br");
          res.setHeader("vary", "accept-encoding");
        }
        res.end(body);
        return;
      }
      const response = await handle(new Request(url, { method: req.method, headers: toHeaders(req) }));
      res.statusCode = response.status;
      for (const [key, value] of response.headers) res.setHeader(key, value);
      const body = Buffer.from(await response.arrayBuffer());
      if (acceptsBrotli) {
        res.setHeader("content-encoding", "br");
        res.setHeader("vary", "accept-encoding");
        res.end(brotli(body, 6));
      } else res.end(body);
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function toHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

// `node --import tsx bench/first-paint.ts <port>`: the blank app's server alone (startBlankApp runs it so).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serveBlankApp(Number(process.argv[2]));
  process.stdout.write(`${server.origin}\n`);
  process.once("SIGTERM", () => server.stop().then(() => process.exit(0)));
}
