import type { SessionInfo, User } from "#domain/accounts/types.ts";
import type { Availability } from "#domain/availability/types.ts";
import type { CartLineItem } from "#domain/cart/totals.ts";
import type { Cart, CartProduct } from "#domain/cart/types.ts";
import type { Brand, Category, Product } from "#domain/catalogue/types.ts";
import type { AddressResult, SavedAddress, Vendor } from "#domain/geo/api.ts";
import type { ConsoleOrder, Order } from "#domain/orders/types.ts";
import type { SavedCard } from "#domain/payments/types.ts";

/**
 * Examples of the shared answers, for the OpenAPI document (docs/adr/0056-api-contract.md, "Examples"): real
 * answers of an app seeded with the catalogue (db/seed) for a shopper at 350 5th Ave, New York, served by the
 * West Village store: a bottle of Buffalo Trace Bourbon and two of Tito's Handmade Vodka, ordered. Each is typed
 * as its domain type and attached to its schema with `.meta({ example })`; openapi-sampler builds every
 * operation's example from the schemas around them (server/openapi/examples.ts).
 */

export const productExample: Product = {
  sku_id: "IA-18006-750",
  title: "Buffalo Trace Bourbon",
  subtitle: "750ml · 45% ABV",
  company: "Sazerac Company Inc",
  brand: "Buffalo Trace",
  brand_slug: "buffalo-trace",
  price: 2699,
  regular_price: 2499,
  package_item_price: null,
  package_qty: 1,
  image: "/images/products/IA-18006-750.svg",
  image_large: "/images/products/IA-18006-750.svg",
  volume: 750,
  volume_label: "750ml",
  volume_variants: [
    {
      sku_id: "IA-918004-375",
      volume_label: "375ml",
      price: 1699,
      url: "/whiskey/buffalo-trace-bourbon/IA-918004-375",
    },
    {
      sku_id: "IA-18006-750",
      volume_label: "750ml",
      price: 2699,
      url: "/whiskey/buffalo-trace-bourbon/IA-18006-750",
    },
  ],
  options: [
    {
      name: "375ml",
      sku_id: "IA-918004-375",
      default: false,
    },
    {
      name: "750ml",
      sku_id: "IA-18006-750",
      default: true,
    },
  ],
  ingredients: [],
  categories: ["whiskey", "spirits"],
  default_category: "whiskey",
  tags: ["WS"],
  average_rating: null,
  rating_count: 0,
  disabled: false,
  substitution_preference: "substitute",
  minPrice: 2399,
  maxPrice: 2699,
  url: "/whiskey/buffalo-trace-bourbon/IA-18006-750",
  seller: {
    store_id: "st_nyc-west-village",
    name: "West Village Wine & Spirits",
  },
  in_stock: true,
  stock: 36,
  type: "Straight Bourbon Whiskey",
  country: "United States",
  abv: 45,
  description:
    "Straight Bourbon Whiskey from the United States, 750ml at 45% ABV. Supplied by Sazerac Company Inc.",
  is_tobacco: false,
  etch_sku: null,
  etch_of: null,
};

export const categoryExample: Category = {
  _id: "cat_spirits",
  name: "Spirits",
  web_display_name: "Spirits",
  url_name: "spirits",
  tag: "ST",
  tags: ["WS", "VO", "RU", "TQ", "GN", "SP", "CO"],
  ordinal: 3,
  parent_id: null,
  product_count: 9460,
  is_tobacco: false,
  icon: "/images/categories/spirits.svg",
  image: "/images/categories/spirits.svg",
  root_category_display: "WEB_MAIN",
  description: "Whiskey, vodka, tequila, rum, gin, liqueurs and ready-made cocktails.",
  url: "/spirits",
  subcategories: [
    {
      _id: "cat_whiskey",
      name: "Whiskey",
      web_display_name: "Whiskey",
      url_name: "whiskey",
      tag: "WS",
      tags: ["WS"],
      ordinal: 1,
      parent_id: "cat_spirits",
      product_count: 3345,
      is_tobacco: false,
      icon: "/images/categories/whiskey.svg",
      image: "/images/categories/whiskey.svg",
      root_category_display: "WEB_SUB",
      description: "Bourbon, rye, Scotch, Irish and Canadian whisky.",
      url: "/whiskey",
      subcategories: [],
    },
    {
      _id: "cat_vodka",
      name: "Vodka",
      web_display_name: "Vodka",
      url_name: "vodka",
      tag: "VO",
      tags: ["VO"],
      ordinal: 2,
      parent_id: "cat_spirits",
      product_count: 1278,
      is_tobacco: false,
      icon: "/images/categories/vodka.svg",
      image: "/images/categories/vodka.svg",
      root_category_display: "WEB_SUB",
      description: "Plain and flavoured vodka.",
      url: "/vodka",
      subcategories: [],
    },
  ],
};

