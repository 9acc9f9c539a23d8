import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ChevronDownIcon } from "#app/components/icons.tsx";
import type { NavItem } from "../catalogue/navigation.ts";

/**
 * The category bar: on phones a row of top-level categories that scrolls sideways; on wide screens each category
 * with sub-categories gets a mega menu, opened by hover or by its toggle button (Escape closes it).
 */
export function CategoryNav({ nav }: { nav: NavItem[] }) {
  const [openUrl, setOpenUrl] = useState<string | null>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpenUrl(null), [location.pathname]);

  if (nav.length === 0) return null;
  return (
    <nav className="category-nav" aria-label="Categories">
      <ul className="category-nav__list">
        {nav.map((item) => (
          <NavEntry
            key={item.url}
            item={item}
            open={openUrl === item.url}
            setOpen={(open) => setOpenUrl(open ? item.url : null)}
          />
        ))}
        <li className="category-nav__item">
          <NavLink className="category-nav__link" to="/brands">
            Brands
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

function NavEntry({
  item,
  open,
  setOpen,
}: {
  item: NavItem;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `mega-${item.urlName}`;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, setOpen]);

  const hasMenu = item.children.length > 0;
  return (
    <li
      ref={ref}
      className={`category-nav__item${hasMenu ? " has-menu" : ""}${open ? " is-open" : ""}`}
      onBlur={(event) => {
        if (open && !ref.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink className="category-nav__link" to={item.url}>
        {item.name}
      </NavLink>
      {hasMenu ? (
        <>
          <button
            ref={buttonRef}
            type="button"
            className="category-nav__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={`${item.name} categories`}
            onClick={() => setOpen(!open)}
          >
            <ChevronDownIcon size={14} />
          </button>
          <div className="mega-menu" id={panelId}>
            <p className="mega-menu__title">{item.name}</p>
            <ul className="mega-menu__list">
              <li>
                <Link className="mega-menu__link mega-menu__link--all" to={item.url}>
                  Shop all {item.name}
                </Link>
              </li>
              {item.children.map((child) => (
                <li key={child.url}>
                  <Link className="mega-menu__link" to={child.url}>
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </li>
  );
}
