import { z } from "zod";
import type { CartLineItem } from "#domain/cart/totals.ts";
import type { Cart, CartProduct, CartPromo, CartRelocation } from "#domain/cart/types.ts";
import { SALE_CLASSES } from "#domain/compliance/lawful-availability.ts";
import { cartExample, cartProductExample, lineItemExample } from "#server/openapi/answer-examples.ts";
import { cents, describes } from "#server/openapi/answers.ts";

/** The cart's answers (docs/adr/0056-api-contract.md): the Cart entity of spec §3, from domain/cart/types.ts. */

const engravingSchema = z.object({ line_1: z.string(), line_2: z.string(), line_3: z.string() });

export const cartProductSchema = describes<CartProduct>()(
  z
    .object({
      sku_id: z.string(),
      cart_id: z.string().describe("The line's id: PATCH and DELETE name lines by it."),
      store_id: z.string(),
      qty: z.number().int(),
      price: cents().describe("Unit price at the line's store."),
      package_qty: z.number().int(),
      package_item_price: cents().nullable(),
      subtotal: cents(),
      originalSubtotal: cents().describe("Regular (list) price times quantity."),
      substitution_preference: z.enum(["substitute", "refund"]),
      title: z.string(),
      subtitle: z.string().nullable(),
      company: z.string().nullable(),
      type: z.string().nullable(),
      volume: z.number().nullable(),
      volume_label: z.string().nullable(),
      url: z.string(),
      image: z.string(),
      engraving: engravingSchema.nullable(),
      is_etch: z.boolean(),
      stock: z.number().int().describe("Units the store has; qty never exceeds it when written."),
      available: z
        .boolean()
        .describe(
          "False when it cannot be bought at its store: shown and removable, but out of the totals and of checkout.",
        ),
      unavailable_reason: z
        .enum(["not_sold", "out_of_stock", "engraving_required"])
        .nullable()
        .describe(
          "Why the line cannot be bought: not sold at its store (or, with `restriction`, not sold to this address by law), out of stock there, an engraved bottle without text",
        ),
      restriction: z
        .string()
        .nullable()
        .describe(
          "When the law keeps the line from the delivery address (its `unavailable_reason` is then `not_sold`), why, in the shopper's words: the address is in a dry area (alcohol is not delivered there), or its state does not let us ship this class (spirits, wine, beer); null otherwise",
        ),
      group_mapping: z.string().nullable(),
    })
    .meta({
      id: "CartProduct",
      description: "One line of the cart (money in integer cents).",
      example: cartProductExample,
    }),
);

export const lineItemSchema = describes<CartLineItem>()(
  z
    .object({
      title: z.string(),
      display: z.string(),
      value: cents().describe("Discounts are negative."),
      format: z.enum(["SUBTOTAL", "FEE", "SHIPPING", "TIP", "PROMO", "CREDIT", "DONATION", "TOTAL"]),
    })
    .meta({
      id: "LineItem",
      description: "One row of a cart's or an order's summary; the last is the total.",
      example: lineItemExample,
    }),
);

const promoSchema = describes<CartPromo>()(
  z.object({
    code: z.string(),
    value_type: z.string(),
    desc: z.string(),
    balance: cents().optional(),
    val: z.number().optional(),
    value: z.number().optional(),
    applied: z.boolean().describe("Whether it takes something off the cart as it is now."),
    discount: cents(),
    message: z.string().nullable().describe("Why it does not apply (now), in the shopper's words."),
  }),
);

const shippingOptionSchema = z.object({ name: z.string(), price: cents(), description: z.string() });
const selectedShippingSchema = z.object({ name: z.string(), price: cents() }).nullable();
const feeSchema = z.object({
  shipping_name: z.string().nullable(),
  shipping_fee: cents(),
  delivery_fee: cents(),
});

export const cartSchema = describes<Cart>()(
  z
    .object({
      id: z.string().nullable().describe("Null until the first item is added."),
      products: z.array(cartProductSchema),
      engravings: z.array(
        engravingSchema.extend({
          master_id: z.string(),
          master_sku: z.string(),
          cart_id: z.string(),
          qty: z.number().int(),
        }),
      ),
      promo: promoSchema.nullable(),
      line_items: z.array(lineItemSchema),
      shippingOptions: z.array(shippingOptionSchema),
      selectedShippingOption: selectedShippingSchema,
      fee: feeSchema,
      split_cart: z
        .record(
          z.string(),
          z.object({
            store_id: z.string(),
            name: z.string(),
            is_shipping: z.boolean(),
            products: z.array(cartProductSchema),
            subtotal: cents(),
            minimum: cents(),
            minimum_error: z.string().nullable(),
            limit_error: z
              .string()
              .nullable()
              .describe(
                "When this store's part is over a state's cap on a class per order (wine shipped to the District: 9 litres), what the cap is and how much the part holds; checkout refuses it (`legal_limit_exceeded`). Null within every cap",
              ),
            delivery_fee: cents(),
            return_fee: cents().describe(
              "Kept of the store's order if it is refused at the door (no valid ID of someone 21 or over…); 0 for shipping.",
            ),
            eta_minutes: z.number().int(),
            sale_classes: z
              .array(z.enum(SALE_CLASSES))
              .describe(
                "The classes of this part's available lines whose hours a law sets (spirits, beer…): give them to GET /menu/availability as `classes` for the times every line may be delivered. Checkout refuses a time the law forbids (`delivery_not_allowed`)",
              ),
          }),
        )
        .describe("One entry per store, keyed by store id."),
      split: z.boolean(),
      multi_store_id: z.string().nullable(),
      verification_required: z.boolean(),
      recommendations: z.array(
        z.object({
          sku_id: z.string(),
          title: z.string(),
          price: cents(),
          image: z.string(),
          url: z.string(),
          store_id: z.string(),
        }),
      ),
      unavailable_message: z.string().nullable(),
      count: z.number().int().describe("Number of items (quantities added up)."),
      subtotal: cents(),
      discount: cents().describe("What the promo takes off."),
      credit: z.object({ balance: cents(), applied: cents() }),
      round_up: cents(),
      tip: cents(),
      tax: cents().describe(
        "Sales and alcohol taxes on the cart as it is: an estimate until the order is placed.",
      ),
      total: cents(),
      free_shipping: z.object({ threshold: cents(), qualifies: z.boolean(), hint: z.string().nullable() }),
    })
    .meta({
      id: "Cart",
      description: "The cart, computed on the server (money in integer cents).",
      example: cartExample,
    }),
);

export const syncedCartSchema = cartSchema.extend({
  changes: z.array(z.string()).describe("What changed, in the shopper's words."),
});

export const shippingAnswerSchema = z.object({
  shippingOptions: z.array(shippingOptionSchema),
  selectedShippingOption: selectedShippingSchema,
  fee: feeSchema,
});

export const cartRelocationSchema = describes<CartRelocation>()(
  z.object({
    store_id: z.string(),
    moved: z.number().int(),
    unavailable: z.array(z.object({ cart_id: z.string(), sku_id: z.string(), title: z.string() })),
    lowered: z.array(
      z.object({ cart_id: z.string(), sku_id: z.string(), title: z.string(), qty: z.number().int() }),
    ),
    message: z.string().nullable(),
  }),
);
