import type { Config } from "#server/config.ts";
import { LocalDiskStore } from "./local-disk.ts";
import type { ObjectStore } from "./object-store.ts";
import { S3Store } from "./s3.ts";

export { LocalDiskStore } from "./local-disk.ts";
export { type ObjectStore, ObjectStoreUnavailable } from "./object-store.ts";
export { S3Store } from "./s3.ts";

/** The photo store the configuration names (PHOTO_STORE): DATA_DIR/photos by default, or an S3-compatible bucket. */
export function openPhotoStore(config: Pick<Config, "photos">): ObjectStore {
  const photos = config.photos;
  if (photos.kind === "disk") return new LocalDiskStore(photos.dir);
  return new S3Store(photos);
}
