import { startTransition, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { VISIBILITY_THRESHOLD } from "#domain/banners/placement.ts";
import { fetchPlacements, type Placement, reportBanner } from "./banners.ts";

const NONE: Placement[] = [];

/**
 * The placements of a grid's unit, loaded after hydration (none on the server, none when the service fails). The
 * grid re-renders only when banners arrive, and then as a transition: its 60 cards never block the main thread for
 * a unit without banners (ADR 48).
 */
export function usePlacements(unit: string | undefined): Placement[] {
  const [placements, setPlacements] = useState<Placement[]>(NONE);
  useEffect(() => {
    setPlacements(NONE);
    if (!unit) return;
    let live = true;
    void fetchPlacements(unit).then((found) => {
      if (live && found.length > 0) startTransition(() => setPlacements(found));
    });
    return () => {
      live = false;
    };
  }, [unit]);
  return placements;
}

/** The grid's column count as laid out now (its grid-template-columns), followed through resizes. */
export function useGridColumns(ref: React.RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [columns, setColumns] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const measure = () => {
      const tracks = getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length;
      setColumns(tracks > 0 ? tracks : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return columns;
}

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
