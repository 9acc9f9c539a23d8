import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";

/** The two government price lists the catalogue is built from (see data/catalogue/SOURCES.md). */
export const IOWA_FILE = "iowa_liquor_products_2024-03.csv";
export const BC_FILE = "bc_liquor_store_product_price_list_c2015.csv";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The repository's own copy of the price lists: a clone seeds with nothing beside it. */
export const BUNDLED_CATALOGUE_DIR = path.join(repoRoot, "data/catalogue");

/** The catalogue folder: CATALOGUE_DIR when set, else the repository's data/catalogue. */
export function resolveCatalogueDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.CATALOGUE_DIR ? path.resolve(env.CATALOGUE_DIR) : BUNDLED_CATALOGUE_DIR;
  const missing = [IOWA_FILE, BC_FILE].filter((file) => !fs.existsSync(path.join(dir, file)));
  if (missing.length > 0) {
    throw new Error(
      `Catalogue data not found: ${missing.join(", ")} missing in ${dir}. ` +
        "Set CATALOGUE_DIR to the folder holding the Iowa and BC price lists (see docs/catalogue.md).",
    );
  }
  return dir;
}

export interface SourceFiles {
  iowa: Buffer;
  bc: Buffer;
}

export function readSourceFiles(dir: string): SourceFiles {
  return { iowa: fs.readFileSync(path.join(dir, IOWA_FILE)), bc: fs.readFileSync(path.join(dir, BC_FILE)) };
}

/** The code that decides what the seed writes: editing any of it reseeds at the next start. */
const SEED_RULE_FILES = [
  "domain/money.ts",
  "domain/slug.ts",
  "domain/catalogue/brand.ts",
  "domain/catalogue/category-mapping.ts",
  "domain/catalogue/constants.ts",
  "domain/catalogue/etching.ts",
  "domain/catalogue/inventory.ts",
  "domain/catalogue/naming.ts",
  "domain/catalogue/pricing.ts",
  "domain/catalogue/product-tags.ts",
  "domain/catalogue/source-sku.ts",
  "domain/catalogue/variant-group.ts",
  "domain/catalogue/volume.ts",
];
const SEED_DIR = "db/seed";

/** The seed's own source files (rules and data), read so the checksum follows code changes. */
export function readSeedCode(): Buffer[] {
  const seedFiles = fs
    .readdirSync(path.join(repoRoot, SEED_DIR))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((f) => `${SEED_DIR}/${f}`);
  return [...SEED_RULE_FILES, ...seedFiles].map((file) => fs.readFileSync(path.join(repoRoot, file)));
}

/** sha256 over the seed version, the two source files and the seed's code (its rules and its own data). */
export function seedChecksum(version: string, files: SourceFiles, code: readonly Buffer[]): string {
  const hash = createHash("sha256");
  hash.update(`${version}\n`);
  hash.update(files.iowa);
  hash.update(files.bc);
  for (const file of code) hash.update(file);
  return hash.digest("hex");
}

export type CsvRow = Record<string, string>;

export function parseCsv(content: Buffer): CsvRow[] {
  return parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as CsvRow[];
}
