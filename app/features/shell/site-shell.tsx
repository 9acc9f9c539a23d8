import { hydratedLater } from "#app/components/on-demand.tsx";
import { ToastProvider } from "#app/components/shell/toast.tsx";
import type { SavedAddress } from "#domain/geo/api.ts";
import { AccountWatch } from "../accounts/account-watch.tsx";
import { useSession } from "../accounts/session.tsx";
import { AddressPrompt } from "../address/address-prompt.tsx";
import { AddressRoot } from "../address/address-root.tsx";
import { CartRoot } from "../cart/cart-root.tsx";
import type { NavItem } from "../catalogue/navigation.ts";
import type { FooterCity } from "./legal-notices.ts";
import { SiteHeader } from "./site-header.tsx";

/**
 * Parts in the page's HTML that need not answer in its first moment: hydrated when their code comes, after the rest
 * (app/components/on-demand.tsx, issue 35 §3). The notices and the tracker show only after something the browser
 * reads; the lead prompt's offer after 30 seconds; the footer is links; a press on the chat button is held until
 * its code is in.
 */
const OutOfZoneNotice = hydratedLater(() =>
  import("../address/out-of-zone.tsx").then((m) => m.OutOfZoneNotice),
);
const StoreChangedNotice = hydratedLater(() =>
  import("../address/store-changed-notice.tsx").then((m) => m.StoreChangedNotice),
);
const ActiveOrderTracker = hydratedLater(() =>
  import("../tracking/active-order-tracker.tsx").then((m) => m.ActiveOrderTracker),
);
const SiteFooter = hydratedLater(() => import("./site-footer.tsx").then((m) => m.SiteFooter));
const LeadPrompt = hydratedLater(() => import("../enquiries/lead-prompt.tsx").then((m) => m.LeadPrompt));
const ChatLauncher = hydratedLater(() => import("../chat/chat-launcher.tsx").then((m) => m.ChatLauncher));

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
          <OutOfZoneNotice />
          <StoreChangedNotice />
          <ActiveOrderTracker />
          <main id="main" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter nav={nav} cities={cities} year={year} />
          <LeadPrompt />
          <ChatLauncher />
          <AccountWatch />
        </CartRoot>
      </AddressRoot>
    </ToastProvider>
  );
}
