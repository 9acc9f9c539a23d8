import { z } from "zod";
import { PLATFORMS } from "../../../domain/accounts/roles.ts";
import { cents, describes, instant } from "../../openapi/answers.ts";
import type { EnquiryEntry } from "./enquiries.ts";
import type { ReferralsAnswer } from "./referrals.ts";

/** The referrals' and enquiries' answers (docs/adr/0056-api-contract.md). */

export const referralsSchema = describes<ReferralsAnswer>()(
  z.object({
    code: z.string(),
    path: z.string().describe("The path a friend opens (the page makes it absolute)."),
    reward: z.object({ referrer: cents(), friend: cents() }),
    cap: z.number().int().describe("Friends that can earn the shopper credit."),
    rewarded: z.number().int(),
    earned: cents(),
    referrals: z.array(
      z.object({
        name: z.string(),
        state: z.enum(["signed_up", "ordered", "rewarded", "refused"]),
        label: z.string(),
        reason: z.string().nullable().describe("Why it earned nothing, for a refused one."),
        signedUpAt: instant(),
        decidedAt: instant().nullable(),
      }),
    ),
  }),
);

export const referralCodeSchema = z.object({ code: z.string(), name: z.string() });

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
