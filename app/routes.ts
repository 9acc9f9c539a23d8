import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * The storefront's route table, in the order of spec §2. Every page sits under one pathless layout whose error
 * boundary shows the not-found page (status 404) or the 500 screen. Full-screen pages (no main shell) say so
 * with `handle.fullScreen` (see app/lib/full-screen.ts) and are marked `fullScreen(…)` below: they sit outside the
 * shell's layout (routes/shell.tsx), so they load none of its code (issue 35 §3). The shell's layout renders the
 * shell around all other pages, except where a page's data makes it full-screen (a city landing page).
 */

/**
 * Content pages inside the shell (texts in app/features/content/pages/). /share, /retailers, /business, /careers,
 * /apply and /liquor-gift-guide have routes of their own: their texts with a form, the shopper's invites or the
 * catalogue (issue 17).
 */
const CONTENT_PAGES = [
  "privacy-policy",
  "terms-of-service",
  "sweepstakes-rules",
  "returns-refunds",
  "contact-us",
  "merchant-terms",
  "merchant-manageddelivery-terms",
  "loyalty-program-benefits",
  "about",
];

/** The pages marked full-screen, in the order of the table below. */
const FULL_SCREEN_PAGES = new Set<RouteConfigEntry>();
function fullScreen(entry: RouteConfigEntry): RouteConfigEntry {
  FULL_SCREEN_PAGES.add(entry);
  return entry;
}

/** The shell's layout: the header, footer, cart, address prompt and chat around every page not full-screen. */
export const SHELL_LAYOUT = "routes/shell.tsx";

