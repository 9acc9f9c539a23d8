import { z } from "zod";
import {
  BANNER_LOCATIONS,
  type BannerLocation,
  isPlainText,
  isSafeImage,
  isSafeLink,
} from "#domain/banners/placement.ts";

export const serveQuery = z.object({
  u: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/i, "A unit is 'storefront' or a category's url name.")
    .transform((u) => u.toLowerCase())
    .describe(
      "The unit asking: `storefront` for storefront-wide grids (search results), else a category's url name (its grid).",
    ),
});

const placementFields = {
  title: z.string().describe("Plain text (never HTML)."),
  text: z.string().describe("Plain text (never HTML); may be empty."),
  image_url: z.string().nullable().describe("One of our own paths (`/…`); null: no image."),
  link: z.string().describe("Our own path (`/…`) or an https URL."),
  location: z.enum(BANNER_LOCATIONS as [BannerLocation, ...BannerLocation[]]),
  categories: z.array(z.string()).describe("Category url names it shows in; empty: every category."),
  after_row_of_result: z.number().int().describe("The grid row it follows (0: above the first row)."),
};

export const placement = z.object({ id: z.string(), ...placementFields });
export const serveAnswer = z.array(placement).describe("The placements for the unit, by row (at most 3).");

const plain = (max: number) =>
  z.string().trim().max(max).refine(isPlainText, "Plain text only: no < or > and no control characters.");

/** A time as ISO 8601; years outside 1970–9999 are refused. */
const isoDate = z
  .string()
  .max(40)
  .refine((s) => {
    const t = Date.parse(s);
    return !Number.isNaN(t) && t >= 0 && t < Date.UTC(10000, 0, 1);
  }, "Not a date.")
  .transform((s) => new Date(s).toISOString())
  .nullable();

export const bannerBody = z.object({
  title: plain(80).pipe(z.string().min(2)),
  text: plain(200).default(""),
  image_url: z
    .string()
    .trim()
    .max(500)
    .refine(isSafeImage, "An image is one of our own paths (/…): pages load images from our origin only.")
    .nullable()
    .default(null),
  link: z.string().trim().max(500).refine(isSafeLink, "A link is our own path (/…) or an https URL."),
  location: z.enum(["category", "storefront"]),
  categories: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]{1,100}$/, "A category's url name."),
    )
    .max(50)
    .default([])
    .describe("Category url names (location `category` only); empty: every category."),
  after_row_of_result: z.number().int().min(0).max(20),
  active: z.boolean().default(true),
  starts_at: isoDate.default(null).describe("From when it shows (ISO 8601); null: at once."),
  ends_at: isoDate.default(null).describe("Until when (ISO 8601, exclusive); null: until switched off."),
});

export type BannerInput = z.infer<typeof bannerBody>;

export const bannerPatch = bannerBody.partial();
export type BannerPatch = z.infer<typeof bannerPatch>;

export const bannerParams = z.object({ id: z.string().min(1).max(100) });

export const bannerEventBody = z.object({
  banner_id: z.string().min(1).max(100),
  kind: z.enum(["impression", "click"]),
  page_view: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .describe("The page view's id (the client makes one per page view): one impression and one click each."),
});

export const bannerEventAnswer = z.object({ counted: z.boolean() });
