import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import type { Order } from "#domain/orders/types.ts";
import { useSession } from "../accounts/session.tsx";
import { orderStatusText } from "../checkout/order-status.ts";

type ActiveOrder = Pick<
  Order,
  | "_id"
  | "order_number"
  | "order_status"
  | "shipping"
  | "shipping_status"
  | "failed_status"
  | "scheduled"
  | "eta"
  | "store"
  | "substitution_status"
>;

interface ActiveOrders {
  /** Spec §4: the active-order tracker flag. */
  active: boolean;
  orders: ActiveOrder[];
}

/** Read again at most this often while the shopper moves between pages. */
const REFRESH_MS = 20_000;

/**
 * The active-order tracker in the shell (spec §4, §6): a signed-in shopper with an active order sees it on every
 * page, one tap from its live tracking. Read in the browser after the page shows (never delaying a page), again on
 * navigation at most every 20 seconds; hidden on the order and tracking pages, which show the order themselves.
 */
export function ActiveOrderTracker() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [answer, setAnswer] = useState<ActiveOrders | null>(null);
  const readAt = useRef(0);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) {
      setAnswer(null);
      readAt.current = 0;
      return;
    }
    if (Date.now() - readAt.current < REFRESH_MS && pathname !== "/orders") return;
    readAt.current = Date.now();
    let live = true;
    browserApi<ApiAnswer<"getActiveOrders">>("/order/active")
      .then((res) => {
        if (live && res.ok) setAnswer(res.data);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId, pathname]);

  // The order pages and the tracking pages show the order themselves.
  if (!userId || !answer?.active || pathname.startsWith("/tracking") || pathname.startsWith("/orders"))
    return null;
  const [first] = answer.orders;
  const more = answer.orders.length - 1;
  const needsYou = first.substitution_status === "Proposed" || first.substitution_status === "Viewing";
  return (
    <aside className="active-order" aria-label="Your active order">
      <Link to={more > 0 ? "/tracking" : `/tracking/${first._id}`} className="active-order__link">
        <span className="active-order__what">
          Order #{first.order_number} · {needsYou ? "Some items need your OK" : orderStatusText(first)}
          {first.order_status === 2 && first.eta ? ` · ${first.eta}` : ""}
          {more > 0 ? ` (+${more} more)` : ""}
        </span>
        <span className="active-order__cta">Track</span>
      </Link>
    </aside>
  );
}
