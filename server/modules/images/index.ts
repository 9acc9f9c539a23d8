import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { openPhotoStore } from "#server/platform/storage/index.ts";
import { photoRoutes } from "./photo-routes.ts";
import { imageRoutes } from "./routes.ts";

export { imageRoutes } from "./routes.ts";

/** Product and category images: the drawn art, and the photos administrators give products. */
export async function registerImages(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    recordAudit: RecordAudit;
    storeProposed: (storeId: string, sku: string) => Promise<boolean>;
  },
): Promise<void> {
  await app.register(imageRoutes, deps);
  await app.register(photoRoutes, { ...deps, photos: openPhotoStore(deps.config) });
}
