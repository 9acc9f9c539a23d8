import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import routes, { SHELL_LAYOUT } from "./app/routes.ts";

/**
 * Modules every storefront page loads (shell components, cards, API client, money, structured data): one chunk,
 * not the dozen sub-2 kB chunks route splitting would cut them into, each a request of its own on a first load
 * (docs/adr/0010-first-load-on-a-slow-phone.md).
 */
const SHARED = [
  /\/app\/components\//,
  /\/app\/lib\//,
  /\/domain\/(money|number|copy)\.ts$/,
  /\/features\/accounts\/session\.tsx$/,
];

/**
 * Left to the pages and parts that use them, so that a page does not load them for nothing (issue 35 §3): the
 * dialogs' focus handling (the shell's dialogs load on demand), the full-screen frame, the catalogue's cards,
 * prices and structured data (not on account, checkout or tracking pages).
 */
const NOT_SHARED = [
  /\/app\/lib\/modal-dialog\.ts$/,
  /\/app\/components\/shell\/full-screen-page\.tsx$/,
  /\/app\/components\/catalogue\//,
  /\/app\/components\/json-ld\.tsx$/,
];

/**
 * Parts the server writes as static markup (docs/adr/0088-static-parts-written-by-the-server.md): the browser fetches
 * their code only for a part its document did not have. Each is a chunk of its own, with what only it imports: the
 * shell's chunk would otherwise take it in as a dependency of the module that renders it (a static import, used on
 * the server alone).
 */
const SERVER_WRITTEN = [/\/app\/features\/shell\/footer-content\.tsx$/];

const shared = (id: string) => SHARED.some((re) => re.test(id)) && !NOT_SHARED.some((re) => re.test(id));

/**
 * React DOM's own entry (createPortal, flushSync, preload), imported by the shell and by React DOM's client: in the
 * shared chunk rather than in a 1.5 kB chunk of its own on every page. With its CommonJS wrappers (`?commonjs-…`):
 * left to Rollup, one went to the cards chunk, and every page's entry imported that.
 */
const REACT_DOM = /\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)(\?.*)?$/;

/**
 * What the client's entry imports (React DOM's client, its scheduler, React Router's hydration): in the shared chunk,
 * compressed with the rest of React, not in the entry's chunk of its own (0.34 KiB gzip less on every page). The entry
 * module itself stays out: its chunk hydrates as it runs, and must run after the route modules the document imports,
 * not when a page's view script (which imports the shared chunk) runs first.
 */
const CLIENT_ENTRY =
  /\/node_modules\/(react-dom\/(client\.js|cjs\/react-dom-client\.production\.js)|scheduler\/|react-router\/dist\/production\/dom-export\.mjs)/;

/**
 * The product cards and what they show (picture, price, heart), used by home, the listings, search and the product
 * page's rows: one chunk, not four or five of 0.1–1.2 kB gzip cut by which page imports which (issue 35 §3).
 */
const CARDS = [
  /\/app\/features\/catalogue\/product-(card|row)\.tsx$/,
  /\/app\/components\/catalogue\/(product-picture\.tsx|price\.tsx|card-data\.ts)$/,
  /\/app\/features\/favourites\//,
  /\/domain\/images\/photo\.ts$/,
  /\/domain\/catalogue\/(sku|price-visibility)\.ts$/,
];

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** Our modules a set of modules imports statically, themselves included (packages and server-written parts left out). */
function staticImports(from: string[], infoOf: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id) || id.includes("/node_modules/") || SERVER_WRITTEN.some((re) => re.test(id))) continue;
    seen.add(id);
    queue.push(...(infoOf(id)?.importedIds ?? []));
  }
  return seen;
}

/** The route files of the full-screen pages: every route outside the shell's layout (app/routes.ts). */
function fullScreenFiles(entries: RouteConfigEntry[], inShell = false, out = new Set<string>()): Set<string> {
  for (const entry of entries) {
    const shell = inShell || entry.file === SHELL_LAYOUT;
    if (!shell && entry.file !== "root.tsx") out.add(entry.file);
    fullScreenFiles(entry.children ?? [], shell, out);
  }
  return out;
}

/**
 * Which modules every page runs (`root`: what the root route imports statically) and which every page in the shell
 * runs but no full-screen page does (`shell`: what the shell's layout imports, less the root's and less what a
 * full-screen page imports). Each goes in one chunk: left to Rollup, the ones the on-demand parts also import were
 * cut into five or six small chunks (footer and cart state, out-of-zone notice, account menu, order statuses…),
 * each with its own import and export lists and compressed apart: 3.5 kB gzip more on every page; and the shell in
 * its own chunk keeps its code off checkout, tracking, signing in and the console (issue 35 §3,
 * docs/adr/0079-shell-parts-on-demand.md).
 */
function pageGroups(moduleIds: Iterable<string>, infoOf: ModuleInfoOf) {
  const ids = [...moduleIds];
  const ofFile = (file: string) => ids.filter((id) => id.split("?")[0].endsWith(`/app/${file}`));
  const root = staticImports(ofFile("root.tsx"), infoOf);
  const fullScreen = staticImports(
    [...fullScreenFiles(routes)].flatMap((file) => ofFile(file)),
    infoOf,
  );
  const shellImports = staticImports(ofFile(SHELL_LAYOUT), infoOf);
  // What the shell and a full-screen page both import (the order statuses, the session…) goes with the root's:
  // left out of both, Rollup would put it in the shell's chunk, a dependency of its modules.
  for (const id of shellImports) if (fullScreen.has(id)) root.add(id);
  const shell = new Set([...shellImports].filter((id) => !root.has(id)));
  return { root, shell };
}
/** One set per build (the client's and the server's graphs differ), keyed by the graph's own lookup. */
const groups = new WeakMap<ModuleInfoOf, ReturnType<typeof pageGroups>>();

