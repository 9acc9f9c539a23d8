import { startTransition, useEffect, useState } from "react";

/** Set by the first effect after the page hydrated: components mounted later (client navigation) start hydrated. */
let pageHydrated = false;

/**
 * False while rendering on the server and hydrating, true after: controls only needed without JavaScript hide.
 * The switch is a transition (ADR 48): React renders it in slices, after hydration, instead of the synchronous
 * re-render `useSyncExternalStore` forces on every component whose snapshot changed once hydration ends.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * `children` once hydrated, `fallback` on the server and while hydrating. The switch re-renders only itself when
 * hydration ends, not the component that holds it (a listing's 60 cards, say).
 */
export function WhenHydrated({
  children = null,
  fallback,
}: {
  children?: React.ReactNode;
  fallback: React.ReactNode;
}) {
  return useHydrated() ? children : fallback;
}
