import { LOGIN_FAILED } from "#domain/copy.ts";
import { CROSS_SITE, CSRF_FAILED, LOGIN_REQUIRED, SESSION_ENDED } from "../modules/sessions/index.ts";

/**
 * Why an operation can answer an error: each reason is one sentence for the answer's description and one example
 * body, kept once under `components/examples`. route-contract.ts picks the reasons of each operation.
 */
export interface ErrorReason {
  status: number;
  /** When the answer is given, for the response's description. */
  when: string;
  example: { code: string; message: string };
}

export const ERROR_REASONS = {
  InvalidInput: {
    status: 400,
    when:
      "The request does not match its schema (body, query, path or headers; `message` names the field), or a " +
      "value in it is refused (`message` says why, in the shopper's words).",
    example: { code: "bad_request", message: "Invalid body.email: Please enter your email." },
  },
  UnstorableInput: {
    status: 400,
    when:
      "A NUL character or an unpaired UTF-16 surrogate in the path, a query value, a header or a JSON string " +
      "(`bad_request`, naming the field): no database can store them.",
    example: {
      code: "bad_request",
      message: "Invalid query.name: must not contain the NUL character (U+0000)",
    },
  },
  LoginRequired: {
    status: 401,
    when: "Not signed in (`login_required`).",
    example: { code: "login_required", message: LOGIN_REQUIRED },
  },
  SessionEnded: {
    status: 401,
    when:
      "The session sent has ended (`invalid_session`: expired, logged out or revoked): log in again. The " +
      "storefront logs out on this answer.",
    example: { code: "invalid_session", message: SESSION_ENDED },
  },
  NotAccepted: {
    status: 401,
    when: "The credentials, code or identity token sent were not accepted.",
    example: { code: "invalid_credentials", message: LOGIN_FAILED },
  },
  CsrfRefused: {
    status: 403,
    when: "A state change riding on a cookie without a valid `x-csrf-token` (`csrf`).",
    example: { code: "csrf", message: CSRF_FAILED },
  },
  CrossSite: {
    status: 403,
    when: "A state change from another site's page (`cross_site`: its Origin or Sec-Fetch-Site says so).",
    example: { code: "cross_site", message: CROSS_SITE },
  },
  Forbidden: {
    status: 403,
    when: "Signed in, but the account's role may not do this.",
    example: { code: "forbidden", message: "You do not have access to this." },
  },
  PaymentRefused: {
    status: 402,
    when: "The payment provider refused the card or the payment; `message` is the provider's own, for the shopper.",
    example: { code: "card_declined", message: "Your card was declined." },
  },
  NotFound: {
    status: 404,
    when: "What the request names does not exist.",
    example: { code: "not_found", message: "Product Not Found" },
  },
  Conflict: {
    status: 409,
    when: "The request conflicts with the current state.",
    example: { code: "conflict", message: "That is already taken." },
  },
  Gone: {
    status: 410,
    when: "What the request names existed but is no longer there to act on (it expired or was called off).",
    example: {
      code: "gift_expired",
      message: "This gift link has expired. Ask the sender to send it again.",
    },
  },
  PayloadTooLarge: {
    status: 413,
    when: "The body is larger than 256 KiB.",
    example: { code: "FST_ERR_CTP_BODY_TOO_LARGE", message: "Request body is too large" },
  },
  UnsupportedMediaType: {
    status: 415,
    when: "The body is neither `application/json` nor `text/plain`.",
    example: { code: "FST_ERR_CTP_INVALID_MEDIA_TYPE", message: "Unsupported Media Type: application/xml" },
  },
  Unprocessable: {
    status: 422,
    when: "The request is well-formed but cannot be carried out.",
    example: { code: "unprocessable", message: "That cannot be done." },
  },
  TooManyAttempts: {
    status: 429,
    when: "Too many attempts: wait `Retry-After` seconds.",
    example: {
      code: "too_many_attempts",
      message: "Too many attempts. Please wait 15 minutes and try again.",
    },
  },
  Internal: {
    status: 500,
    when: "Something failed on the server; it is logged with the answer's `x-request-id`.",
    example: { code: "internal", message: "Something went wrong on our side." },
  },
  BadGateway: {
    status: 502,
    when: "A service this call depends on (a merchant, a sign-in provider) did not answer as it should.",
    example: { code: "provider_unavailable", message: "The provider publishes no keys." },
  },
  Unavailable: {
    status: 503,
    when: "The server cannot answer this yet (for example no store is set up).",
    example: { code: "no_store", message: "No store is set up yet." },
  },
} as const satisfies Record<string, ErrorReason>;

export type ErrorReasonName = keyof typeof ERROR_REASONS;
