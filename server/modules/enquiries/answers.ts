import { z } from "zod";
import { PLATFORMS } from "#domain/accounts/roles.ts";
import { describes, instant } from "#server/openapi/answers.ts";
import type { EnquiryEntry } from "./enquiries.ts";

/** The enquiries' answers (docs/adr/0056-api-contract.md). */

export const leadAnswerSchema = z.object({
  message: z.string().describe("The thanks, in the visitor's words."),
});

export const enquiryAnswerSchema = z.object({ id: z.string(), message: z.string() });

export const enquiriesSchema = describes<{ entries: EnquiryEntry[] }>()(
  z.object({
    entries: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["lead", "partner", "business", "job"]),
        name: z.string().nullable(),
        email: z.string(),
        platform: z.enum(PLATFORMS),
        detail: z.record(z.string(), z.string()),
        createdAt: instant(),
      }),
    ),
  }),
);
