/**
 * Where files we make are kept (product photos: docs/adr/0071-product-photos.md), behind one interface: a directory
 * on the embedded default, an S3-compatible bucket in production. Keys are relative paths ("IA-18006-750/…-480.jpg"),
 * already checked by their owner; a store never builds one from input.
 */
export interface ObjectStore {
  /** Keeps the bytes under the key, replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Forgets the keys; a key with nothing under it is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** The store could not be reached or refused: callers answer 503, and nothing that points at the file is written. */
export class ObjectStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The photo store did not answer: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}
