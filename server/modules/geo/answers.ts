import { z } from "zod";
import type { Availability } from "#domain/availability/types.ts";
import type {
  AddressResult,
  AddressSuggestion,
  CurrentAddress,
  SavedAddress,
  Vendor,
} from "#domain/geo/api.ts";
import {
  addressExample,
  addressResultExample,
  availabilityExample,
  vendorExample,
} from "#server/openapi/answer-examples.ts";
import { cents, describes, instant } from "#server/openapi/answers.ts";
import { cartRelocationSchema } from "../cart/index.ts";

/** The address and vendor answers (docs/adr/0056-api-contract.md), from domain/geo/api.ts. */

export const availabilitySchema = describes<Availability>()(
  z
    .object({
      store_id: z.string(),
      shipping: z.boolean(),
      timezone: z.string().describe("IANA zone the labels are written in."),
      immediate_delivery: z.boolean(),
      scheduling: z.boolean(),
      eta: z.object({ display: z.string(), minutes: z.number().int().nullable() }),
      selection_text: z.string(),
      dates: z.array(
        z.object({
          date: z.string().describe("Local calendar date in the store's zone (YYYY-MM-DD)."),
          label: z.string().describe('"Today", "Tomorrow" or "Mon, Nov 23".'),
          slots: z.array(
            z.object({
              start: instant(),
              end: instant(),
              label: z.string().describe('Wall-clock range in the store\'s zone: "6:00 PM – 7:00 PM".'),
            }),
          ),
        }),
      ),
    })
    .meta({
      id: "Availability",
      description: "What can reach an address and when (spec §3 Availability).",
      example: availabilityExample,
    }),
);

export const vendorSchema = describes<Vendor>()(
  z
    .object({
      store_id: z.string(),
      shipping: z.boolean(),
      banner: z
        .object({ _id: z.literal("out_of_zone") })
        .nullable()
        .describe("{ _id: 'out_of_zone' } when the address is outside every delivery zone; null inside one."),
      store: z.object({
        id: z.string(),
        name: z.string(),
        is_shipping: z.boolean(),
        eta_minutes: z.number().int(),
        min_order_cents: cents(),
        delivery_fee_cents: cents(),
      }),
    })
    .meta({
      id: "Vendor",
      description: "The store serving a position (spec §3 Vendor).",
      example: vendorExample,
    }),
);

const savedAddressShape = {
  address: z.string().describe('One-line form: "350 5th Ave, New York, NY 10118".'),
  street: z.string(),
  street_number: z.string().nullable(),
  route: z.string().nullable(),
  unit: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  lat: z.number(),
  lng: z.number(),
  store_id: z.string(),
  shipping: z.boolean(),
};

export const savedAddressSchema = describes<SavedAddress>()(
  z.object(savedAddressShape).meta({
    id: "Address",
    description: "A delivery address and the store serving it.",
    example: addressExample,
  }),
);

const storeSide = z.object({ id: z.string(), name: z.string(), shipping: z.boolean() });

export const addressResultSchema = describes<AddressResult>()(
  z
    .object({
      ...savedAddressShape,
      vendor: vendorSchema,
      availability: availabilitySchema,
      hasStoreIdChanged: z.boolean(),
      store_change: z.object({ from: storeSide, to: storeSide }).nullable(),
      cart: cartRelocationSchema
        .nullable()
        .describe("What moving the cart to the stores serving this address did; null when nothing moved."),
      restrictions: z
        .array(
          z.object({
            code: z
              .enum(["dry_area", "not_shipped"])
              .describe(
                "`dry_area`: the address is in an area where alcohol is not delivered; `not_shipped`: its state does not let the shipping store send the class",
              ),
            classes: z
              .array(z.enum(["beer", "wine", "spirits"]))
              .describe("The classes it keeps from the address"),
            reason: z.string().describe("Why, in the shopper's words"),
            area: z
              .object({
                id: z.string(),
                name: z.string(),
                kind: z.enum(["dry_precinct", "campus", "city_ban"]),
                sources: z.array(z.string()).describe("The addresses of the area's sources"),
              })
              .nullable()
              .describe("The dry area, for `dry_area`; null otherwise"),
          }),
        )
        .describe(
          "What the law keeps from this address (issue 33 §3). The address is kept: goods that are not alcohol still come, and the cart marks the lines that may not (`restricted`). Empty when everything may go",
        ),
    })
    .meta({ example: addressResultExample }),
);

export const currentAddressSchema = describes<CurrentAddress>()(
  z.object({ address: savedAddressSchema.nullable() }),
);

export const addressSuggestionsSchema = describes<{ suggestions: AddressSuggestion[] }>()(
  z.object({
    suggestions: z.array(
      z.object({ address: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
    ),
  }),
);
