import { z } from "zod";
import { ADDRESS_MAX_LENGTH } from "#domain/geo/address.ts";

export const setAddressBody = z.object({
  address: z
    .string()
    .trim()
    .min(3, "must be a street address, city and state, or ZIP code")
    .max(ADDRESS_MAX_LENGTH, `must be at most ${ADDRESS_MAX_LENGTH} characters`),
  unit: z.string().trim().max(40, "must be at most 40 characters").optional(),
});

export const SUGGESTION_LIMIT = 5;

export const suggestionQuery = z.object({
  q: z.string().max(ADDRESS_MAX_LENGTH, `must be at most ${ADDRESS_MAX_LENGTH} characters`),
  limit: z.coerce.number().int().min(1).max(10).default(SUGGESTION_LIMIT),
});