export const brandExample: Brand = {
  name: "Buffalo Trace",
  slug: "buffalo-trace",
  has_tobacco: false,
  product_count: 16,
};

const [buffaloTrace, titos] = [
  {
    sku_id: "IA-18006-750",
    cart_id: "664ef38b-d999-4536-b03b-2f2ac726053e",
    store_id: "st_nyc-west-village",
    qty: 1,
    price: 2699,
    package_qty: 1,
    package_item_price: null,
    subtotal: 2699,
    originalSubtotal: 2699,
    substitution_preference: "substitute",
    title: "Buffalo Trace Bourbon",
    subtitle: "750ml · 45% ABV",
    company: "Sazerac Company Inc",
    type: "Straight Bourbon Whiskey",
    volume: 750,
    volume_label: "750ml",
    url: "/whiskey/buffalo-trace-bourbon/IA-18006-750",
    image: "/images/products/IA-18006-750.svg",
    engraving: null,
    is_etch: false,
    stock: 36,
    available: true,
    unavailable_reason: null,
    restriction: null,
    group_mapping: null,
  },
  {
    sku_id: "IA-38176-750",
    cart_id: "4c5261d1-6aa0-454e-8842-0e12b6536507",
    store_id: "st_nyc-west-village",
    qty: 2,
    price: 2099,
    package_qty: 1,
    package_item_price: null,
    subtotal: 4198,
    originalSubtotal: 4198,
    substitution_preference: "substitute",
    title: "Tito's Handmade Vodka",
    subtitle: "750ml · 40% ABV",
    company: "Fifth Generation Inc",
    type: "American Vodka",
    volume: 750,
    volume_label: "750ml",
    url: "/vodka/titos-handmade-vodka/IA-38176-750",
    image: "/images/products/IA-38176-750.svg",
    engraving: null,
    is_etch: false,
    stock: 12,
    available: true,
    unavailable_reason: null,
    restriction: null,
    group_mapping: null,
  },
] satisfies CartProduct[];

export const cartProductExample: CartProduct = buffaloTrace;

export const lineItemsExample: CartLineItem[] = [
  {
    title: "Subtotal",
    display: "$68.97",
    value: 6897,
    format: "SUBTOTAL",
  },
  { title: "Delivery fee", display: "$3.99", value: 399, format: "FEE" },
  // New York's 8.875% (state, city and MCTD) on the bottles and the delivery fee.
  { title: "Estimated tax", display: "$6.47", value: 647, format: "FEE" },
  {
    title: "Total",
    display: "$79.43",
    value: 7943,
    format: "TOTAL",
  },
];

export const lineItemExample: CartLineItem = lineItemsExample[0];

const westVillage = { id: "st_nyc-west-village", name: "West Village Wine & Spirits" };

