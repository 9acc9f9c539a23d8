import { Link } from "react-router";
import { Logo } from "./logo.tsx";

/**
 * A full-screen page (spec §2: no main shell): the wordmark home and the page itself, nothing else to pull the
 * shopper away (tracking, substitutions, tipping).
 */
export function FullScreenPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="full-page">
      <header className="full-page__top">
        <Link to="/" className="full-page__logo" aria-label="Nightcap home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="full-page__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
