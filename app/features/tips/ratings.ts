import type { ApiFetch } from "#app/lib/api.ts";
import { apiErrorMessage } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";

/** GET /order/reviews as the pages read it (server/modules/reviews). */
export type ProductReviewsAnswer = ApiAnswer<"getProductReviews">;

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
