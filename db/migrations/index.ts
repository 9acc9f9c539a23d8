import type { Migration } from "kysely";
import * as m0001 from "./0001-catalogue.ts";
import * as m0003 from "./0003-search-indexes.ts";
import * as m0004 from "./0004-accounts.ts";
import * as m0005 from "./0005-cart.ts";
import * as m0006 from "./0006-shelf.ts";
import * as m0007 from "./0007-typo-candidates.ts";
import * as m0008 from "./0008-facet-attributes-version.ts";
import * as m0009 from "./0009-outbox-delivery.ts";
import * as m0010 from "./0010-search-words-version.ts";
import * as m0011 from "./0011-sandbox-payments.ts";
import * as m0012 from "./0012-payments.ts";
import * as m0013 from "./0013-checkout.ts";
import * as m0014 from "./0014-age-verification.ts";
import * as m0015 from "./0015-console.ts";
import * as m0016 from "./0016-order-event-notify.ts";
import * as m0018 from "./0018-tips-feedback-reviews.ts";
import * as m0019 from "./0019-substitutions.ts";
import * as m0020 from "./0020-notifications.ts";
import * as m0021 from "./0021-drivers.ts";
import * as m0023 from "./0023-substitution-charges.ts";
import * as m0024 from "./0024-loyalty-giveaway.ts";
import * as m0026 from "./0026-recommendations.ts";
import * as m0027 from "./0027-referrals-and-enquiries.ts";
import * as m0029 from "./0029-analytics-banners.ts";
import * as m0031 from "./0031-chat.ts";
import * as m0032 from "./0032-checkout-recovery-sweep.ts";
import * as m0033 from "./0033-age-refusal-cleared.ts";
import * as m0034 from "./0034-extra-charge-token.ts";
import * as m0035 from "./0035-order-taxes.ts";
import * as m0036 from "./0036-door-handover.ts";
import * as m0037 from "./0037-order-return-fee.ts";
import * as m0038 from "./0038-order-tax-refunds.ts";
import * as m0039 from "./0039-shelf-feeds.ts";
import * as m0040 from "./0040-product-photos.ts";
import * as m0041 from "./0041-statements.ts";
import * as m0042 from "./0042-feed-sources.ts";
import * as m0043 from "./0043-feed-code-maps.ts";
import * as m0044 from "./0044-product-proposals.ts";
import * as m0045 from "./0045-session-notify.ts";

/** Forward-only, in order. A module adds its tables in a new numbered file and lists it here. */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": m0001,
  "0003-search-indexes": m0003,
  "0004-accounts": m0004,
  "0005-cart": m0005,
  "0006-shelf": m0006,
  "0007-typo-candidates": m0007,
  "0008-facet-attributes-version": m0008,
  "0009-outbox-delivery": m0009,
  "0010-search-words-version": m0010,
  "0011-sandbox-payments": m0011,
  "0012-payments": m0012,
  "0013-checkout": m0013,
  "0014-age-verification": m0014,
  "0015-console": m0015,
  "0016-order-event-notify": m0016,
  "0018-tips-feedback-reviews": m0018,
  "0019-substitutions": m0019,
  "0021-drivers": m0021,
  "0023-substitution-charges": m0023,
  "0020-notifications": m0020,
  "0024-loyalty-giveaway": m0024,
  "0026-recommendations": m0026,
  "0027-referrals-and-enquiries": m0027,
  "0029-analytics-banners": m0029,
  "0031-chat": m0031,
  "0032-checkout-recovery-sweep": m0032,
  "0033-age-refusal-cleared": m0033,
  "0034-extra-charge-token": m0034,
  "0035-order-taxes": m0035,
  "0036-door-handover": m0036,
  "0037-order-return-fee": m0037,
  "0038-order-tax-refunds": m0038,
  "0039-shelf-feeds": m0039,
  "0040-product-photos": m0040,
  "0041-statements": m0041,
  "0042-feed-sources": m0042,
  "0043-feed-code-maps": m0043,
  "0044-product-proposals": m0044,
  "0045-session-notify": m0045,
};