/**
 * The catalogue path's views, each in a chunk of its own that the page showing it names (issue 35 §3): a category
 * page does not load the product page's code, nor a product page the listing's or the city landing's. The server's code
 * reads the chunks' addresses from `virtual:view-scripts` (app/features/catalogue/view-scripts.server.ts) and the
 * catalogue path names the one its page shows in the document (docs/adr/0082-parts-hydrated-later.md).
 */
export const VIEW_FILES = {
  product: "/app/features/catalogue/product-page.tsx",
  category: "/app/features/catalogue/category-page.tsx",
  group: "/app/features/catalogue/group-page.tsx",
  city: "/app/features/catalogue/city-landing.tsx",
} as const;

function viewScripts(): Plugin {
  const id = "virtual:view-scripts";
  // React Router builds the client and the server with two instances of this plugin: the list goes by a file beside
  // the two builds (build/view-scripts.json), read into the server's code when it is built.
  const listOf = (outDir: string) => path.join(outDir, "..", "view-scripts.json");
  let outDir = "";
  return {
    name: "nightcap:view-scripts",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(source) {
      if (source !== `\0${id}`) return undefined;
      // In the client, and in development (no client build), no view is named.
      const list =
        this.environment?.name === "ssr" ? await fs.readFile(listOf(outDir), "utf8").catch(() => "{}") : "{}";
      return `export default ${list};`;
    },
    async writeBundle(options, bundle) {
      if (this.environment?.name !== "client" || !options.dir) return;
      const scripts: Partial<Record<keyof typeof VIEW_FILES, string>> = {};
      const base = this.environment.config.base ?? "/";
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        for (const [view, file] of Object.entries(VIEW_FILES) as [keyof typeof VIEW_FILES, string][])
          if (chunk.facadeModuleId.endsWith(file)) scripts[view] = `${base}${chunk.fileName}`;
      }
      await fs.writeFile(listOf(options.dir), JSON.stringify(scripts));
    },
  };
}

/**
 * Writes `.br` (maximum quality) and `.gz` beside each built script, stylesheet and WebAssembly module (the ID
 * scanner's reader); server/ssr.ts serves them (fastify-static `preCompressed`), so the server compresses nothing
 * per request and a page's scripts weigh about 15% less than with on-the-fly brotli.
 */
function precompressAssets(): Plugin {
  return {
    name: "nightcap:precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment?.name !== "client" || !options.dir) return;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|wasm)$/.test(file)) continue;
        const filePath = path.join(options.dir, file);
        const data = await fs.readFile(filePath);
        const brotli = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: file.endsWith(".wasm")
              ? constants.BROTLI_MODE_GENERIC
              : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        await fs.writeFile(`${filePath}.br`, brotli);
        await fs.writeFile(`${filePath}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's production files for the browser: its package sends every build to `dist/development`
 * (remix-run/react-router#14102), where its development warnings are on and stay in the bundle. The server keeps the
 * package's own files: its other packages import them by the package's name, one copy for all.
 */
function reactRouterProductionInBrowser(): Plugin {
  const files: Record<string, string> = {
    "react-router": "react-router/dist/production/index.mjs",
    "react-router/dom": "react-router/dist/production/dom-export.mjs",
  };
  const dir = path.dirname(fileURLToPath(import.meta.resolve("react-router/package.json")));
  return {
    name: "nightcap:react-router-production-in-browser",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      if (this.environment?.name !== "client" || !(source in files)) return undefined;
      return path.join(dir, "..", files[source]);
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterProductionInBrowser(),
    reactRouter(),
    precompressAssets(),
    viewScripts(),
    {
      name: "nightcap:server-written-parts",
      apply: "build",
      transform: (_code, id) =>
        SERVER_WRITTEN.some((re) => re.test(id)) ? { moduleSideEffects: false } : null,
    },
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // Terser in two passes: the first paint's scripts about 3 KiB (gzip) lighter than esbuild's minifying, 2.6 of
    // them in React Router's own module; the client build takes about 12 s longer (docs/adr/0084-terser.md).
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, ecma: 2020, module: true },
    rollupOptions: {
      output: {
        manualChunks: (id, { getModuleIds, getModuleInfo }) => {
          const group = groups.get(getModuleInfo) ?? pageGroups(getModuleIds(), getModuleInfo);
          groups.set(getModuleInfo, group);
          if (CARDS.some((re) => re.test(id))) return "cards";
          if (REACT_DOM.test(id) || CLIENT_ENTRY.test(id)) return "shared";
          if (SERVER_WRITTEN.some((re) => re.test(id))) return path.basename(id).replace(/\.tsx?$/, "");
          if (NOT_SHARED.some((re) => re.test(id)) || /\?__react-router/.test(id)) return undefined;
          if (group.root.has(id)) return "shared";
          if (group.shell.has(id)) return "shell";
          return shared(id) ? "shared" : undefined;
        },
      },
    },
  },
});
