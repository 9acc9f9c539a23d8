import type { ColumnType } from "kysely";

/** Table types of age verification (0014-age-verification); part of `Database` in schema.ts. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type AgeVerificationState = "pending" | "success" | "failed";
export type AgeVerificationReason =
  | "unreadable"
  | "under_age"
  | "expired"
  | "name_mismatch"
  | "document_in_use";

export interface AgeVerificationsTable {
  id: string;
  user_id: string;
  status: ColumnType<AgeVerificationState, AgeVerificationState | undefined, AgeVerificationState>;
  reason: ColumnType<
    AgeVerificationReason | null,
    AgeVerificationReason | null | undefined,
    AgeVerificationReason | null
  >;
  /** SHA-256 (hex) of the scan session's token. */
  token_hash: string;
  session_expires_at: Timestamp;
  jurisdiction: ColumnType<string | null, string | null | undefined, string | null>;
  /** HMAC-SHA256 (hex) of country, jurisdiction and document number, keyed with the "age-documents" server key. */
  document_hash: ColumnType<string | null, string | null | undefined, string | null>;
  verified_at: NullableTimestamp;
  /** YYYY-MM-DD: the last day a success or an under-age refusal holds. */
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  /** An administrator cleared this refusal (0033): it no longer stands; who, when and why. */
  cleared_at: NullableTimestamp;
  cleared_by: ColumnType<string | null, string | null | undefined, string | null>;
  cleared_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AgeDatabase {
  age_verifications: AgeVerificationsTable;
}
