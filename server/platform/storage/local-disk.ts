import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { type ObjectStore, ObjectStoreUnavailable } from "./object-store.ts";

const TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
};

/** An object store in a directory (the embedded default: `DATA_DIR/photos`). A file's type is read off its name. */
export class LocalDiskStore implements ObjectStore {
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    const file = path.resolve(this.dir, key);
    if (!file.startsWith(`${path.resolve(this.dir)}${path.sep}`))
      throw new Error(`key outside the store: ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (err) {
      throw new ObjectStoreUnavailable(err);
    }
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const file = this.fileOf(key);
    try {
      return {
        bytes: await readFile(file),
        contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new ObjectStoreUnavailable(err);
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.fileOf(key), { force: true })));
  }
}
