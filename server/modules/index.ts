import type { FastifyInstance } from "fastify";
import { openTaxService, registerTaxService } from "#server/platform/tax/index.ts";
import type { Config } from "../config.ts";
import type { Db } from "../platform/db.ts";
import type { JobQueue } from "../platform/jobs.ts";
import { registerAccounts } from "./accounts/index.ts";
import { registerAge } from "./age/index.ts";
import { registerAnalytics } from "./analytics/index.ts";
import { registerBanners } from "./banners/index.ts";
import { cartRoutes, transferCart } from "./cart/index.ts";
import { catalogueRoutes } from "./catalogue/index.ts";
import { registerChat } from "./chat/index.ts";
import { registerCheckout } from "./checkout/index.ts";
import { recordAudit, registerConsole, storeProposed } from "./console/index.ts";
import { contentRoutes } from "./content/index.ts";
import { registerEnquiries } from "./enquiries/index.ts";
import { registerGeo } from "./geo/index.ts";
import { registerGifts } from "./gifts/index.ts";
import { registerImages } from "./images/index.ts";
import { onOrderMoved, registerLoyalty } from "./loyalty/index.ts";
import { openOutbox, registerMessages } from "./messages/index.ts";
import {
  noticeOrderMoves,
  openNotifications,
  type PushTransport,
  registerNotifications,
} from "./notifications/index.ts";
import { openOrders, registerOrders } from "./orders/index.ts";
import { registerPayments } from "./payments/index.ts";
import { ensureDemoPromos, promoRoutes } from "./promos/index.ts";
import { registerRecommendations } from "./recommendations/index.ts";
import { openReferrals, referOrderMoves, registerReferrals } from "./referrals/index.ts";
import { reviewRoutes } from "./reviews/index.ts";
import { roundUpRoutes } from "./roundup/index.ts";
import { searchRoutes } from "./search/index.ts";
import { registerStatements } from "./statements/index.ts";
import { registerSubstitutions } from "./substitutions/index.ts";
import { registerTips } from "./tips/index.ts";
import { registerTracking } from "./tracking/index.ts";

export interface ModuleDeps {
  db: Db;
  config: Config;
  /** The clock delivery availability reads; the system clock when absent. */
  now?: () => Date;
  /** The durable job queue (pg-boss) modules put their background work on. */
  jobs: JobQueue;
  /** Work the job queues on this instance (main.ts; tests that exercise the workers). */
  workers: boolean;
  /** Tracking streams' heartbeat period (HEARTBEAT_MS unless a test shortens it). */
  heartbeatMs?: number;
  recoverySweepMs?: number;
  /** How Web Push leaves (a test's local push service); the web-push library by default. */
  push?: PushTransport;
  /** The answer caches (off in tests unless one asks: they change stock and prices and read them back at once). */
  caching?: boolean;
}

/** Every capability's routes, registered in one place so the API surface reads top to bottom. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  // Who computes taxes for this app's carts and orders (TAX_SERVICE; docs/adr/0069-tax-service.md).
  registerTaxService(deps.db, openTaxService(deps.config));
  // First: the request context (session, anonymous visitor, CSRF) must see every route.
  const outbox = await openOutbox(deps.jobs);
  // Every status change (moveOrder) sends its notification job: the queue exists before any module moves orders.
  await openNotifications(deps.jobs);
  // A completed order sends the referral job (moveOrder): its queue too.
  await openReferrals(deps.jobs);
  // Modules react to an order's moves in the move's transaction, in this order: the shopper is told, loyalty
  // points are earned or given back, a referral is decided.
  const orderMoves = await openOrders(deps.jobs);
  orderMoves.onOrderMoved(noticeOrderMoves(deps.jobs));
  orderMoves.onOrderMoved((moved, tx) => onOrderMoved(tx, moved, new Date()));
  orderMoves.onOrderMoved(referOrderMoves(deps.jobs));
  const accounts = await registerAccounts(app, { ...deps, outbox });
  accounts.onIdentityLinked((anonymousId, userId, tx) => transferCart(tx, anonymousId, userId));
  const geo = await registerGeo(app, deps);
  // Tests change stock and prices and read them back at once: no answer caches there.
  await app.register(catalogueRoutes, { db: deps.db, caching: deps.caching ?? deps.config.env !== "test" });
  await app.register(cartRoutes, { ...deps, limiter: accounts.limiter });
  await app.register(searchRoutes, { db: deps.db });
  await app.register(contentRoutes, deps);
  await registerImages(app, {
    ...deps,
    recordAudit,
    storeProposed: (storeId, sku) => storeProposed(deps.db, storeId, sku),
  });
  await registerAge(app, { ...deps, limiter: accounts.limiter, recordAudit });
  const payments = await registerPayments(app, { ...deps, limiter: accounts.limiter });
  await registerCheckout(app, {
    ...deps,
    provider: payments.provider,
    outbox,
    orderMoves,
    locate: geo.locate,
  });
  await registerOrders(app, { ...deps, provider: payments.provider, orderMoves });
  await registerTips(app, {
    db: deps.db,
    config: deps.config,
    provider: payments.provider,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(reviewRoutes, { db: deps.db });
  await registerRecommendations(app, { ...deps, caching: deps.caching ?? deps.config.env !== "test" });
  await registerTracking(app, { db: deps.db, heartbeatMs: deps.heartbeatMs });
  await registerConsole(app, { ...deps, provider: payments.provider, outbox, orderMoves });
  await registerStatements(app, deps);
  await registerSubstitutions(app, { ...deps, provider: payments.provider, outbox });
  await registerGifts(app, { ...deps, provider: payments.provider, outbox, orderMoves });
  await registerNotifications(app, { ...deps, outbox });
  await app.register(roundUpRoutes, { db: deps.db });
  await ensureDemoPromos(deps.db, deps.config);
  await app.register(promoRoutes, {
    db: deps.db,
    limiter: accounts.limiter,
    now: deps.now ?? (() => new Date()),
  });
  // Staff adjustments are console actions: audited in the console's trail, in their own transaction.
  await registerLoyalty(app, { db: deps.db, config: deps.config, now: deps.now, recordAudit });
  await registerReferrals(app, { ...deps, outbox, accounts });
  await registerEnquiries(app, { ...deps, outbox, limiter: accounts.limiter });
  await registerAnalytics(app, {
    db: deps.db,
    limiter: accounts.limiter,
    csrf: accounts.csrf,
    now: deps.now,
  });
  await registerBanners(app, { db: deps.db, limiter: accounts.limiter, now: deps.now });
  await registerChat(app, { ...deps, outbox, limiter: accounts.limiter });
  await registerMessages(app, { ...deps, work: deps.workers });
}
