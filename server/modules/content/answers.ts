import { z } from "zod";
import type { CopyTexts } from "#domain/copy.ts";
import { describes } from "#server/openapi/answers.ts";

/** The content module's answers (docs/adr/0056-api-contract.md). */

/** GET /copy: texts keyed by name, nested (a name's value a text or more texts keyed by name). */
export const copyTextsSchema: z.ZodType<CopyTexts> = z.record(
  z.string(),
  z.union([z.string(), z.lazy(() => copyTextsSchema)]),
);
// Named in place (as Category is): the nested texts refer to this very schema.
z.globalRegistry.add(copyTextsSchema, {
  id: "CopyTexts",
  description: "User-facing texts keyed by name; a name's value is a text or, nested, more texts keyed by name.",
});
describes<CopyTexts>()(copyTextsSchema);
