import { type Kysely, sql } from "kysely";

/**
 * Product photos (issue 34 §2, docs/adr/0071-product-photos.md): a product's current photo, by the key its files are
 * kept under (domain/images/photo.ts), with who gave it and what the uploaded file was. The files themselves are in
 * the photo store (a directory or a bucket); `products.image` points at the photo while it has one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_photos (
      sku_id text primary key references products(sku_id) on delete cascade,
      photo_key text not null check (photo_key ~ '^[0-9a-f]{16}$'),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      uploaded_type text not null,
      uploaded_bytes integer not null check (uploaded_bytes > 0),
      uploaded_by text not null references users(id),
      uploaded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index product_photos_recent on product_photos (uploaded_at desc)`.execute(db);
}
