import { z } from "zod";
import { PRICE_BAND_VALUES } from "#domain/catalogue/price-bands.ts";
import { tagSchema, urlNameSchema } from "../catalogue/index.ts";

/** Spec §9: search page size 60 (also the most one page may hold). */
export const SEARCH_PAGE_SIZE = 60;

/** A filter value or several; one value may be sent bare. */
const values = <T extends z.ZodType<string>>(item: T) =>
  z
    .union([item, z.array(item).max(50, "at most 50 values per filter")])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

const filterText = z.string().trim().min(1).max(120);

export const searchFiltersSchema = z
  .object({
    category: values(urlNameSchema),
    brand: values(
      z
        .string()
        .trim()
        .min(1)
        .max(120)
        .regex(/^[a-z0-9-]+$/, "must be a brand slug such as makers-mark"),
    ),
    price: values(z.enum(PRICE_BAND_VALUES)),
    volume: values(filterText),
    country: values(filterText),
  })
  .partial()
  .strict();

const SORT_FIELDS = ["relevance", "price", "title", "rating"] as const;

export const searchOptionsSchema = z.object({
  page: z.number().int().min(0).max(10_000).optional(),
  skip: z.number().int().min(0).max(1_000_000).optional(),
  hitsPerPage: z.number().int().min(1).max(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  sort: z
    .object({ field: z.enum(SORT_FIELDS).default("relevance"), order: z.enum(["asc", "desc"]).optional() })
    .optional(),
  filters: searchFiltersSchema.default({}),
  facets: z.boolean().default(true),
  autocomplete: z.boolean().default(false),
});

const queryText = z.string().trim().max(200, "must be at most 200 characters");

export const searchBodySchema = searchOptionsSchema.extend({
  query: queryText.min(1, "must not be empty"),
});

export const categorySearchBodySchema = searchOptionsSchema
  .extend({
    url_names: z.array(urlNameSchema).min(1).max(20).optional(),
    tags: z.array(tagSchema).min(1).max(20).optional(),
    query: queryText.optional(),
  })
  .refine((b) => (b.url_names === undefined) !== (b.tags === undefined), {
    message: "send either url_names or tags",
    path: ["url_names"],
  });

export const tagFilterBodySchema = searchOptionsSchema.extend({ query: queryText.optional() });

export type SearchOptionsInput = z.output<typeof searchOptionsSchema>;
export type SearchFiltersInput = z.output<typeof searchFiltersSchema>;
