import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Nightcap";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** Ask crawlers not to index (search results, error pages). */
  noindex?: boolean;
}

/** Title, description, canonical link and Open Graph tags for a page. */
export function pageMeta(seo: PageSeo | undefined | null): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const title =
    seo.title === SITE_NAME || seo.title.endsWith(`| ${SITE_NAME}`)
      ? seo.title
      : `${seo.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
  ];
  if (seo.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/** An absolute URL on this site: origin + path (+ query). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** Description text of at most ~160 characters, cut on a word. */
export function clampDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
