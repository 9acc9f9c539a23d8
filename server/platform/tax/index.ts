import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { EmbeddedTaxService } from "./embedded.ts";
import type { TaxService } from "./service.ts";
import { StripeTaxService } from "./stripe-tax.ts";

export { EmbeddedTaxService } from "./embedded.ts";
export {
  addressOf,
  TAX_UNAVAILABLE,
  type TaxAddress,
  type TaxPart,
  type TaxService,
  taxUnavailable,
} from "./service.ts";
export { StripeTaxService } from "./stripe-tax.ts";

const EMBEDDED = new EmbeddedTaxService();

/** The tax service the configuration names (TAX_SERVICE): the rate table by default, or Stripe Tax. */
export function openTaxService(config: Pick<Config, "tax">): TaxService {
  const tax = config.tax;
  if (tax.kind === "embedded") return EMBEDDED;
  return new StripeTaxService({ secretKey: tax.secretKey, apiUrl: tax.apiUrl, taxCodes: tax.taxCodes });
}

/**
 * Each app's tax service, by the app's database handle: pricing reads it where it is handed only the database
 * (the cart's functions), as the app that opened that database chose it. A database no app registered (a script,
 * a unit test) prices with the rate table.
 */
const services = new WeakMap<Db, TaxService>();

export function registerTaxService(db: Db, service: TaxService): void {
  services.set(db, service);
}

export const taxServiceOf = (db: Db): TaxService => services.get(db) ?? EMBEDDED;
