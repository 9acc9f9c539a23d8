import type { ApiFetch } from "../../lib/api.ts";
import { apiErrorMessage } from "../../lib/api.ts";

/** GET /order/reviews as the pages read it (server/modules/reviews). */
export interface ProductReviewsAnswer {
  sku: string;
  average_rating: number | null;
  rating_count: number;
  page: number;
  page_size: number;
  total: number;
  reviews: { id: number; rating: number; text: string | null; author: string; created_at: string }[];
  viewer: { can_review: boolean; review: { rating: number; text: string | null } | null } | null;
}

export const RATING_FALLBACK = "Your rating could not be saved. Please try again.";

/** Spec §8: a rating post error is thrown (with the server's message) and shown by whoever asked. */
export async function postRating(
  api: ApiFetch,
  body: { sku: string; rating: number; text: string | null },
): Promise<void> {
  const res = await api("/order/reviews", { method: "POST", body });
  if (!res.ok) throw new Error(apiErrorMessage(res.data, RATING_FALLBACK));
}

/** Spec §8: a ratings load failure is logged and the page keeps its defaults (no reviews shown). */
export async function loadRatings(api: ApiFetch, sku: string): Promise<ProductReviewsAnswer | null> {
  try {
    const res = await api<ProductReviewsAnswer>(`/order/reviews?sku=${encodeURIComponent(sku)}&page=1`);
    if (res.ok) return res.data;
    console.error(`ratings of ${sku}: ${res.status}`);
  } catch (err) {
    console.error(`ratings of ${sku}`, err);
  }
  return null;
}

/** "★★★★☆" for an average, rounded to the nearest star. */
export function starText(average: number): string {
  const full = Math.max(0, Math.min(5, Math.round(average)));
  return "★".repeat(full) + "☆".repeat(5 - full);
}
