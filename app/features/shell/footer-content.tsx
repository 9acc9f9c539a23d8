import { Logo } from "#app/components/shell/logo.tsx";
import type { NavItem } from "../catalogue/navigation.ts";
import { AGE_NOTICE, BC_ATTRIBUTION } from "./legal-notices.ts";

export interface FooterCity {
  name: string;
  slug: string;
  state: string;
}

const COMPANY_LINKS = [
  { to: "/about", label: "About Nightcap" },
  { to: "/careers", label: "Careers" },
  { to: "/apply", label: "Become a driver" },
  { to: "/retailers", label: "For retailers" },
  { to: "/business", label: "Corporate accounts" },
  { to: "/share", label: "Give $10, get $10" },
];

const HELP_LINKS = [
  { to: "/contact-us", label: "Contact us" },
  { to: "/returns-refunds", label: "Returns & refunds" },
  { to: "/liquor-gift-guide", label: "Gift guide" },
  { to: "/loyalty-program-benefits", label: "Loyalty program" },
  { to: "/brands", label: "All brands" },
];

const LEGAL_LINKS = [
  { to: "/terms-of-service", label: "Terms of service" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/sweepstakes-rules", label: "Sweepstakes rules" },
  { to: "/merchant-terms", label: "Merchant terms" },
  { to: "/merchant-manageddelivery-terms", label: "Merchant managed delivery terms" },
];

export interface FooterProps {
  nav: NavItem[];
  cities: FooterCity[];
  year: number;
}

/**
 * What the footer shows, written as plain links: the server renders it once into static markup (site-footer.tsx),
 * and the footer navigates its links' clicks in the browser.
 */
export function FooterContent({ nav, cities, year }: FooterProps) {
  return (
    <>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Beer, wine, spirits and party supplies from local stores, delivered in about 30 minutes.</p>
        </div>
        <FooterColumn title="Shop" links={nav.map((n) => ({ to: n.url, label: n.name }))} />
        <FooterColumn title="Nightcap" links={COMPANY_LINKS} />
        <FooterColumn title="Help" links={HELP_LINKS} />
        <FooterColumn title="Legal" links={LEGAL_LINKS} />
        {cities.length > 0 ? (
          <FooterColumn
            title="Cities"
            links={cities.map((c) => ({ to: `/alcohol-delivery-${c.slug}`, label: `${c.name}, ${c.state}` }))}
          />
        ) : null}
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__age">
          <span className="age-badge" aria-hidden="true">
            21+
          </span>
          {AGE_NOTICE}
        </p>
        <p>
          {BC_ATTRIBUTION}{" "}
          <a href="/about" data-discover="true">
            Data sources and credits
          </a>
        </p>
        <p>
          © {year} Nightcap Delivery, Inc. Nightcap does not sell alcohol: orders are sold and fulfilled by
          licensed retailers.
        </p>
      </div>
    </>
  );
}

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <nav className="site-footer__col" aria-label={title}>
      <h2 className="site-footer__title">{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <a href={l.to} data-discover="true">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
