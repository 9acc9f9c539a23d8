/**
 * Full-screen pages (spec §2: no main shell) export `handle = { fullScreen: true }`, or a function of their loader
 * data when one route serves both kinds (the catalogue path route serves city landing pages full-screen).
 */
export interface FullScreenHandle {
  fullScreen?: boolean | ((data: unknown) => boolean);
}

interface MatchLike {
  handle?: unknown;
  data?: unknown;
  loaderData?: unknown;
}

export function isFullScreen(matches: readonly MatchLike[]): boolean {
  const leaf = matches[matches.length - 1];
  const flag = (leaf?.handle as FullScreenHandle | undefined)?.fullScreen;
  if (typeof flag === "function") return flag(leaf.loaderData ?? leaf.data);
  return flag === true;
}
