import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AGE_MESSAGES } from "#domain/age/decide.ts";
import { AgeCheckSection, type AgeCheckState } from "./age-check.tsx";
import { SCANNER_COPY } from "./scanner-copy.ts";
import type { CartVerifyAnswer } from "./types.ts";

/** Checkout's age section as the server renders it, for one answer of POST /menu/cart/verify. */
function render(answer: CartVerifyAnswer, status: AgeCheckState["status"]): string {
  const age: AgeCheckState = {
    required: true,
    check: { answer, error: null },
    status,
    error: undefined,
    waiting: null,
    refresh: async () => answer,
  };
  return renderToString(
    createElement(MemoryRouter, { initialEntries: ["/checkout"] }, createElement(AgeCheckSection, { age })),
  ).replaceAll("<!-- -->", "");
}

describe("checkout's age section when the ID check is locked", () => {
  it("an under-age refusal shows where to turn: a link to support", () => {
    const html = render(
      {
        result: "failed",
        id: "av_1",
        reason: "under_age",
        message: AGE_MESSAGES.under_age,
        expires_at: "2027-03-01",
      },
      2,
    );
    expect(html.replaceAll("&#x27;", "'")).toContain(AGE_MESSAGES.under_age);
    expect(html).toContain('href="/contact-us"');
    expect(html).toContain(SCANNER_COPY.supportLink);
    expect(html).toContain('data-testid="age-support"');
  });

  it("a check still to do, or done, shows no support line", () => {
    expect(
      render({ result: "unknown", id: "av_1", token: "t".repeat(32), expires_at: "x" }, 0),
    ).not.toContain("age-support");
    expect(render({ result: "success", id: "av_1", expires_at: "2030-01-01" }, 1)).not.toContain(
      "age-support",
    );
  });
});
