import { Link, useRouteLoaderData } from "react-router";
import { ClockIcon, PinIcon } from "#app/components/icons.tsx";
import { Logo } from "#app/components/shell/logo.tsx";
import type { RootData } from "#app/root.tsx";
import { AGE_NOTICE, BC_ATTRIBUTION } from "../shell/legal-notices.ts";
import type { CityView } from "./catalogue-path.server.ts";

/** The city landing page /alcohol-delivery-{slug} (spec §2: full-screen, no main shell). */
export function CityLanding({ view }: { view: CityView }) {
  const root = useRouteLoaderData<RootData>("root");
  const { city, intro, stores } = view.page;
  const fastest = stores
    .filter((s) => !s.is_shipping)
    .reduce<number | null>((min, s) => (min === null || s.eta_minutes < min ? s.eta_minutes : min), null);
  const otherCities = (root?.cities ?? []).filter((c) => c.slug !== city.slug);
  return (
    <div className="city">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="city__top">
        <Link to="/" className="site-header__logo city__logo">
          <Logo />
        </Link>
        <Link className="button button--ghost-light button--small" to="/login">
          Log in
        </Link>
      </header>
      <main id="main" tabIndex={-1}>
        <section className="city__hero" aria-labelledby="city-heading">
          <div className="city__hero-inner">
            <p className="city__zone">
              <PinIcon size={16} />
              <span>
                <span className="visually-hidden">Delivery zone: </span>
                {city.label}
              </span>
            </p>
            <h1 id="city-heading" className="city__title">
              Alcohol delivery in {city.name}
            </h1>
            <p className="city__intro">{intro}</p>
            <div className="city__cta">
              <Link className="button button--accent button--large" to="/">
                Shop now
              </Link>
              {fastest !== null ? (
                <p className="city__eta">
                  <ClockIcon size={18} />
                  Delivered in about {fastest} minutes
                </p>
              ) : null}
            </div>
          </div>
        </section>

        {root && root.nav.length > 0 ? (
          <section className="city__section" aria-labelledby="popular-heading">
            <h2 id="popular-heading">Popular in {city.name}</h2>
            <ul className="city__categories">
              {root.nav.map((item) => (
                <li key={item.url}>
                  <Link className="city__category" to={item.url}>
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {stores.length > 0 ? (
          <section className="city__section" aria-labelledby="stores-heading">
            <h2 id="stores-heading">Stores delivering in {city.name}</h2>
            <ul className="city__stores">
              {stores.map((s) => (
                <li key={s.id} className="city__store">
                  <p className="city__store-name">{s.name}</p>
                  <p className="city__store-address">{s.address}</p>
                  <p className="city__store-eta">
                    {s.is_shipping ? "Ships statewide" : `About ${s.eta_minutes} min`}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="city__section city__how" aria-labelledby="how-heading">
          <h2 id="how-heading">How Nightcap works</h2>
          <ol className="steps">
            <li>
              <strong>Set your address.</strong> We show what the stores near you have in stock, at their
              prices.
            </li>
            <li>
              <strong>Fill your cart.</strong> Beer, wine, spirits, mixers, snacks and ice, all in one order.
            </li>
            <li>
              <strong>Show your ID at the door.</strong> A driver brings it in about 30 minutes and checks
              that you are 21 or older.
            </li>
          </ol>
          <Link className="button button--primary" to="/">
            Start shopping
          </Link>
        </section>
      </main>
      <footer className="city__footer">
        {otherCities.length > 0 ? (
          <nav aria-label="Other cities">
            <ul className="city__others">
              {otherCities.map((c) => (
                <li key={c.slug}>
                  <Link to={`/alcohol-delivery-${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p>{AGE_NOTICE}</p>
        <p>
          {BC_ATTRIBUTION} <Link to="/about">Data sources and credits</Link>
        </p>
      </footer>
    </div>
  );
}
