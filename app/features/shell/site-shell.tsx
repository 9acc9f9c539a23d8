import { ToastProvider } from "#app/components/shell/toast.tsx";
import type { SavedAddress } from "#domain/geo/api.ts";
import { useSession } from "../accounts/session.tsx";
import { AddressPrompt } from "../address/address-prompt.tsx";
import { AddressRoot } from "../address/address-root.tsx";
import { OutOfZoneNotice } from "../address/out-of-zone.tsx";
import { StoreChangedNotice } from "../address/store-changed-notice.tsx";
import { CartRoot } from "../cart/cart-root.tsx";
import type { NavItem } from "../catalogue/navigation.ts";
import { ChatLauncher } from "../chat/chat-launcher.tsx";
import { LeadPrompt } from "../enquiries/lead-prompt.tsx";
import { ActiveOrderTracker } from "../tracking/active-order-tracker.tsx";
import { type FooterCity, SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

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
        </CartRoot>
      </AddressRoot>
    </ToastProvider>
  );
}
