import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { SharedPageHandle } from "../app/lib/shared-page.ts";

/**
 * Whether a page path renders a route whose page is the same for every shopper of a store (`handle.sharedPage`,
 * docs/adr/0042-shared-page-cache.md): "page" shared whole, "frame" a personal page whose document may be shared as
 * a frame the browser fills in (docs/adr/0046-personal-page-frames.md), null never. The deepest route matched decides.
 */
export function sharedRouteKind(build: ServerBuild, pathname: string): "page" | "frame" | null {
  // matchRoutes flattens and ranks the whole tree on every call: the answer is kept per path, a bounded number.
  let known = kinds.get(build);
  if (!known) {
    known = new Map();
    kinds.set(build, known);
  }
  const kept = known.get(pathname);
  if (kept !== undefined) return kept;
  const matches = matchRoutes(routeTreeOf(build), pathname);
  const shared = (matches?.[matches.length - 1]?.route as SharedRoute | undefined)?.shared;
  const kind =
    shared === "frame"
      ? "frame"
      : (typeof shared === "function" ? shared(pathname) : shared === true)
        ? "page"
        : null;
  if (known.size >= KINDS_KEPT) known.clear();
  known.set(pathname, kind);
  return kind;
}

/** How many paths' kinds are kept per build (a product page each: enough for a catalogue's hot paths). */
const KINDS_KEPT = 20_000;
const kinds = new WeakMap<ServerBuild, Map<string, "page" | "frame" | null>>();

type SharedRoute = RouteObject & { shared: SharedPageHandle["sharedPage"] };

const trees = new WeakMap<ServerBuild, SharedRoute[]>();

/** The build's flat route manifest as the nested routes matchRoutes takes (once per build). */
function routeTreeOf(build: ServerBuild): SharedRoute[] {
  const kept = trees.get(build);
  if (kept) return kept;
  const childrenOf = (parentId: string | undefined): SharedRoute[] =>
    Object.values(build.routes)
      .filter((r) => r !== undefined && r.parentId === parentId)
      .map((r) => {
        const handle = r?.module.handle as SharedPageHandle | undefined;
        const base = {
          id: r?.id,
          path: r?.path,
          caseSensitive: r?.caseSensitive,
          shared: handle?.sharedPage,
        };
        return (
          r?.index ? { ...base, index: true } : { ...base, children: childrenOf(r?.id) }
        ) as SharedRoute;
      });
  const tree = childrenOf(undefined);
  trees.set(build, tree);
  return tree;
}
