import { z } from "zod";
import { cents, describes, instant } from "#server/openapi/answers.ts";
import type { ReferralsAnswer } from "./referrals.ts";

/** The referrals' answers (docs/adr/0056-api-contract.md). */

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