export const cartExample: Cart = {
  id: "2df66198-7657-4157-a935-e450ea55153d",
  products: [buffaloTrace, titos],
  engravings: [],
  promo: null,
  line_items: lineItemsExample,
  shippingOptions: [],
  selectedShippingOption: null,
  fee: { shipping_name: null, shipping_fee: 0, delivery_fee: 399 },
  split_cart: {
    [westVillage.id]: {
      store_id: westVillage.id,
      name: westVillage.name,
      is_shipping: false,
      products: [buffaloTrace, titos],
      subtotal: 6897,
      minimum: 3000,
      minimum_error: null,
      limit_error: null,
      delivery_fee: 399,
      return_fee: 500,
      eta_minutes: 25,
      sale_classes: ["spirits"],
    },
  },
  split: false,
  multi_store_id: null,
  verification_required: false,
  recommendations: [],
  unavailable_message: null,
  count: 3,
  subtotal: 6897,
  discount: 0,
  credit: { balance: 0, applied: 0 },
  round_up: 0,
  tip: 0,
  tax: 647,
  total: 7943,
  free_shipping: { threshold: 15000, qualifies: false, hint: null },
};

export const vendorExample: Vendor = {
  store_id: westVillage.id,
  shipping: false,
  banner: null,
  store: {
    ...westVillage,
    is_shipping: false,
    eta_minutes: 25,
    min_order_cents: 3000,
    delivery_fee_cents: 399,
  },
};

export const addressExample: SavedAddress = {
  address: "350 5th Ave, New York, NY 10001",
  street: "350 5th Ave",
  street_number: "350",
  route: "5th Ave",
  unit: null,
  city: "New York",
  state: "NY",
  zip: "10001",
  lat: 40.7484,
  lng: -73.9967,
  store_id: westVillage.id,
  shipping: false,
};

export const availabilityExample: Availability = {
  store_id: "st_nyc-west-village",
  shipping: false,
  timezone: "America/New_York",
  immediate_delivery: true,
  scheduling: true,
  eta: {
    display: "25–40 min",
    minutes: 25,
  },
  selection_text: "Delivery in 25–40 min",
  dates: [
    {
      date: "2026-11-28",
      label: "Today",
      slots: [
        {
          start: "2026-11-29T02:00:00.000Z",
          end: "2026-11-29T03:00:00.000Z",
          label: "9:00 PM – 10:00 PM",
        },
        {
          start: "2026-11-29T03:00:00.000Z",
          end: "2026-11-29T04:00:00.000Z",
          label: "10:00 PM – 11:00 PM",
        },
      ],
    },
    {
      date: "2026-11-29",
      label: "Tomorrow",
      slots: [
        {
          start: "2026-11-29T17:00:00.000Z",
          end: "2026-11-29T18:00:00.000Z",
          label: "12:00 PM – 1:00 PM",
        },
        {
          start: "2026-11-29T18:00:00.000Z",
          end: "2026-11-29T19:00:00.000Z",
          label: "1:00 PM – 2:00 PM",
        },
      ],
    },
  ],
};

export const userExample: User = {
  id: "24f6dfde-206f-4c3b-ac54-9c99166f51b1",
  objectId: "24f6dfde-206f-4c3b-ac54-9c99166f51b1",
  firstname: "Ann",
  lastname: "Lee",
  username: "ann.lee@example.com",
  email: "ann.lee@example.com",
  gender: null,
  mobile: null,
  countryCode: null,
  birthday: "1990-05-17",
  stated_source: null,
  signup_platform: "web",
  display_mode: "system",
  emailVerified: true,
  mobileVerified: false,
  ageVerificationStatus: null,
  numPurchases: 1,
  loyaltyPoints: 0,
  loyaltyStatus: "Member",
  credit: 0,
  roundUpEnabled: false,
  roundUpOrgID: null,
  roundUpAmount: null,
  direct_only: false,
  role: "customer",
  store_id: null,
  contactPreferences: {
    email: true,
    sms: false,
    push: false,
  },
  signupPromo: null,
  linkedProviders: [],
  createdAt: "2026-11-29T01:22:59.564Z",
};

export const sessionInfoExample: SessionInfo = {
  user: {
    id: "24f6dfde-206f-4c3b-ac54-9c99166f51b1",
    firstname: "Ann",
    lastname: "Lee",
    email: "ann.lee@example.com",
    role: "customer",
    display_mode: "system",
    ageVerificationStatus: null,
  },
  csrfToken: "GZ7ATr9FJ2b4MsSrMcSJnR-6gbNP6By-kN98Pox_jkEZ1dqHK9zYYolRQgJOwtd_9mp4JRx4S9l6Pvsk2VY48A",
  sessionEnded: false,
};

