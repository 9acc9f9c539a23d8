import { useState } from "react";
import { openLoginModal } from "../accounts/login-modal-events.ts";
import { useSession } from "../accounts/session.tsx";
import { toggleFavourite, useFavourites } from "./favourites.ts";

/**
 * The heart on a product card or page: for a signed-in shopper it toggles the product in their favourites (pressed
 * when it is one); a visitor is asked to log in. The page's hearts share one favourites set (favourites.ts).
 */
export function HeartButton({
  sku,
  title,
  className = "",
}: {
  sku: string;
  title: string;
  className?: string;
}) {
  const { user } = useSession();
  const favourites = useFavourites(user?.id ?? null);
  const [busy, setBusy] = useState(false);
  const on = favourites.skus.has(sku);
  return (
    <button
      type="button"
      className={`heart ${on ? "heart--on" : ""} ${className}`}
      aria-pressed={user ? on : undefined}
      aria-label={user ? `Favourite: ${title}` : `Log in to save ${title} to your favourites`}
      aria-busy={busy || undefined}
      onClick={async () => {
        if (!user) {
          openLoginModal("login");
          return;
        }
        if (busy) return;
        setBusy(true);
        await toggleFavourite(user.id, sku);
        setBusy(false);
      }}
    />
  );
}
