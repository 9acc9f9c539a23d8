import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";

/** The public origin (scheme://host) of this page, for the absolute URLs structured data needs. */
export function useSiteOrigin(): string {
  return useRouteLoaderData<RootData>("root")?.origin ?? "";
}

/**
 * Structured data for search engines, written by the server alone: `data` is built under `import.meta.env.SSR`
 * (`<JsonLd data={import.meta.env.SSR ? productLd(…) : null} />`), so the browser's scripts carry neither the builders
 * nor the data (issue 35 §3). In the browser the element keeps what the server wrote: React does not compare an
 * element's inner HTML when it hydrates, and an unchanged `__html` is never written again. A page shown by a client
 * navigation has an empty one; search engines read documents. It is data, not script, but carries the response's CSP
 * nonce all the same; "<" is escaped so no text in it can close the element.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useRouteLoaderData<RootData>("root")?.nonce;
  const json = import.meta.env.SSR ? JSON.stringify(data).replace(/</g, "\\u003c") : "";
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      dangerouslySetInnerHTML={{ __html: json }}
      suppressHydrationWarning
    />
  );
}
