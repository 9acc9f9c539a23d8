import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Rendered pages shared between the anonymous shoppers of one store (docs/adr/0042-shared-page-cache.md). A page is
 * kept by key — path, the stores serving the shopper, variant — for a few seconds, rendered once for everyone who
 * asks while it renders, and forgotten on every instance when a shelf or store changes.
 */
export interface SharedPage {
  /** The render's headers, without cookies, length or encoding. */
  headers: [string, string][];
  /** The CSP nonces the page's scripts and styles carry: a replay answers with this policy. */
  nonce: { script: string; style: string };
  body: Buffer;
  br: Buffer;
  /**
   * The gzip form, made the first time a browser without brotli asks for the page (gzipOf): most never do, and a
   * render whose page nobody asks for again made it for nothing.
   */
  gzip: Buffer | null;
}

export interface PageCache {
  /** The fresh page kept under `key`, if any. */
  get(key: string): SharedPage | undefined;
  /** A page past its time but within the stale window: served while a new render replaces it. */
  stale(key: string): SharedPage | undefined;
  /** The page being rendered under `key` by another request, if any (null when that render was not shareable). */
  pending(key: string): Promise<SharedPage | null> | undefined;
  /** Keeps what `render` makes under `key` (unless null, or everything was forgotten meanwhile). */
  fill(key: string, render: Promise<SharedPage | null>): Promise<SharedPage | null>;
  /** Forgets every page (a shelf, price or store changed). */
  forgetAll(): void;
  /**
   * Whether some shopper's page for `url` is kept or being rendered: a request for it may well be answered without
   * a render, so the door lets it through instead of making it wait for a render's place (server/front-door.ts).
   */
  mayServe(url: string): boolean;
  readonly size: number;
}

export interface PageCacheOptions {
  /** How long a page is served after its render; stock moved by orders shows within this. */
  ttlMs: number;
  /** How long after that it may still be served while one request renders it again (default 0: never). */
  staleMs?: number;
  /** Memory bound over bodies and their encoded forms; the oldest pages go first. */
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  page: SharedPage;
  freshUntil: number;
  bytes: number;
}

/** The key a page is kept under: its URL and the stores serving the shopper. */
export const pageKey = (url: string, stores: string): string => `${url}\n${stores}`;

const urlOfKey = (key: string): string => key.split("\n", 1)[0] as string;

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<SharedPage | null>>();
  // Bumped by forgetAll: a render that started before a change is not kept after it.
  let generation = 0;
  let bytes = 0;
  /** Keys kept or being rendered, by URL (mayServe). */
  const heldByUrl = new Map<string, number>();

  function hold(key: string, change: 1 | -1) {
    const url = urlOfKey(key);
    const held = (heldByUrl.get(url) ?? 0) + change;
    if (held > 0) heldByUrl.set(url, held);
    else heldByUrl.delete(url);
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    hold(key, -1);
    bytes -= entry.bytes;
  }

  function keep(key: string, page: SharedPage) {
    forget(key);
    const size = page.body.length + page.br.length + (page.gzip?.length ?? 0);
    entries.set(key, { page, freshUntil: now() + options.ttlMs, bytes: size });
    hold(key, 1);
    bytes += size;
    while (bytes > maxBytes && entries.size > 0) forget(entries.keys().next().value as string);
  }

  const staleMs = options.staleMs ?? 0;

  /** The entry under `key` unless past its stale window (then forgotten). */
  function usable(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.freshUntil + staleMs <= now()) {
      forget(key);
      return undefined;
    }
    return entry;
  }

  return {
    get(key) {
      const entry = usable(key);
      return entry && entry.freshUntil > now() ? entry.page : undefined;
    },
    stale: (key) => usable(key)?.page,
    pending: (key) => rendering.get(key),
    fill(key, render) {
      const startedIn = generation;
      const done = () => {
        if (rendering.get(key) !== settled) return;
        rendering.delete(key);
        hold(key, -1);
      };
      const settled = render.then(
        (page) => {
          done();
          if (page && startedIn === generation) keep(key, page);
          return page;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
      if (!rendering.has(key)) hold(key, 1);
      rendering.set(key, settled);
      // Waiters treat a failed render as "render your own"; the renderer sees the error.
      settled.catch(() => undefined);
      return settled;
    },
    forgetAll() {
      generation += 1;
      entries.clear();
      rendering.clear();
      heldByUrl.clear();
      bytes = 0;
    },
    mayServe: (url) => heldByUrl.has(url),
    get size() {
      return entries.size;
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli 6 (as pages are compressed when rendered), off the event loop; gzip waits for a browser that needs it. */
export async function encodePage(body: Buffer): Promise<{ br: Buffer; gzip: null }> {
  const br = await brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return { br, gzip: null };
}

const gzipping = new WeakMap<SharedPage, Promise<Buffer>>();

/**
 * A kept page's gzip form, made off the event loop the first time it is asked for and kept with the page (it is not
 * counted in the cache's memory bound: a fifth of the body at most, and only for pages a gzip-only browser asked for).
 */
export function gzipOf(page: SharedPage): Promise<Buffer> {
  if (page.gzip) return Promise.resolve(page.gzip);
  let made = gzipping.get(page);
  if (!made) {
    made = gzip(page.body).then((gz) => {
      page.gzip = gz;
      return gz;
    });
    gzipping.set(page, made);
  }
  return made;
}
