import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { VISIBILITY_THRESHOLD } from "#domain/banners/placement.ts";
import { type Placement, reportBanner } from "./banners.ts";

/** What the product grid loads once it has asked for its unit's banners (app/features/catalogue/product-grid.tsx). */
export { interleave } from "#domain/banners/placement.ts";
export { fetchPlacements } from "./banners.ts";

/**
 * One banner, a full-width item of the product grid: plain text (never HTML), a link of ours or https. Its impression
 * is counted once per page view when half of it is on screen (spec §9), its click when followed.
 */
export function BannerSlot({ placement }: { placement: Placement }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= VISIBILITY_THRESHOLD)) {
          reportBanner("impression", placement.id);
          observer.disconnect();
        }
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [placement.id]);

  const onClick = () => reportBanner("click", placement.id);
  const body = (
    <>
      {placement.image_url ? <img className="grid-banner__image" src={placement.image_url} alt="" /> : null}
      <span className="grid-banner__text">
        <span className="grid-banner__eyebrow">Sponsored</span>
        <span className="grid-banner__title">{placement.title}</span>
        {placement.text ? <span className="grid-banner__body">{placement.text}</span> : null}
      </span>
    </>
  );
  return (
    <li className="grid-banner" ref={ref} data-banner-id={placement.id} data-testid="grid-banner">
      {placement.link.startsWith("/") ? (
        <Link className="grid-banner__link" to={placement.link} onClick={onClick}>
          {body}
        </Link>
      ) : (
        <a className="grid-banner__link" href={placement.link} rel="noopener sponsored" onClick={onClick}>
          {body}
        </a>
      )}
    </li>
  );
}
