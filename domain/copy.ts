/**
 * User-facing texts the spec fixes word for word (§2, §5, §8). The server serves them at GET /copy and the
 * storefront imports them directly, so both always show the same words.
 */

export const NOT_FOUND = {
  code: "404",
  heading: "Party foul.",
  text: "We'll clean up. You head back in there.",
} as const;

export const SERVER_ERROR = "Looks like our server had one too many cocktails… we'll be right back.";
export const LOGIN_FAILED = "Oops—wrong code or password, please try again.";
export const CHECKOUT_FAILED = "An unexpected error occurred during checkout. Please try again.";
export const CARD_SAVE_FAILED = "An unexpected error occurred.";
export const GENERIC_APOLOGY = "We're sorry, an unexpected error occurred.";
export const AVAILABILITY_FAILED = "Something went wrong. Please go back and try again.";
export const PRODUCT_NOT_FOUND = "Product Not Found";
export const CATEGORY_GROUP_NOT_FOUND = "Category Group Not Found";
export const BRAND_NOT_FOUND = "Brand Not Found";
export const CATEGORY_NOT_FOUND = "Category Not Found";
export const CITY_NOT_FOUND = "City Not Found";
export const NO_SCANNER_TOKEN = "No scanner token available";
export const REMOVE_ITEM_FAILED = "Failed to remove item";
export const ORDER_FAILED_EVENT = "Order Failed";
export const GIFT_SCHEDULE_BY_RECIPIENT = "Allow Recipient to Schedule Delivery";
export const PUSH_TOKEN_FAILED = "failed";

/** A part of a page opened on demand (a drawer, a dialog) whose code did not load: the spec shows no text for it. */
export const PART_FAILED = "That did not load. Check your connection and try again.";

/** 'Loading chunk N failed' (§8), shown when a page part does not load within 120 s. */

export const chunkLoadFailed = (chunk: number | string) => `Loading chunk ${chunk} failed`;

/** Substitution review statuses (§4). */
export const SUBSTITUTION_STATUS = { viewing: "Viewing", done: "Done" } as const;
export const substitutionRemoved = (title: string) => `Removed ${title}`;
export const substitutionReplaced = (title: string) => `Replaced ${title}`;
export const substitutionReset = (title: string) => `Reset ${title}`;

/** Texts keyed by name, a name's value a text or, nested, texts keyed by name (GET /copy's answer). */
export type CopyTexts = { readonly [name: string]: string | CopyTexts };

/** Every fixed text keyed by name: the body of GET /copy. */
export const COPY = {
  NOT_FOUND,
  SERVER_ERROR,
  LOGIN_FAILED,
  CHECKOUT_FAILED,
  CARD_SAVE_FAILED,
  GENERIC_APOLOGY,
  AVAILABILITY_FAILED,
  PRODUCT_NOT_FOUND,
  CATEGORY_GROUP_NOT_FOUND,
  BRAND_NOT_FOUND,
  CATEGORY_NOT_FOUND,
  CITY_NOT_FOUND,
  NO_SCANNER_TOKEN,
  REMOVE_ITEM_FAILED,
  ORDER_FAILED_EVENT,
  GIFT_SCHEDULE_BY_RECIPIENT,
  PUSH_TOKEN_FAILED,
  SUBSTITUTION_STATUS,
} as const satisfies CopyTexts;

export type Copy = typeof COPY;
