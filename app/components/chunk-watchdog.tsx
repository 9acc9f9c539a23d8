import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { chunkLoadFailed } from "#domain/copy.ts";

/** Spec §9: a page part that has not loaded after 120 s has failed. */
export const PAGE_PART_TIMEOUT_MS = 120_000;

/**
 * Spec §8 'Loading chunk N failed': a client navigation loads the next page's parts (route module, styles, data).
 * When one fails to load (Vite reports `vite:preloadError`) or the navigation is still loading after 120 s, this
 * says so, naming the load by its number in this visit, and offers a full reload of the page asked for.
 */
export function ChunkWatchdog() {
  const navigation = useNavigation();
  const location = useLocation();
  const loads = useRef(0);
  const [failed, setFailed] = useState<{ chunk: number; href: string } | null>(null);
  const pending = navigation.state === "loading" ? navigation.location : null;
  const pendingHref = pending ? `${pending.pathname}${pending.search}${pending.hash}` : null;

  useEffect(() => {
    if (!pendingHref) return;
    loads.current += 1;
    const chunk = loads.current;
    const timer = setTimeout(() => setFailed({ chunk, href: pendingHref }), PAGE_PART_TIMEOUT_MS);
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      setFailed({ chunk, href: pendingHref });
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("vite:preloadError", onPreloadError);
    };
  }, [pendingHref]);

  // A completed navigation clears the message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every new location
  useEffect(() => setFailed(null), [location.key]);

  if (!failed) return null;
  return (
    <div className="chunk-error" role="alert">
      <p>{chunkLoadFailed(failed.chunk)}</p>
      <a className="button button--small" href={failed.href}>
        Try again
      </a>
    </div>
  );
}
