import type { ColumnType } from "kysely";

/** Table types of product photos (0040-product-photos); part of `Database`. */

export interface ProductPhotosTable {
  sku_id: string;
  /** The photo's files are named by it (domain/images/photo.ts): 16 hex digits of the uploaded file's SHA-256. */
  photo_key: string;
  /** The photo's size once turned upright, in pixels. */
  width: number;
  height: number;
  /** What was uploaded: its type as read from its bytes, and its size. */
  uploaded_type: string;
  uploaded_bytes: number;
  uploaded_by: string;
  uploaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ImagesDatabase {
  product_photos: ProductPhotosTable;
}
