import { computeTax, type TaxResult } from "#domain/tax/compute.ts";
import { cityTaxes } from "#domain/tax/rates/index.ts";
import type { TaxPart, TaxService } from "./service.ts";

/**
 * The embedded rate table (`domain/tax/rates/`, each rate with its source): a store delivers inside its own metro, so
 * its city's rates are the address's (ADR 61); a store whose place has no rates on record collects none. The bill
 * uses the table inline; `calculate` is the same rule behind the service's interface.
 */
export class EmbeddedTaxService implements TaxService {
  readonly kind = "embedded" as const;
  readonly inline = true;

  async calculate(part: TaxPart): Promise<TaxResult> {
    const taxes = cityTaxes(part.cityCode);
    if (!taxes || part.base.lines.length === 0) return { lines: [], total: 0 };
    return computeTax({ ...part.base, ...taxes, on: part.on.toISOString() });
  }
}
