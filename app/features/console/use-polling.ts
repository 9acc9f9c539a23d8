import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Reloads the page's data every `ms` while the page is visible (a live stream comes with order tracking). */
export function usePolling(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, ms);
    return () => window.clearInterval(id);
  }, [ms, revalidator]);
}
