import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";

/** The public origin (scheme://host) of this page, for the absolute URLs structured data needs. */
export function useSiteOrigin(): string {
  return useRouteLoaderData<RootData>("root")?.origin ?? "";
}

/**
 * Structured data for search engines. It is data, not script, but carries the response's CSP nonce all the same;
 * "<" is escaped so no text in it can close the element. Pages build it from what they already hold (crumbs, the
 * product): from their loaders it would be written into the document twice, once more for hydration.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useRouteLoaderData<RootData>("root")?.nonce;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
