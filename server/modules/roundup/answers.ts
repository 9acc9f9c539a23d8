import { z } from "zod";
import type { RoundUpInfo } from "#domain/checkout/types.ts";
import { cents, describes } from "#server/openapi/answers.ts";

/** The round-up's answer (docs/adr/0056-api-contract.md; spec §3 Round-up). */
export const roundUpSchema = describes<RoundUpInfo>()(
  z.object({
    organizations: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
    userOrg: z.object({
      roundUpEnabled: z.boolean(),
      roundUpOrgId: z.string().nullable(),
      roundUpAmount: cents().describe("Given in all."),
    }),
    totals: z.array(z.object({ organization_id: z.string().nullable(), amount: cents() })),
  }),
);
