import { Link } from "react-router";
import { confirmationHeading, deliveryTimeText, placedNotice } from "#domain/checkout/confirmation.ts";
import type { CheckoutConfirmation } from "#domain/checkout/types.ts";
import { formatCents } from "#domain/money.ts";
import { BillLines } from "./bill-lines.tsx";
import { orderStatusText } from "./order-status.ts";

/**
 * The confirmation of a checkout that placed several orders (a split cart: one per store, one payment): every
 * order with its store, items, time and total, then the sum paid and where it all goes.
 */
export function CheckoutConfirmationView({ confirmation }: { confirmation: CheckoutConfirmation }) {
  const { orders } = confirmation;
  const a = orders[0].delivery_address_detail;
  const charge = confirmation.charge;
  return (
    <div className="page page--narrow confirmation">
      <p className="form-message form-message--info" role="status">
        {placedNotice(orders.length)}
      </p>
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/orders">Your orders</Link>
        </p>
        <h1 className="page-head__title">{confirmationHeading(orders.map((o) => o.order_number))}</h1>
        <p className="page-head__lead">
          Your cart came from {orders.length} stores, so each one prepares and brings its own order. You paid
          once for all of them.
        </p>
      </header>
      {orders.map((o) => (
        <section
          key={o._id}
          className="checkout__section confirmation__order"
          aria-labelledby={`confirmation-${o._id}`}
          data-order={o._id}
        >
          <h2 id={`confirmation-${o._id}`} className="checkout__heading">
            Order #{o.order_number} · {o.store.name}
          </h2>
          <p className="confirmation__when">
            <span data-status={o.order_status}>{orderStatusText(o)}</span> · {deliveryTimeText(o)}
          </p>
          <ul className="checkout__items">
            {o.products.map((p) => (
              <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
                <span>
                  {p.qty} × {p.title}
                </span>
                <span>{formatCents(p.subtotal, true)}</span>
              </li>
            ))}
          </ul>
          <BillLines lineItems={o.line_items} taxes={o.taxes} />
          <p className="confirmation__links">
            <Link to={`/orders/${o._id}`}>Order details</Link>
            {o.active ? <Link to={`/tracking/${o._id}`}>Track live</Link> : null}
          </p>
        </section>
      ))}
      <section className="checkout__section" aria-labelledby="confirmation-paid">
        <h2 id="confirmation-paid" className="visually-hidden">
          Payment
        </h2>
        <dl className="checkout__totals">
          <div className="checkout__total checkout__total--total confirmation__paid">
            <dt>Total paid</dt>
            <dd>{formatCents(confirmation.total, true)}</dd>
          </div>
        </dl>
        <p>
          {charge.method === "none"
            ? "Paid with store credit"
            : `Paid with ${charge.brand ? `${charge.brand.toUpperCase()} ending ${charge.last4}` : charge.method}`}
          , one payment for {orders.length === 2 ? "both" : `all ${orders.length}`} orders.
        </p>
      </section>
      <section className="checkout__section" aria-labelledby="confirmation-address">
        <h2 id="confirmation-address" className="checkout__heading">
          {orders[0].gift_info ? `A gift for ${orders[0].gift_info.recipient}` : "Delivering to"}
        </h2>
        <p>
          {a.address}
          {a.unit ? `, ${a.unit}` : ""} ({a.type})
        </p>
      </section>
    </div>
  );
}
