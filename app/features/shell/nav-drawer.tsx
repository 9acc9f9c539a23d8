import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { Logo } from "#app/components/shell/logo.tsx";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { PAYING_PAGES } from "../accounts/account-menu.tsx";
import { CsrfField, useSession } from "../accounts/session.tsx";
import type { NavItem } from "../catalogue/navigation.ts";

/**
 * The phone menu: a modal drawer (native <dialog>: focus stays inside, Escape closes) with the whole category tree.
 * Only a button with JavaScript opens it, so its links are rendered when it opens, not written into every page.
 */
export function NavDrawer({ nav, open, onClose }: { nav: NavItem[]; open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open, onClose);
  const location = useLocation();

  // A followed link closes the drawer. It mounts as it first opens (app/components/on-demand.tsx): not on that page.
  const shownOn = useRef(location.key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the location changes
  useEffect(() => {
    if (location.key === shownOn.current) return;
    shownOn.current = location.key;
    onClose();
  }, [location.key]);

  return (
    <dialog {...dialog} id="nav-drawer" className="nav-drawer" aria-label="Menu">
      {open ? (
        <div className="nav-drawer__panel">
          <div className="nav-drawer__head">
            <Link to="/" className="site-header__logo">
              <Logo />
            </Link>
            <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <nav aria-label="All categories">
            <ul className="nav-drawer__list">
              {nav.map((item) =>
                item.children.length > 0 ? (
                  <li key={item.url}>
                    <details className="nav-drawer__group">
                      <summary>{item.name}</summary>
                      <ul>
                        <li>
                          <Link to={item.url}>Shop all {item.name}</Link>
                        </li>
                        {item.children.map((child) => (
                          <li key={child.url}>
                            <Link to={child.url}>{child.name}</Link>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={item.url}>
                    <Link className="nav-drawer__link" to={item.url}>
                      {item.name}
                    </Link>
                  </li>
                ),
              )}
              <li>
                <Link className="nav-drawer__link" to="/brands">
                  Brands
                </Link>
              </li>
              <li>
                <Link className="nav-drawer__link" to="/liquor-gift-guide">
                  Gift guide
                </Link>
              </li>
            </ul>
          </nav>
          <NavDrawerAccount />
        </div>
      ) : null}
    </dialog>
  );
}

/** The menu's foot: "Log in" for a visitor; the signed-in shopper's own pages and "Log out", as the header's menu. */
function NavDrawerAccount() {
  const { user } = useSession();
  const logout = useFetcher({ key: "logout" });
  if (!user) {
    return (
      <div className="nav-drawer__foot">
        <Link className="button button--ghost button--block" to="/login">
          Log in
        </Link>
      </div>
    );
  }
  return (
    <nav className="nav-drawer__foot" aria-label={`Account of ${user.firstname}`}>
      <p className="nav-drawer__greeting">Hi, {user.firstname}</p>
      <ul className="nav-drawer__account">
        <li>
          <Link className="nav-drawer__link" to="/account">
            Account
          </Link>
        </li>
        {PAYING_PAGES.map((p) => (
          <li key={p.to}>
            <Link className="nav-drawer__link" to={p.to}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
      <logout.Form method="post" action="/logout">
        <CsrfField />
        <button type="submit" className="button button--ghost button--block">
          Log out
        </button>
      </logout.Form>
    </nav>
  );
}
