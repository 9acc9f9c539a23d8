import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";

/**
 * Structured data for search engines. It is data, not script, but carries the response's CSP nonce all the same;
 * "<" is escaped so no text in it can close the element.
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
