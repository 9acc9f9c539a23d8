import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../platform/db.ts";
import { registerAccounts } from "./accounts/index.ts";
import { cartRoutes, transferCart } from "./cart/index.ts";
import { catalogueRoutes } from "./catalogue/index.ts";
import { contentRoutes } from "./content/index.ts";
import { registerGeo } from "./geo/index.ts";
import { imageRoutes } from "./images/index.ts";
import { searchRoutes } from "./search/index.ts";

export interface ModuleDeps {
  db: Db;
  config: Config;
  /** The clock delivery availability reads; the system clock when absent. */
  now?: () => Date;
}

/** Every capability's routes, registered in one place so the API surface reads top to bottom. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  // First: the request context (session, anonymous visitor, CSRF) must see every route.
  const accounts = await registerAccounts(app, deps);
  accounts.onIdentityLinked((anonymousId, userId, tx) => transferCart(tx, anonymousId, userId));
  await registerGeo(app, deps);
  // Tests change stock and prices and read them back at once: no answer caches there.
  await app.register(catalogueRoutes, { db: deps.db, caching: deps.config.env !== "test" });
  await app.register(cartRoutes, deps);
  await app.register(searchRoutes, { db: deps.db });
  await app.register(contentRoutes, deps);
  await app.register(imageRoutes, deps);
}
