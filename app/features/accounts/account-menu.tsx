import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useRevalidator } from "react-router";
import { UserIcon } from "#app/components/icons.tsx";
import { SESSION_ENDED_EVENT } from "#app/lib/csrf.ts";
import { type LoginView, onLoginModalRequest, openLoginModal } from "./login-modal-events.ts";
import { CsrfField, useSession } from "./session.tsx";

const loadLoginModal = () => import("./login-modal.tsx");
const LoginModal = lazy(() => loadLoginModal().then((m) => ({ default: m.LoginModal })));

/**
 * The login modal and its forms load on the first request to open it (or when the pointer or focus reaches
 * "Log in"), so pages do not carry them in their initial JavaScript.
 */
function LazyLoginModal() {
  const [firstView, setFirstView] = useState<LoginView | null>(null);
  useEffect(() => onLoginModalRequest((view) => setFirstView((shown) => shown ?? view)), []);
  if (!firstView) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal initialView={firstView} />
    </Suspense>
  );
}

/** The shopper's pages about paying, listed in the account menu and on /account. */
export const PAYING_PAGES = [
  { to: "/orders", label: "Orders" },
  { to: "/account/cards", label: "Payment cards" },
  { to: "/account/promos", label: "Promos and credit" },
  { to: "/loyalty", label: "Rewards" },
] as const;

/**
 * The header's account slot: "Log in" (opens the login modal; a plain link to /login before the page is
 * interactive), or the signed-in shopper's menu with Log out. When the API says the session has ended, the page
 * reloads its data and shows itself logged out.
 */
export function AccountMenu() {
  const { user } = useSession();
  const location = useLocation();
  const revalidator = useRevalidator();
  const logout = useFetcher({ key: "logout" });
  const menu = useRef<HTMLDetailsElement>(null);

  // A link followed from the menu closes it: the menu is a <details>, which would stay open over the next page. Not
  // on the first render: a menu the shopper opened on the painted page, before its scripts ran, stays open.
  const shownAt = useRef(location.pathname);
  useEffect(() => {
    if (shownAt.current === location.pathname) return;
    shownAt.current = location.pathname;
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  // A session ended by this menu's Log out is not news: the logout goes home, and reloading this page's data (an
  // account page would send a visitor to log in) would race it there.
  const loggingOut = useRef(false);
  loggingOut.current = logout.state !== "idle";
  useEffect(() => {
    const ended = () => {
      if (!loggingOut.current) revalidator.revalidate();
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [revalidator]);

  if (!user) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <>
        <a
          className="account-link"
          href={`/login?returnTo=${encodeURIComponent(returnTo)}`}
          onClick={(event) => {
            event.preventDefault();
            openLoginModal("login");
          }}
          onPointerEnter={() => void loadLoginModal()}
          onFocus={() => void loadLoginModal()}
        >
          <UserIcon size={18} />
          <span>Log in</span>
        </a>
        <LazyLoginModal />
      </>
    );
  }

  return (
    <details ref={menu} className="account-menu">
      <summary className="account-link" aria-label={`Account menu for ${user.firstname}`}>
        <UserIcon size={18} />
        <span>Hi, {user.firstname}</span>
      </summary>
      <ul className="account-menu__list">
        <li>
          <Link to="/account">Account</Link>
        </li>
        {PAYING_PAGES.map((p) => (
          <li key={p.to}>
            <Link to={p.to}>{p.label}</Link>
          </li>
        ))}
        <li>
          <Link to="/contact-preferences">Contact preferences</Link>
        </li>
        <li>
          <logout.Form method="post" action="/logout">
            <CsrfField />
            <button type="submit" className="account-menu__logout">
              Log out
            </button>
          </logout.Form>
        </li>
      </ul>
    </details>
  );
}
