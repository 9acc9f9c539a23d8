import { z } from "zod";
import { describes, instant } from "#server/openapi/answers.ts";
import { placement } from "./schemas.ts";
import type { listBanners } from "./store.ts";

/** The console's banners (docs/adr/0056-api-contract.md): a placement with its schedule and counts. */

type ConsoleBanner = Awaited<ReturnType<typeof listBanners>>[number];

export const consoleBannerSchema = describes<ConsoleBanner>()(
  placement
    .extend({
      active: z.boolean(),
      starts_at: instant().nullable(),
      ends_at: instant().nullable(),
      created_at: instant(),
      running: z.boolean().describe("Switched on, started and not ended: it serves now."),
      impressions: z.number().int(),
      clicks: z.number().int(),
    })
    .meta({ id: "ConsoleBanner", description: "A banner as the console manages it." }),
);

export const bannerListSchema = z.object({ banners: z.array(consoleBannerSchema) });
export const bannerAnswerSchema = z.object({ banner: consoleBannerSchema });