export const savedCardExample: SavedCard = {
  id: "card_13af94c7-94f0-41a8-9468-3389d8faa736",
  brand: "visa",
  last4: "4242",
  exp_month: 12,
  exp_year: 2031,
  country: "US",
  is_primary: true,
  created_at: "2026-11-29T01:23:01.408Z",
};

const orderedLines: Order["products"] = [
  {
    sku_id: "IA-18006-750",
    title: "Buffalo Trace Bourbon",
    subtitle: "750ml · 45% ABV",
    image: "/images/products/IA-18006-750.svg",
    url: "/whiskey/buffalo-trace-bourbon/IA-18006-750",
    qty: 1,
    price: 2699,
    subtotal: 2699,
    engraving: null,
    substitution_preference: "substitute",
  },
  {
    sku_id: "IA-38176-750",
    title: "Tito's Handmade Vodka",
    subtitle: "750ml · 40% ABV",
    image: "/images/products/IA-38176-750.svg",
    url: "/vodka/titos-handmade-vodka/IA-38176-750",
    qty: 2,
    price: 2099,
    subtotal: 4198,
    engraving: null,
    substitution_preference: "substitute",
  },
];

export const orderExample: Order = {
  _id: "1f2edac0-daad-40e7-9d54-8b18d952e5a7",
  order_number: 100002,
  checkout_id: "24f6dfde-206f-4c3b-ac54-9c99166f51b1_mx15nfwl",
  order_status: 0,
  shipping: false,
  shipping_status: null,
  failed_status: null,
  eta: "25 min",
  driver: null,
  tracking_state: null,
  store: {
    id: "st_nyc-west-village",
    name: "West Village Wine & Spirits",
  },
  products: orderedLines,
  subtotal: 6897,
  total: 7943,
  charge: {
    brand: "visa",
    last4: "4242",
    method: "card",
  },
  // An order's tax is no longer an estimate.
  line_items: lineItemsExample.map((l) => (l.title === "Estimated tax" ? { ...l, title: "Tax" } : l)),
  taxes: [
    { title: "City of New York sales tax", display: "$3.28", value: 328 },
    { title: "New York State sales tax", display: "$2.92", value: 292 },
    { title: "Metropolitan Commuter Transportation District sales tax", display: "$0.27", value: 27 },
  ],
  delivery_address_detail: {
    address: "350 5th Ave, New York, NY 10001",
    city: "New York",
    state: "NY",
    zip: "10001",
    lat: 40.7484,
    lng: -73.9967,
    unit: null,
    business_name: null,
    business_phone: null,
    type: "Residential",
  },
  delivery_notes: null,
  recipient_note: null,
  scheduled: null,
  gift_info: null,
  promo_code: null,
  round_up: null,
  substitution_status: null,
  tip: null,
  tip_total: 0,
  checkout_tip: {
    amount: 0,
    changeable: true,
  },
  feedback: null,
  active: true,
  created_at: "2026-11-29T01:23:05.253Z",
};

export const consoleOrderExample: ConsoleOrder = {
  ...orderExample,
  customer: { firstname: "Ann", lastname: "Lee", email: userExample.email, mobile: null },
  money: { total: 7943, credit: 0, captured: 0, refunded: 0, refundable: 0 },
  substitutions: [],
  events: [
    {
      type: "placed",
      from_status: null,
      to_status: -1,
      actor: `user:${userExample.id}`,
      data: {},
      at: "2026-11-29T01:23:05.253Z",
    },
    {
      type: "paymentAuthorised",
      from_status: -1,
      to_status: 0,
      actor: "payment",
      data: { type: "paymentAuthorised", scheduled: false },
      at: "2026-11-29T01:23:05.341Z",
    },
  ],
};

export const addressResultExample: AddressResult = {
  ...addressExample,
  vendor: vendorExample,
  availability: availabilityExample,
  hasStoreIdChanged: false,
  store_change: null,
  cart: null,
  restrictions: [],
};
