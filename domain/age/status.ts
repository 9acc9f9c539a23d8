import { NO_SCANNER_TOKEN } from "../copy.ts";

/**
 * Spec §4 (Age verification) and §8: the answer of POST /menu/cart/verify as the storefront's status. Success
 * gives 1; failed gives 2; unknown with a scanner token gives 0 (the scanner opens); unknown without a token gives 3
 * and 'No scanner token available'; any other result means no verification is required (null).
 */
export type VerificationStatus = 0 | 1 | 2 | 3 | null;

export interface VerificationAnswerLike {
  result?: string | null;
  token?: string | null;
}

export function verificationStatusOf(answer: VerificationAnswerLike | null | undefined): {
  status: VerificationStatus;
  error?: typeof NO_SCANNER_TOKEN;
} {
  switch (answer?.result) {
    case "success":
      return { status: 1 };
    case "failed":
      return { status: 2 };
    case "unknown":
      return answer.token ? { status: 0 } : { status: 3, error: NO_SCANNER_TOKEN };
    default:
      return { status: null };
  }
}
