import type { ContentPage } from "./content-types.ts";
import { about } from "./pages/about.ts";
import { apply } from "./pages/apply.ts";
import { business } from "./pages/business.ts";
import { careers } from "./pages/careers.ts";
import { contactUs } from "./pages/contact-us.ts";
import { liquorGiftGuide } from "./pages/liquor-gift-guide.ts";
import { loyaltyProgramBenefits } from "./pages/loyalty-program-benefits.ts";
import { merchantManagedDeliveryTerms } from "./pages/merchant-manageddelivery-terms.ts";
import { merchantTerms } from "./pages/merchant-terms.ts";
import { privacyPolicy } from "./pages/privacy-policy.ts";
import { retailers } from "./pages/retailers.ts";
import { returnsRefunds } from "./pages/returns-refunds.ts";
import { share } from "./pages/share.ts";
import { sweepstakesRules } from "./pages/sweepstakes-rules.ts";
import { termsOfService } from "./pages/terms-of-service.ts";

/** Content pages by path (spec §2, plus /about and /apply). Server-only: the browser receives one page as loader data. */
export const CONTENT_PAGES: Record<string, ContentPage> = {
  "/liquor-gift-guide": liquorGiftGuide,
  "/retailers": retailers,
  "/business": business,
  "/careers": careers,
  "/privacy-policy": privacyPolicy,
  "/terms-of-service": termsOfService,
  "/sweepstakes-rules": sweepstakesRules,
  "/returns-refunds": returnsRefunds,
  "/contact-us": contactUs,
  "/merchant-terms": merchantTerms,
  "/merchant-manageddelivery-terms": merchantManagedDeliveryTerms,
  "/loyalty-program-benefits": loyaltyProgramBenefits,
  "/share": share,
  "/about": about,
  "/apply": apply,
};
