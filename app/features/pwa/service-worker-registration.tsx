import { useEffect } from "react";

/**
 * Registers the service worker (public/sw.js: the offline page and Web Push; docs/adr/0037-installable-storefront.md)
 * once the page has loaded, so it never competes with the first paint. A browser without service workers, or one
 * that refuses (private modes), simply goes without: the storefront works the same.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js").catch(() => {});
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, []);
  return null;
}