const PAGES: RouteConfigEntry[] = [
  // Home
  index("routes/home.tsx"),
  route("welcome", "routes/home.tsx", { id: "routes/welcome" }),

  // Brands and search
  route("brands", "routes/brands.tsx"),
  route("brands/:brandname", "routes/brand.tsx"),
  route("search", "routes/search-form.tsx"),
  route("search/:searchQuery", "routes/search.tsx"),

  // Content pages
  ...CONTENT_PAGES.map((slug) => route(slug, "routes/content-page.tsx", { id: `content/${slug}` })),
  route("share", "routes/share.tsx"),
  route("retailers", "routes/enquiry-page.tsx", { id: "enquiry/retailers" }),
  route("business", "routes/enquiry-page.tsx", { id: "enquiry/business" }),
  route("careers", "routes/careers.tsx"),
  route("apply", "routes/apply.tsx"),
  route("liquor-gift-guide", "routes/liquor-gift-guide.tsx"),

  // Redirects
  route("join", "routes/redirect.tsx", { id: "redirect/join" }),
  route("jobs", "routes/redirect.tsx", { id: "redirect/jobs" }),

  // Accounts (full screen: /login, /signup, /forgot-password, /reset-password, /sos; in the shell: /account,
  // /contact-preferences, /loyalty). /logout only answers posts; /mailbox (the local mailbox) is readable only
  // where messages are kept on this machine (server/modules/messages/mailbox-access.ts).
  fullScreen(route("login", "routes/login.tsx")),
  fullScreen(route("signup", "routes/signup.tsx")),
  fullScreen(route("signup/:promo", "routes/signup.tsx", { id: "routes/signup-promo" })),
  fullScreen(route("forgot-password", "routes/forgot-password.tsx")),
  fullScreen(route("reset-password", "routes/reset-password.tsx")),
  fullScreen(route("sos", "routes/sos.tsx")),
  route("account", "routes/account.tsx"),
  route("account/cards", "routes/account-cards.tsx"),
  route("account/promos", "routes/account-promos.tsx"),
  route("account/favourites", "routes/account-favourites.tsx"),
  route("loyalty", "routes/loyalty.tsx"),
  route("contact-preferences", "routes/contact-preferences.tsx"),
  route("logout", "routes/logout.tsx"),
  fullScreen(route("mailbox", "routes/mailbox.tsx")),

  // Checkout and orders (full screen: /checkout, /checkout2, /3dscb, /tracking, /tracking/{order_id},
  // /substitution/{orderId}, /tip/{id}, /giftclaim/{orderId}; in the shell: /orders, /orders/{id}).
  fullScreen(route("checkout", "routes/checkout.tsx")),
  fullScreen(route("checkout2", "routes/checkout2.tsx")),
  fullScreen(route("3dscb", "routes/three-ds-callback.tsx")),
  route("orders", "routes/orders.tsx"),
  route("orders/:id", "routes/order.tsx"),
  fullScreen(route("tracking", "routes/tracking.tsx")),
  fullScreen(route("tracking/:order_id", "routes/tracking-order.tsx")),
  // /substitution/{orderId} and anything beneath it (spec §2).
  fullScreen(route("substitution/:orderId/*", "routes/substitution-review.tsx")),
  // The gift claim (full screen, prefix match: anything beneath it is the same page); the link's token is the key.
  fullScreen(route("giftclaim/:orderId/*", "routes/giftclaim.tsx")),
  fullScreen(route("tip/:id", "routes/tip.tsx")),

  // The store console (staff and administrators; the API answers 403 to shoppers), under one layout that sends a
  // signed-out visitor to sign in and back: the order queue, the driver's run on a phone, one order.
  fullScreen(
    layout("routes/console-layout.tsx", [
      route("console", "routes/console.tsx"),
      route("console/driver", "routes/console-driver.tsx"),
      route("console/orders/:id", "routes/console-order.tsx"),
      // Store management: staff's shelf and terms; administrators' stores, zones, promos, staff and merchants.
      route("console/stock", "routes/console-stock.tsx"),
      route("console/stock/feed", "routes/console-stock-feed.tsx"),
      // Products stores propose from their files; administrators approve them into the catalogue.
      route("console/proposals", "routes/console-proposals.tsx"),
      route("console/stock/feed/source", "routes/console-feed-source.tsx"),
      route("console/store", "routes/console-store.tsx"),
      route("console/admin", "routes/console-admin.tsx"),
      // Administrators give products their photos (issue 34 §2).
      route("console/photos", "routes/console-photos.tsx"),
      // Loyalty: staff see and adjust a customer's points; administrators run the giveaway and draw it.
      route("console/loyalty", "routes/console-loyalty.tsx"),
      // ID checks: staff see a customer's; administrators clear a refusal that was wrong (docs/adr/0051).
      route("console/id-checks", "routes/console-id-checks.tsx"),
      // Administrators: leads and what the pages that take input sent (issue 17).
      route("console/enquiries", "routes/console-enquiries.tsx"),
      // Banners: staff make, schedule and target the grids' banners; administrators read the funnel and the searches
      // that found nothing.
      route("console/banners", "routes/console-banners.tsx"),
      route("console/analytics", "routes/console-analytics.tsx"),
      route("console/chats", "routes/console-chats.tsx"),
      // Taxes: the store's tax of a period by jurisdiction and tax type, to file, with its CSV (issue 33).
      route("console/taxes", "routes/console-taxes.tsx"),
      // Statements: what the store sold and is owed, week by week and by day, with its payouts (issue 34 §3).
      route("console/statements", "routes/console-statements.tsx"),
    ]),
  ),

  // Everything else: product pages (last segment is a SKU), /alcohol-delivery-{slug} city pages, category-group
  // pages, category pages, and otherwise the not-found page. One loader resolves them (app/features/catalogue).
  route("*", "routes/catalogue-path.tsx"),
];

export default [
  layout(SHELL_LAYOUT, [
    layout(
      "routes/page-boundary.tsx",
      PAGES.filter((page) => !FULL_SCREEN_PAGES.has(page)),
    ),
  ]),
  layout(
    "routes/page-boundary.tsx",
    { id: "routes/page-boundary-full-screen" },
    PAGES.filter((page) => FULL_SCREEN_PAGES.has(page)),
  ),
] satisfies RouteConfig;
