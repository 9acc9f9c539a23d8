import { afterAll, expect } from "vitest";
import { undocumentedAnswers } from "#server/openapi/conformance.ts";

/**
 * Runs after every test file (vitest setupFiles): each answer a documented route gave during the file must be one
 * its OpenAPI operation lists, with the Error body for errors (server/openapi/conformance.ts records them).
 */
afterAll(() => {
  const seen = [...undocumentedAnswers];
  undocumentedAnswers.clear();
  expect(seen, "answers the OpenAPI document does not list: declare them in the route's config").toEqual([]);
});
