import { useEffect, useReducer, useState } from "react";
import { data, Link, redirect } from "react-router";
import { formatCents } from "#domain/money.ts";
import type { Order } from "#domain/orders/types.ts";
import { FullScreenPage } from "../components/shell/full-screen-page.tsx";
import { orderStatusText } from "../features/checkout/order-status.ts";
import { PushOptIn } from "../features/notifications/PushOptIn.tsx";
import { liveOrderOf, liveOrderReducer } from "../features/tracking/live-order.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/tracking-order";

/** Spec §2: a full-screen page (no main shell). */
export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Tracking order #${d.order.order_number} | Nightcap` : "Tracking | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * /tracking/{order_id} (spec §2, §4 Live order): the order's status (GET /order/status/{id}) over its detail (line
 * items, address), then live from GET /order/status/{id}/events. No order data is the error state.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.order_id);
  const [status, detail] = await Promise.all([
    context.api<ApiAnswer<"getOrderStatus">>(`/order/status/${id}`),
    context.api<ApiAnswer<"getOrderDetail">>(`/order/detail?id=${id}`),
  ]);
  if (status.status === 401 || detail.status === 401)
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  // An id the API refuses (malformed, too long) names no order, as an unknown one does.
  const unknown = [400, 404].includes(status.status) || [400, 404].includes(detail.status);
  if (!status.ok || !detail.ok) return data({ order: null }, { status: unknown ? 404 : 500 });
  return { order: { ...detail.data, ...status.data } as Order };
}

type Connection = "connecting" | "open" | "reconnecting" | "closed";

function TrackingOrderBody({ loaderData }: Route.ComponentProps) {
  const loaded = loaderData.order;
  const [live, dispatch] = useReducer(liveOrderReducer, loaded, liveOrderOf);
  const [connection, setConnection] = useState<Connection>("connecting");
  const orderId = loaded?._id;

  useEffect(() => {
    if (!orderId) return;
    // EventSource reconnects by itself, sending the last event id: the server replays what was missed.
    const source = new EventSource(`/order/status/${encodeURIComponent(orderId)}/events`);
    source.onopen = () => setConnection("open");
    // CONNECTING: the browser is trying again by itself; CLOSED: the server refused (signed out, not found).
    source.onerror = () =>
      setConnection(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    source.onmessage = (e: MessageEvent<string>) => {
      let message: unknown = null;
      try {
        message = JSON.parse(e.data);
      } catch {}
      dispatch({ type: "message", message });
    };
    return () => source.close();
  }, [orderId]);

  if (live.state === "error") return <TrackingError />;
  const { order } = live;
  return (
    <div className="page page--narrow tracking" data-connection={connection}>
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/tracking">Your active orders</Link>
        </p>
        <h1 className="page-head__title">Order #{order.order_number}</h1>
        {live.state === "failed" ? null : (
          <p className="page-head__lead tracking__status" data-status={order.order_status} aria-live="polite">
            {orderStatusText(order)}
          </p>
        )}
        {order.order_status === 3 && !order.shipping && !order.tip ? (
          <p>
            <Link
              className="button button--primary"
              to={`/tip/${order._id}`}
              onClick={() => dispatch({ type: "tipStarted" })}
              aria-disabled={live.state === "live" && live.tipStarted ? true : undefined}
            >
              {live.state === "live" && live.tipStarted ? "Opening…" : "Tip and rate your delivery"}
            </Link>
          </p>
        ) : null}
      </header>
      {connection === "reconnecting" ? (
        <p className="form-message form-message--info" role="status">
          Reconnecting… the latest updates will follow.
        </p>
      ) : connection === "closed" ? (
        <p className="form-message form-message--info" role="status">
          Live updates stopped. <a href={`/tracking/${order._id}`}>Reload</a> to see the latest.
        </p>
      ) : null}
      {live.state !== "failed" &&
      (order.substitution_status === "Proposed" || order.substitution_status === "Viewing") ? (
        <section className="checkout__section tracking__substitutions" role="status">
          <h2 className="checkout__heading">Some items are out of stock</h2>
          <p>{order.store.name} needs your OK on substitutions before it sends your order.</p>
          <Link className="button button--primary" to={`/substitution/${order._id}`}>
            Review substitutions
          </Link>
        </section>
      ) : null}
      {live.state === "failed" ? (
        <FailedOrder order={order} failure={live.failure} />
      ) : (
        <>
          <section className="checkout__section tracking__live">
            <dl className="tracking__facts">
              {order.active && order.eta ? (
                <div>
                  <dt>Arriving</dt>
                  <dd className="tracking__eta">{order.eta}</dd>
                </div>
              ) : null}
              {order.driver ? (
                <div>
                  <dt>Your driver</dt>
                  <dd className="tracking__driver">
                    {order.driver.name}
                    {order.driver.phone ? (
                      <>
                        {" · "}
                        <a href={`tel:${order.driver.phone}`}>{order.driver.phone}</a>
                      </>
                    ) : null}
                  </dd>
                </div>
              ) : null}
              {order.tracking_state ? (
                <div>
                  <dt>Now</dt>
                  <dd className="tracking__state">{order.tracking_state}</dd>
                </div>
              ) : null}
              <div>
                <dt>From</dt>
                <dd>{order.store.name}</dd>
              </div>
            </dl>
          </section>
          {order.active ? <PushOptIn /> : null}
          <OrderSummary order={order} />
        </>
      )}
    </div>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const a = order.delivery_address_detail;
  return (
    <section className="checkout__section">
      <h2 className="checkout__heading">{order.shipping ? "Shipping to" : "Delivering to"}</h2>
      <p>
        {a.address}
        {a.unit ? `, ${a.unit}` : ""}
      </p>
      <ul className="checkout__items">
        {order.products.map((p) => (
          <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
            <span>
              {p.qty} × {p.title}
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/orders/${order._id}`}>Order details and receipt</Link>
      </p>
    </section>
  );
}

function FailedOrder({ order, failure }: { order: Order; failure: NonNullable<Order["failed_status"]> }) {
  return (
    <section className="checkout__section tracking__failed" role="alert">
      <h2 className="checkout__heading">
        {failure.state === "soft"
          ? "We couldn't deliver your order this time"
          : "Your order couldn't be delivered"}
      </h2>
      <p className="tracking__reason">{failure.reason}</p>
      <p>
        {failure.state === "soft"
          ? "The store will try again or get in touch with you."
          : failure.return_fee
            ? `What you were charged for it will be refunded to your payment method, less the store's ${formatCents(failure.return_fee, true)} return fee.`
            : "Anything you were charged for it will be refunded to your payment method."}
      </p>
      <p>
        <Link to={`/orders/${order._id}`}>Order details</Link> · <Link to="/contact-us">Contact us</Link>
      </p>
    </section>
  );
}

function TrackingError() {
  return (
    <div className="page page--narrow tracking">
      <header className="page-head">
        <h1 className="page-head__title">We couldn't load this order</h1>
        <p className="page-head__lead">It may not be one of yours, or something went wrong on our side.</p>
      </header>
      <p>
        <Link className="button button--primary" to="/orders">
          Your orders
        </Link>
      </p>
    </div>
  );
}

export default function TrackingOrder(props: Route.ComponentProps) {
  return (
    <FullScreenPage>
      <TrackingOrderBody {...props} />
    </FullScreenPage>
  );
}
