import { useState } from "react";
import { Link } from "react-router";
import { MenuIcon } from "#app/components/icons.tsx";
import { onDemand } from "#app/components/on-demand.tsx";
import { Logo } from "#app/components/shell/logo.tsx";
import { SearchBox } from "#app/components/shell/search-box.tsx";
import type { NavItem } from "../catalogue/navigation.ts";
import { CategoryNav } from "./category-nav.tsx";
import { AccountSlot, AddressSlot, CartSlot } from "./header-slots.tsx";

/** The navigation drawer (phones) loads on demand (app/components/on-demand.tsx). */
const NavDrawer = onDemand(() => import("./nav-drawer.tsx").then((m) => m.NavDrawer));

export function SiteHeader({ nav }: { nav: NavItem[] }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <button
          type="button"
          className="icon-button site-header__menu"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls="nav-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link className="site-header__logo" to="/">
          <Logo />
        </Link>
        <div className="site-header__address">
          <AddressSlot />
        </div>
        <div className="site-header__search">
          <SearchBox />
        </div>
        <div className="site-header__actions">
          <AccountSlot />
          <CartSlot />
        </div>
      </div>
      <CategoryNav nav={nav} />
      <NavDrawer
        wanted={drawerOpen}
        onUnavailable={() => setDrawerOpen(false)}
        nav={nav}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
      />
    </header>
  );
}
