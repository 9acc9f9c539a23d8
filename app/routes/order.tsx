import { data, Link, redirect } from "react-router";
import { dateWords } from "../../domain/gifts/claim.ts";
import { formatCents } from "../../domain/money.ts";
import type { Order } from "../../domain/orders/types.ts";
import { orderStatusText } from "../features/checkout/order-status.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.order ? `Order #${d.order.order_number} | Nightcap` : "Order | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /orders/{id} (spec §2): status, line items, charge, delivery address. Another user's order is not found. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const res = await context.api<Order>(`/order/detail?id=${encodeURIComponent(params.id)}`);
  if (res.status === 401)
    throw redirect(`/login?returnTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  return { order: res.data, placed: new URL(request.url).searchParams.has("placed") };
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, placed } = loaderData;
  const a = order.delivery_address_detail;
  return (
    <div className="page page--narrow">
      {placed ? (
        <p className="form-message form-message--info" role="status">
          Thank you! Your order is placed. We've emailed you a confirmation.
        </p>
      ) : null}
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/orders">Your orders</Link>
        </p>
        <h1 className="page-head__title">Order #{order.order_number}</h1>
        <p className="page-head__lead" data-status={order.order_status}>
          {orderStatusText(order)}
          {order.eta && order.active ? ` · ${order.eta}` : ""}
        </p>
        {order.active ? (
          <p>
            <Link className="button button--primary" to={`/tracking/${order._id}`}>
              Track live
            </Link>
          </p>
        ) : null}
      </header>
      <section className="checkout__section">
        <h2 className="checkout__heading">{order.store.name}</h2>
        <ul className="checkout__items">
          {order.products.map((p) => (
            <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
              <span>
                {p.qty} × {p.title}
                {p.engraving
                  ? ` (engraved: ${[p.engraving.line_1, p.engraving.line_2, p.engraving.line_3].filter(Boolean).join(" / ")})`
                  : ""}
              </span>
              <span>{formatCents(p.subtotal, true)}</span>
            </li>
          ))}
        </ul>
        <dl className="checkout__totals">
          {order.line_items.map((l) => (
            <div key={l.title} className={`checkout__total checkout__total--${l.format.toLowerCase()}`}>
              <dt>{l.title}</dt>
              <dd>{l.display}</dd>
            </div>
          ))}
        </dl>
        <p>
          Paid with{" "}
          {order.charge.method === "none"
            ? "store credit"
            : order.charge.brand
              ? `${order.charge.brand.toUpperCase()} ending ${order.charge.last4}`
              : order.charge.method}
        </p>
      </section>
      <section className="checkout__section">
        <h2 className="checkout__heading">
          {order.gift_info
            ? `A gift for ${order.gift_info.recipient}`
            : order.shipping
              ? "Shipping to"
              : "Delivering to"}
        </h2>
        <p>
          {a.address}
          {a.unit ? `, ${a.unit}` : ""} ({a.type})
        </p>
        {order.delivery_notes ? <p>Notes: {order.delivery_notes}</p> : null}
        {order.gift_info && order.scheduled && "byRecipient" in order.scheduled && order.active ? (
          <p>
            The recipient can claim it until {new Date(order.gift_info.expires).toLocaleDateString("en-US")}.
          </p>
        ) : order.gift_info && order.scheduled && "label" in order.scheduled ? (
          <p>
            Arriving {dateWords(order.scheduled.date)}, {order.scheduled.label}.
          </p>
        ) : null}
      </section>
    </div>
  );
}
