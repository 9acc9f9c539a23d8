import { type RefObject, useEffect, useRef } from "react";
import { type NavigateFunction, useNavigate } from "react-router";

/**
 * What a `<Link>` does with a click, for plain anchors in markup the server wrote (the footer, the brand index:
 * docs/adr/0088-static-parts-written-by-the-server.md): a click the browser would follow in this tab, to this site,
 * without a modifier key, navigates in the app.
 */
export function followInApp(event: MouseEvent, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest("a");
  if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(link.pathname + link.search + link.hash);
}

/** A ref for the element whose anchors navigate in the app: one click listener on it (followInApp). */
export function useLinksFollowedInApp<T extends HTMLElement>(): RefObject<T | null> {
  const navigate = useNavigate();
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    const onClick = (event: MouseEvent) => followInApp(event, navigate);
    element?.addEventListener("click", onClick);
    return () => element?.removeEventListener("click", onClick);
  }, [navigate]);
  return ref;
}
