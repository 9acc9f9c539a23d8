import { currentPageView, track } from "#app/lib/analytics.ts";
import { currentCsrfToken } from "#app/lib/csrf.ts";
import { BANNER_CLICKED } from "#domain/analytics/events.ts";
import { isPlainText, isSafeImage, isSafeLink, SERVE_TIMEOUT_MS } from "#domain/banners/placement.ts";

/** A placement as GET /mc/serve answers it (docs/adr/0036-analytics-and-banners.md). */
export interface Placement {
  id: string;
  title: string;
  text: string;
  image_url: string | null;
  link: string;
  location: "category" | "storefront";
  categories: string[];
  after_row_of_result: number;
}

/** Only well-formed placements with plain text and safe links are shown; anything else is dropped, not trusted. */
export function usablePlacements(data: unknown): Placement[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (p): p is Placement =>
      typeof p === "object" &&
      p !== null &&
      typeof p.id === "string" &&
      typeof p.title === "string" &&
      isPlainText(p.title) &&
      typeof p.text === "string" &&
      isPlainText(p.text) &&
      typeof p.link === "string" &&
      isSafeLink(p.link) &&
      (p.image_url === null || (typeof p.image_url === "string" && isSafeImage(p.image_url))) &&
      Number.isInteger(p.after_row_of_result) &&
      p.after_row_of_result >= 0,
  );
}

/**
 * The placements for a unit, asked in the browser after the grid is on screen. A failure, a bad answer or no
 * answer within SERVE_TIMEOUT_MS is no banners: the grid stays as it is.
 */
export async function fetchPlacements(unit: string, timeoutMs = SERVE_TIMEOUT_MS): Promise<Placement[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(`/mc/serve?u=${encodeURIComponent(unit)}`, {
      signal: controller.signal,
      credentials: "same-origin",
    });
    if (!res.ok) return [];
    return usablePlacements(await res.json());
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** Banners reported this page view ("{pageView}:{kind}:{id}"): one impression and one click each. */
const reported = new Set<string>();

/** Counts an impression or a click once per page view; keepalive lets a click's report outlive the page. */
export function reportBanner(kind: "impression" | "click", bannerId: string): void {
  const pageView = currentPageView();
  const key = `${pageView}:${kind}:${bannerId}`;
  if (reported.has(key)) return;
  reported.add(key);
  if (kind === "click") track(BANNER_CLICKED, { banner_id: bannerId });
  const token = currentCsrfToken();
  void fetch("/mc/events", {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json", ...(token ? { "x-csrf-token": token } : {}) },
    body: JSON.stringify({ banner_id: bannerId, kind, page_view: pageView }),
  }).catch(() => {});
}
