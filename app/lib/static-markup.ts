import type { ReactNode } from "react";

type Renderer = (node: ReactNode) => string;

let renderer: Renderer | null = null;
const cache = new Map<string, string>();
const CACHE_SIZE = 64;

/**
 * The server's entry hands React's static renderer over (entry.server.tsx), so that a part written as static markup
 * (docs/adr/0088-static-parts-written-by-the-server.md) carries no server renderer into the browser's scripts.
 */
export function provideStaticRenderer(render: Renderer) {
  renderer = render;
}

/**
 * The static HTML of `node()`, rendered once per `key` (the part's inputs) and kept: a part whose inputs change with
 * a deploy or a catalogue edit, not with the shopper, costs one render, not one per request. Server only.
 */
export function staticMarkup(key: string, node: () => ReactNode): string {
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  if (!renderer)
    throw new Error("staticMarkup: no renderer (provideStaticRenderer runs in entry.server.tsx)");
  const html = renderer(node());
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, html);
  return html;
}
