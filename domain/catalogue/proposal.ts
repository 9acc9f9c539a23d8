import { PRODUCT_TAGS, type ProductTag, TOBACCO_TAGS } from "./product-tags.ts";
import { volumeLabel } from "./volume.ts";

/**
 * A product a store proposes for the catalogue (issue 34 §1: lines of its point-of-sale file nothing matched), and
 * the product an administrator's approval makes of it. Pure rules; the console keeps proposals, the catalogue the
 * product (docs/adr/0075-product-proposals.md).
 */

export interface ProposalFacts {
  id: string;
  title: string;
  upc: string | null;
  volumeMl: number | null;
  priceCents: number;
}

/** What the administrator settles when approving: where it goes, and its name as shoppers will read it. */
export interface Approval {
  title: string;
  brand: string | null;
  /** The category's url_name and its product tag (the product is listed there). */
  category: { urlName: string; tag: ProductTag };
  volumeMl: number | null;
}

/** Words search finds a product by besides its title and brand: its kind, tags and origin. */
export function categoryText(p: {
  type: string | null;
  tags: readonly ProductTag[];
  country: string | null;
}): string {
  const words = [p.type, ...p.tags.map((t) => PRODUCT_TAGS[t]), p.country].filter(Boolean);
  return [...new Set(words)].join(" ");
}

/**
 * A store-proposed product's SKU: `SP-{8 hex of the proposal}-{size in ml, or EA}`, in the spec's SKU form (two or
 * three letters, a dash, an id, a dash, the size) and never one of the public lists' (IA, BC, curated prefixes).
 */
export function proposedSku(proposalId: string, volumeMl: number | null): string {
  const hex = proposalId
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 8)
    .toUpperCase();
  if (hex.length < 8) throw new Error(`not a proposal id: ${proposalId}`);
  return `SP-${hex}-${volumeMl && volumeMl > 0 ? volumeMl : "EA"}`;
}

/** The catalogue row an approved proposal becomes (the image is the drawn art until someone gives a photo). */
export function productOfProposal(proposal: ProposalFacts, approval: Approval) {
  const skuId = proposedSku(proposal.id, approval.volumeMl);
  const tags = [approval.category.tag];
  return {
    sku_id: skuId,
    title: approval.title,
    brand_name: approval.brand,
    volume_ml: approval.volumeMl,
    volume_label: approval.volumeMl ? volumeLabel(approval.volumeMl) : null,
    tags,
    default_category: approval.category.urlName,
    variant_group: skuId,
    regular_price_cents: proposal.priceCents,
    upc: proposal.upc,
    source: "store" as const,
    source_ref: proposal.id,
    is_tobacco: tags.some((t) => TOBACCO_TAGS.includes(t)),
    category_text: categoryText({ type: null, tags, country: null }),
  };
}
