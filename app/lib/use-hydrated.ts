import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while rendering on the server and hydrating, true after: controls only needed without JavaScript hide. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
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
