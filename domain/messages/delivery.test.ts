import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  httpFailureIsPermanent,
  MAX_DELIVERY_ATTEMPTS,
  smtpFailureIsPermanent,
  statusAfterAttempt,
} from "./delivery.ts";

describe("statusAfterAttempt", () => {
  it.each([
    [1, { ok: true }, "sent"],
    [MAX_DELIVERY_ATTEMPTS, { ok: true }, "sent"],
    [1, { ok: false, permanent: true }, "failed"],
    [1, { ok: false, permanent: false }, "queued"],
    [MAX_DELIVERY_ATTEMPTS - 1, { ok: false, permanent: false }, "queued"],
    [MAX_DELIVERY_ATTEMPTS, { ok: false, permanent: false }, "failed"],
    [MAX_DELIVERY_ATTEMPTS + 3, { ok: false, permanent: false }, "failed"],
  ] as const)("attempt %i, %j → %s", (attempt, outcome, status) => {
    expect(statusAfterAttempt(attempt, outcome)).toBe(status);
  });

  it("retries a transient failure exactly until the tries are used up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (attempt, max) => {
        const status = statusAfterAttempt(attempt, { ok: false, permanent: false }, max);
        expect(status).toBe(attempt < max ? "queued" : "failed");
      }),
    );
  });
});

describe("smtpFailureIsPermanent", () => {
  it.each([
    [undefined, false], // connection refused, timeout
    [421, false], // service not available, closing
    [450, false], // mailbox busy
    [451, false], // local error, greylisting
    [452, false], // insufficient storage
    [550, true], // no such mailbox
    [552, true], // message too large
    [553, true], // mailbox name not allowed
    [554, true], // transaction failed
  ])("reply %s → permanent %s", (code, permanent) => {
    expect(smtpFailureIsPermanent(code)).toBe(permanent);
  });
});

describe("httpFailureIsPermanent", () => {
  it.each([
    [undefined, false],
    [400, true], // invalid number
    [401, true], // bad credentials
    [403, true],
    [404, true],
    [408, false],
    [409, false],
    [425, false],
    [429, false],
    [500, false],
    [502, false],
    [503, false],
  ])("status %s → permanent %s", (status, permanent) => {
    expect(httpFailureIsPermanent(status)).toBe(permanent);
  });
});
