import { NO_SCANNER_TOKEN } from "../copy.ts";

/**
 * Where a shopper stands on age verification for the cart (spec §4 Age verification), from the answer of
 * `POST /menu/cart/verify` (docs/adr/0024-age-verification.md):
 * - 1: verified (`success`);
 * - 2: refused (`failed`);
 * - 0: a scan session is open (`unknown` with a scanner token): the scanner opens;
 * - 3: no session can be opened (`unknown` without a token), with 'No scanner token available' (spec §8);
 * - null: anything else, verification is not required.
 */
export type VerificationStatus = 0 | 1 | 2 | 3 | null;

/** The fields of the answer the mapping reads; any answer (or none) can be given. */
export interface VerificationAnswerLike {
  result?: unknown;
  token?: unknown;
}

export function verificationStatusOf(answer: VerificationAnswerLike | null | undefined): {
  status: VerificationStatus;
  error?: string;
} {
  switch (answer?.result) {
    case "success":
      return { status: 1 };
    case "failed":
      return { status: 2 };
    case "unknown":
      return typeof answer.token === "string" && answer.token !== ""
        ? { status: 0 }
        : { status: 3, error: NO_SCANNER_TOKEN };
    default:
      return { status: null };
  }
}
