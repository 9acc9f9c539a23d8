import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Whether a page path renders a route that says its page is the same for every anonymous shopper of a store
 * (`handle.sharedPage`, docs/adr/0042-shared-page-cache.md): the deepest route matched decides.
 */
export function isSharedRoute(build: ServerBuild, pathname: string): boolean {
  const matches = matchRoutes(routeTreeOf(build), pathname);
  const leaf = matches?.[matches.length - 1];
  return (leaf?.route as SharedRoute | undefined)?.shared === true;
}

type SharedRoute = RouteObject & { shared: boolean };

const trees = new WeakMap<ServerBuild, SharedRoute[]>();

/** The build's flat route manifest as the nested routes matchRoutes takes (once per build). */
function routeTreeOf(build: ServerBuild): SharedRoute[] {
  const kept = trees.get(build);
  if (kept) return kept;
  const childrenOf = (parentId: string | undefined): SharedRoute[] =>
    Object.values(build.routes)
      .filter((r) => r !== undefined && r.parentId === parentId)
      .map((r) => {
        const handle = r?.module.handle as { sharedPage?: boolean } | undefined;
        const base = {
          id: r?.id,
          path: r?.path,
          caseSensitive: r?.caseSensitive,
          shared: handle?.sharedPage === true,
        };
        return (
          r?.index ? { ...base, index: true } : { ...base, children: childrenOf(r?.id) }
        ) as SharedRoute;
      });
  const tree = childrenOf(undefined);
  trees.set(build, tree);
  return tree;
}
