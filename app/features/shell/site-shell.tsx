import { onDemand } from "#app/components/on-demand.tsx";
import { ToastProvider } from "#app/components/shell/toast.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { SavedAddress } from "#domain/geo/api.ts";
import { useSession } from "../accounts/session.tsx";
import { useDeliveryAddress } from "../address/address-context.tsx";
import { AddressPrompt } from "../address/address-prompt.tsx";
import { AddressRoot } from "../address/address-root.tsx";
import { CartRoot } from "../cart/cart-root.tsx";
import type { NavItem } from "../catalogue/navigation.ts";
import { ChatLauncher } from "../chat/chat-launcher.tsx";
import type { FooterCity } from "./footer-content.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/*
 * Parts that no page shows on its first paint load on demand (app/components/on-demand.tsx, issue 35 §3): the
 * out-of-zone notice for an address outside every zone (what it says is loaded in the browser), the store-changed
 * notice once an address change moved the cart, the active-order tracker for a signed-in shopper (it
 * shows only after its own call in the browser), the lead-capture prompt for a visitor (it opens 30 seconds in).
 */
const OutOfZoneNotice = onDemand(() => import("../address/out-of-zone.tsx").then((m) => m.OutOfZoneNotice));
const StoreChangedNotice = onDemand(() =>
  import("../address/store-changed-notice.tsx").then((m) => m.StoreChangedNotice),
);
const ActiveOrderTracker = onDemand(() =>
  import("../tracking/active-order-tracker.tsx").then((m) => m.ActiveOrderTracker),
);
const LeadPrompt = onDemand(() => import("../enquiries/lead-prompt.tsx").then((m) => m.LeadPrompt));

/** The main shell (spec §2 "Pages inside the main shell"): skip link, header, main content, footer. */
export function SiteShell({
  nav,
  cities,
  year,
  address = null,
  addressPending = false,
  children,
}: {
  nav: NavItem[];
  cities: FooterCity[];
  year: number;
  /** The saved delivery address (root loader), for the address chip, prompt and cart. */
  address?: SavedAddress | null;
  /** A shared page: the shopper has an address the browser is still fetching (no prompt, a quiet chip). */
  addressPending?: boolean;
  children: React.ReactNode;
}) {
  const { user } = useSession();
  return (
    <ToastProvider>
      <AddressRoot initial={address} pending={addressPending}>
        <CartRoot owner={user?.id ?? null}>
          <a className="skip-link" href="#main">
            Skip to main content
          </a>
          <SiteHeader nav={nav} />
          <AddressPrompt />
          <AddressNoticesOnDemand />
          <ForShopper signedIn>
            <ActiveOrderTracker wanted />
          </ForShopper>
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter nav={nav} cities={cities} year={year} />
          <ForShopper signedIn={false}>
            <LeadPrompt wanted />
          </ForShopper>
          <ChatLauncher />
        </CartRoot>
      </AddressRoot>
    </ToastProvider>
  );
}

function AddressNoticesOnDemand() {
  const { address, notice } = useDeliveryAddress();
  const hydrated = useHydrated();
  return (
    <>
      <OutOfZoneNotice wanted={hydrated && address?.shipping === true} />
      <StoreChangedNotice wanted={notice !== null} />
    </>
  );
}

/**
 * `children` once the page has hydrated, for a signed-in shopper or a visitor: an on-demand part must not be wanted
 * in the first render (the server's and hydration's), and neither kind of shopper loads the other's part.
 */
function ForShopper({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  const { user } = useSession();
  const hydrated = useHydrated();
  return hydrated && (user !== null) === signedIn ? children : null;
}
