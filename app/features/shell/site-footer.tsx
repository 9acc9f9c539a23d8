import { lazy, Suspense, useState } from "react";
import { staticMarkup } from "#app/lib/static-markup.ts";
import { useLinksFollowedInApp } from "./follow-in-app.ts";
import { FooterContent, type FooterProps } from "./footer-content.tsx";

const FooterContentOnDemand = lazy(() =>
  import("./footer-content.tsx").then((m) => ({ default: m.FooterContent })),
);

/** The footer's markup as the browser first received it, for the footer mounted again after a full-screen page. */
let received: string | null = null;

/**
 * The footer, written by the server alone (docs/adr/0088-static-parts-written-by-the-server.md): it is the same for
 * every shopper, so the server renders it once (`staticMarkup`) and the browser's scripts carry none of it (issue 35
 * §3). React does not compare inner HTML when it hydrates and never writes an unchanged `__html` again, so the
 * browser keeps the server's markup; a footer mounted again (after checkout, say) is given the same markup, and one
 * the document never had (the first page was a full-screen one) fetches its component. Its links are plain anchors:
 * a click the browser would follow in this tab becomes a client navigation.
 */
export function SiteFooter(props: FooterProps) {
  const [html] = useState(() => {
    if (import.meta.env.SSR) return staticMarkup(JSON.stringify(props), () => <FooterContent {...props} />);
    received ??= document.querySelector("footer.site-footer")?.innerHTML ?? null;
    return received;
  });
  const ref = useLinksFollowedInApp<HTMLElement>();
  if (html === null) {
    return (
      <footer ref={ref} className="site-footer">
        <Suspense fallback={null}>
          <FooterContentOnDemand {...props} />
        </Suspense>
      </footer>
    );
  }
  return (
    <footer
      ref={ref}
      className="site-footer"
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
