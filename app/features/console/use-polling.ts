import { useEffect } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * Reloads the page's data every `ms` while the page is visible (a live stream comes with order tracking). Not while
 * a page loads: a reload then starts that load over (React Router's revalidate restarts a navigation under way),
 * and a page slower than `ms` to load would never come.
 */
export function usePolling(ms: number) {
  const revalidator = useRevalidator();
  const idle = useNavigation().state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!idle) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, ms);
    return () => window.clearInterval(id);
  }, [ms, idle, revalidator]);
}
